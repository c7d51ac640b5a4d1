import { describe, expect, it } from 'vitest'
import {
  nearestAllowedVariant,
  negotiateFormat,
  parseImageRequest,
  parseSizeFolder,
  variantKey,
} from './params'

describe('parseSizeFolder', () => {
  it('reads the three folder shapes', () => {
    expect(parseSizeFolder('800w')).toEqual({ ok: true, value: { fit: 'width', width: 800 } })
    expect(parseSizeFolder('1000f1250')).toEqual({
      ok: true,
      value: { fit: 'cover', width: 1000, height: 1250 },
    })
    expect(parseSizeFolder('800x1000')).toEqual({
      ok: true,
      value: { fit: 'contain', width: 800, height: 1000 },
    })
  })

  it('accepts the limits and refuses one past them', () => {
    expect(parseSizeFolder('16w').ok).toBe(true)
    expect(parseSizeFolder('4000f4000').ok).toBe(true)
    expect(parseSizeFolder('15w')).toEqual({ ok: false, error: 'width must be at least 16' })
    expect(parseSizeFolder('4001w')).toEqual({ ok: false, error: 'width must be at most 4000' })
    expect(parseSizeFolder('800f15')).toEqual({ ok: false, error: 'height must be at least 16' })
    expect(parseSizeFolder('800x4001')).toEqual({ ok: false, error: 'height must be at most 4000' })
  })

  it.each(['', 'w', '800', '800h', '800W', '-800w', '8.5w', '800f', 'f1000', '800y1000', '999999999w'])(
    'refuses %j',
    (folder) => {
      const result = parseSizeFolder(folder)
      expect(result.ok).toBe(false)
    },
  )
})

describe('negotiateFormat', () => {
  it.each([
    [undefined, 'jpeg'],
    ['', 'jpeg'],
    ['*/*', 'jpeg'],
    ['image/webp,*/*', 'webp'],
    ['image/avif,image/webp,image/apng,*/*;q=0.8', 'avif'],
    ['IMAGE/AVIF', 'avif'],
    ['image/avif;q=0, image/webp;q=0.9', 'webp'],
    ['image/avif;q=0,image/webp;q=0', 'jpeg'],
  ] as const)('%j gives %s', (accept, format) => {
    expect(negotiateFormat(accept)).toBe(format)
  })
})

describe('parseImageRequest', () => {
  const params = { type: 'product', sizeFolder: '400f500', fileName: 'mekko-1.svg' }

  it('takes an explicit format and quality over Accept', () => {
    const result = parseImageRequest(params, { format: 'jpeg', q: '60' }, 'image/avif')
    expect(result).toEqual({
      ok: true,
      value: {
        type: 'product',
        fileName: 'mekko-1.svg',
        size: { fit: 'cover', width: 400, height: 500 },
        format: 'jpeg',
        quality: 60,
        negotiated: false,
      },
    })
  })

  it('negotiates the format and uses its default quality when none is given', () => {
    const result = parseImageRequest(params, {}, 'image/avif,image/webp')
    expect(result.ok && result.value).toMatchObject({ format: 'avif', quality: 50, negotiated: true })
    const webp = parseImageRequest(params, undefined, 'image/webp')
    expect(webp.ok && webp.value).toMatchObject({ format: 'webp', quality: 80, negotiated: true })
  })

  it.each([
    [{ ...params, type: 'video' }, {}, /^type must be one of product, cms/],
    [{ ...params, fileName: 'a\\b.svg' }, {}, /path separator/],
    [{ ...params, fileName: 'x'.repeat(201) }, {}, /at most 200/],
    [params, { format: 'png' }, /^format must be one of avif, webp, jpeg/],
    [params, { q: '0' }, /^q must be at least 1/],
    [params, { q: '101' }, /^q must be at most 100/],
    [params, { q: 'high' }, /^q must be/],
    [params, { width: '100' }, /^only the query parameters format and q are allowed/],
  ])('refuses %j %j', (path, query, message) => {
    const result = parseImageRequest(path, query, undefined)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error).toMatch(message)
  })

  it('names each variant differently in its key', () => {
    const key = (sizeFolder: string, query: Record<string, string>) => {
      const result = parseImageRequest({ ...params, sizeFolder }, query, undefined)
      if (!result.ok) throw new Error(result.error)
      return variantKey(result.value)
    }
    const keys = [
      key('400f500', { format: 'webp' }),
      key('400x500', { format: 'webp' }),
      key('400w', { format: 'webp' }),
      key('400f500', { format: 'jpeg' }),
      key('400f500', { format: 'webp', q: '79' }),
    ]
    expect(new Set(keys).size).toBe(keys.length)
    expect(key('400f500', { format: 'webp' })).toBe(key('400f500', { format: 'webp', q: '80' }))
  })
})

describe('nearestAllowedVariant (ADR 0072)', () => {
  const nearest = (sizeFolder: string, query: Record<string, string> = {}, accept?: string) => {
    const result = parseImageRequest({ type: 'product', sizeFolder, fileName: 'a.svg' }, query, accept)
    if (!result.ok) throw new Error(result.error)
    return nearestAllowedVariant(result.value)
  }

  it('leaves the sizes and qualities the shop uses alone', () => {
    for (const folder of [
      '320f400',
      '640f800',
      '1536f1920',
      '80f100',
      '400f500',
      '320w',
      '1024w',
      '768x960',
    ]) {
      expect(nearest(folder, { format: 'avif' }), folder).toBeUndefined()
    }
    expect(nearest('320f400', { format: 'webp', q: '80' })).toBeUndefined()
    expect(nearest('320f400', { format: 'avif', q: '50' })).toBeUndefined()
  })

  it('snaps any other width to the nearest allowed one, keeping the box 4:5', () => {
    expect(nearest('3999w', { format: 'avif' })).toBe('1536w')
    expect(nearest('402w', { format: 'webp' })).toBe('400w')
    expect(nearest('1000f1250')).toBe('1024f1280')
    expect(nearest('800x1000')).toBe('768x960')
    expect(nearest('3200f4000')).toBe('1536f1920')
  })

  it("asks for the format's one quality instead of any other", () => {
    expect(nearest('320f400', { format: 'avif', q: '90' })).toBe('320f400')
    expect(nearest('320f400', { q: '50' }, 'image/webp')).toBe('320f400')
    expect(nearest('320f400', { q: '50' }, 'image/avif')).toBeUndefined()
  })
})
