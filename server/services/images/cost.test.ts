import { describe, expect, it } from 'vitest'
import { outputSize, renderCost } from './cost'

const PRODUCT_SOURCE = { width: 800, height: 1000 }

describe('renderCost', () => {
  it('counts the output pixels in WebP kilopixels, AVIF four times', () => {
    expect(
      renderCost({ size: { fit: 'cover', width: 320, height: 400 }, format: 'webp' }, PRODUCT_SOURCE),
    ).toBe(128)
    expect(
      renderCost({ size: { fit: 'cover', width: 320, height: 400 }, format: 'jpeg' }, PRODUCT_SOURCE),
    ).toBe(128)
    expect(
      renderCost({ size: { fit: 'cover', width: 1536, height: 1920 }, format: 'avif' }, PRODUCT_SOURCE),
    ).toBe(11_797)
  })

  it("prices the probe's 3999 px AVIF at 7 of the largest allowed pictures and over 150 card pictures", () => {
    const card = renderCost({ size: { fit: 'width', width: 320 }, format: 'avif' }, PRODUCT_SOURCE)
    const probe = renderCost({ size: { fit: 'width', width: 3999 }, format: 'avif' }, PRODUCT_SOURCE)
    const largestAllowed = renderCost({ size: { fit: 'width', width: 1536 }, format: 'avif' }, PRODUCT_SOURCE)
    expect(Math.round(probe / largestAllowed)).toBe(7)
    expect(probe).toBeGreaterThan(150 * card)
  })

  it('costs at least 1', () => {
    expect(renderCost({ size: { fit: 'width', width: 16 }, format: 'webp' }, PRODUCT_SOURCE)).toBe(1)
  })
})

describe('outputSize', () => {
  it('follows the source ratio for width-only folders and fits contain boxes inside', () => {
    expect(outputSize({ fit: 'width', width: 640 }, PRODUCT_SOURCE)).toEqual({ width: 640, height: 800 })
    expect(outputSize({ fit: 'contain', width: 500, height: 500 }, PRODUCT_SOURCE)).toEqual({
      width: 400,
      height: 500,
    })
    expect(outputSize({ fit: 'cover', width: 500, height: 500 }, PRODUCT_SOURCE)).toEqual({
      width: 500,
      height: 500,
    })
  })
})
