import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  allowedSize,
  IMAGE_QUALITY,
  IMAGE_WIDTHS,
  isAllowedSize,
  MAX_BOX_HEIGHT,
  MAX_DIMENSION,
  MIN_DIMENSION,
  nearestWidth,
  sizeFolderName,
  SRCSET_WIDTHS,
  type ImageSize,
} from './image-sizes'

describe('the sizes the shop uses', () => {
  it('are the srcset widths and the fixed slots, and one quality per format', () => {
    expect(IMAGE_WIDTHS).toEqual([80, 96, 320, 400, 640, 768, 1024, 1280, 1536])
    for (const width of SRCSET_WIDTHS) expect(IMAGE_WIDTHS).toContain(width)
    expect(MAX_BOX_HEIGHT).toBe(1920)
    expect(IMAGE_QUALITY).toEqual({ avif: 50, webp: 80, jpeg: 80 })
  })

  it('snaps a width to the nearest allowed one, the wider one halfway', () => {
    expect(nearestWidth(3999)).toBe(1536)
    expect(nearestWidth(402)).toBe(400)
    expect(nearestWidth(16)).toBe(80)
    expect(nearestWidth(360)).toBe(400)
    expect(nearestWidth(1152)).toBe(1280)
  })
})

describe('allowedSize', () => {
  const folder = (size: ImageSize) => sizeFolderName(allowedSize(size))

  it('keeps 4:5 boxes exactly 4:5 at the nearest allowed width', () => {
    expect(folder({ fit: 'cover', width: 1000, height: 1250 })).toBe('1024f1280')
    expect(folder({ fit: 'contain', width: 800, height: 1000 })).toBe('768x960')
    expect(folder({ fit: 'cover', width: 333, height: 417 })).toBe('320f400')
    expect(folder({ fit: 'cover', width: 3999, height: 4000 })).toBe('1536f1536')
  })

  it('keeps the ratio of other boxes, narrower when it would be taller than the largest picture', () => {
    expect(folder({ fit: 'cover', width: 300, height: 300 })).toBe('320f320')
    expect(folder({ fit: 'contain', width: 500, height: 500 })).toBe('400x400')
    expect(folder({ fit: 'cover', width: 1600, height: 3200 })).toBe('768f1536')
    expect(folder({ fit: 'cover', width: 16, height: 4000 })).toBe('80f1920')
    expect(folder({ fit: 'cover', width: 4000, height: 16 })).toBe('1536f16')
  })

  it('answers an allowed size with itself, so a redirect to it is final', () => {
    const dimension = fc.integer({ min: MIN_DIMENSION, max: MAX_DIMENSION })
    const size = fc.oneof(
      dimension.map((width): ImageSize => ({ fit: 'width', width })),
      fc
        .tuple(fc.constantFrom('cover' as const, 'contain' as const), dimension, dimension)
        .map(([fit, width, height]): ImageSize => ({ fit, width, height })),
    )
    fc.assert(
      fc.property(size, (asked) => {
        const allowed = allowedSize(asked)
        expect(isAllowedSize(allowed)).toBe(true)
        expect(IMAGE_WIDTHS).toContain(allowed.width)
        if (allowed.fit !== 'width') expect(allowed.height).toBeLessThanOrEqual(MAX_BOX_HEIGHT)
      }),
      { numRuns: 2000 },
    )
  })
})
