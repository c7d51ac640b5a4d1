import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  heightForAspect,
  IMAGE_BASE,
  imageSizes,
  imageUrl,
  PRODUCT_ASPECT,
  sizeFolder,
  srcSet,
  SRCSET_WIDTHS,
} from './images'

describe('imageUrl', () => {
  it('builds the contracts URL for each folder shape', () => {
    expect(imageUrl('/img', { type: 'product', fileName: 'mekko-1.svg', width: 768 })).toBe(
      '/img/product/768w/mekko-1.svg',
    )
    expect(imageUrl('/img', { type: 'product', fileName: 'mekko-1.svg', width: 1024, height: 1280 })).toBe(
      '/img/product/1024f1280/mekko-1.svg',
    )
    expect(
      imageUrl('https://cdn.example/img/', {
        type: 'cms',
        fileName: 'hero.svg',
        width: 768,
        height: 960,
        fit: 'contain',
      }),
    ).toBe('https://cdn.example/img/cms/768x960/hero.svg')
  })

  it('asks only for the sizes the image service renders (src/shared/image-sizes.ts)', () => {
    expect(sizeFolder({ width: 800 })).toBe('768w')
    expect(sizeFolder({ width: 1000, height: 1250 })).toBe('1024f1280')
    expect(sizeFolder({ width: 300, height: 300, fit: 'contain' })).toBe('320x320')
    expect(sizeFolder({ width: 3999 })).toBe('1536w')
    for (const width of [80, 96, 320, 400, 640, 1280, 1536]) {
      expect(sizeFolder({ width, height: heightForAspect(width, PRODUCT_ASPECT) })).toBe(
        `${width}f${heightForAspect(width, PRODUCT_ASPECT)}`,
      )
    }
  })

  it('encodes the file name so any name stays one path segment', () => {
    expect(imageUrl(IMAGE_BASE, { type: 'product', fileName: 'kevät mekko/1?.svg', width: 320 })).toBe(
      '/img/product/320w/kev%C3%A4t%20mekko%2F1%3F.svg',
    )
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (fileName) => {
        const url = imageUrl(IMAGE_BASE, { type: 'product', fileName, width: 320 })
        const segments = url.split('/')
        expect(segments).toHaveLength(5)
        expect(decodeURIComponent(segments[4] ?? '')).toBe(fileName)
      }),
    )
  })

  it('rounds fractional sizes to whole pixels', () => {
    expect(sizeFolder({ width: 399.6, height: 500.4 })).toBe('400f500')
  })
})

describe('srcSet', () => {
  it('offers every spec screen width once, smallest first', () => {
    expect(SRCSET_WIDTHS).toEqual([320, 640, 768, 1024, 1280, 1536])
  })

  it('crops product candidates to 4:5', () => {
    expect(
      srcSet('/img', { type: 'product', fileName: 'a.svg', aspect: PRODUCT_ASPECT, widths: [320, 768] }),
    ).toBe('/img/product/320f400/a.svg 320w, /img/product/768f960/a.svg 768w')
    expect(heightForAspect(1536, PRODUCT_ASPECT)).toBe(1920)
  })

  it('uses width-only folders without an aspect', () => {
    const candidates = srcSet('/img', { type: 'cms', fileName: 'b.svg' }).split(', ')
    expect(candidates).toHaveLength(6)
    expect(candidates[0]).toBe('/img/cms/320w/b.svg 320w')
    expect(candidates[5]).toBe('/img/cms/1536w/b.svg 1536w')
  })
})

describe('imageSizes', () => {
  it('lists the widest screen first and ends with the fallback', () => {
    expect(imageSizes({ md: '50vw', xl: '25vw', sm: '50vw' }, '100vw')).toBe(
      '(min-width: 1280px) 25vw, (min-width: 768px) 50vw, (min-width: 640px) 50vw, 100vw',
    )
  })

  it('keeps one rule for xxl and 2xl, which share a width', () => {
    expect(imageSizes({ xxl: '20vw', '2xl': '20vw' }, '100vw')).toBe('(min-width: 1536px) 20vw, 100vw')
  })

  it('is the fallback alone with no rules', () => {
    expect(imageSizes({}, '100vw')).toBe('100vw')
  })
})
