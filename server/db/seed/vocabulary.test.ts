import { describe, expect, it } from 'vitest'
import { discountedPrice, gtinFor, regularPrices } from './catalogue'
import { Random } from './random'
import {
  COLOURS,
  GARMENTS,
  MATERIALS,
  compound,
  productName,
  slugify,
  type Colour,
  type Material,
} from './vocabulary'

function colour(key: string): Colour {
  const found = COLOURS.find((candidate) => candidate.key === key)
  if (!found) throw new Error(key)
  return found
}
function material(key: string): Material {
  const found = MATERIALS.find((candidate) => candidate.key === key)
  if (!found) throw new Error(key)
  return found
}
function noun(garment: string, language: 'fi' | 'sv' | 'nb' | 'da') {
  const found = GARMENTS.find((candidate) => candidate.key === garment)
  if (!found) throw new Error(garment)
  return found.noun[language]
}

describe('product names', () => {
  it('compose colour + material + garment in each language', () => {
    const black = colour('black')
    const satin = material('satin')
    expect(productName('fi', black, satin, noun('dress', 'fi'))).toBe('Musta satiinimekko')
    expect(productName('sv', black, satin, noun('dress', 'sv'))).toBe('Svart satinklänning')
    expect(productName('nb', black, satin, noun('dress', 'nb'))).toBe('Svart satengkjole')
    expect(productName('da', black, satin, noun('dress', 'da'))).toBe('Sort satinkjole')
  })

  it('make the colour agree with plural and neuter nouns', () => {
    const leather = material('leather')
    expect(productName('fi', colour('black'), leather, noun('boots', 'fi'))).toBe('Mustat nahkasaappaat')
    expect(productName('sv', colour('black'), leather, noun('boots', 'sv'))).toBe('Svarta läderstövlar')
    expect(productName('nb', colour('white'), null, noun('skirt', 'nb'))).toBe('Hvitt skjørt')
    expect(productName('da', colour('red'), material('wool'), noun('scarf', 'da'))).toBe('Rødt uldtørklæde')
  })

  it('hyphenate where the languages do', () => {
    expect(compound('fi', 'nahka', 'avokkaat')).toBe('nahka-avokkaat')
    expect(compound('fi', 'villa', 'neule')).toBe('villaneule')
    expect(compound('sv', 'spets', 'bh')).toBe('spets-bh')
    expect(compound('nb', 'blonde', 'BH')).toBe('blonde-BH')
  })

  it('slugify to url-safe ASCII', () => {
    expect(slugify('Svart satinklänning Blåbär Studio')).toBe('svart-satinklanning-blabar-studio')
    expect(slugify('Sort lædersneakers Ørum Copenhagen')).toBe('sort-laedersneakers-orum-copenhagen')
    expect(slugify('Salt & Sand')).toBe('salt-sand')
  })
})

describe('prices', () => {
  it('end in 9 (kronor) and keep euro cents', () => {
    expect(regularPrices(59.95)).toEqual({ fi: 5995, se: 64900, no: 69900, dk: 44900 })
  })

  it('discount below the regular price, euro prices ending in ,95', () => {
    expect(discountedPrice('fi', 5995, 30)).toBe(4195)
    expect(discountedPrice('se', 64900, 30)).toBe(44900)
    for (const market of ['fi', 'se', 'no', 'dk'] as const) {
      for (const regular of [1495, 2900, 19900, 399900]) {
        expect(discountedPrice(market, regular, 20)).toBeLessThan(regular)
      }
    }
  })

  it('give skus valid EAN-13 codes', () => {
    const gtin = gtinFor(102)
    expect(gtin).toMatch(/^640\d{10}$/)
    const digits = [...gtin].map(Number)
    const sum = digits
      .slice(0, 12)
      .reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0)
    expect((10 - (sum % 10)) % 10).toBe(digits[12])
  })
})

describe('Random', () => {
  it('repeats a stream for the same key and differs for another', () => {
    const a = Random.for(1, 'product', 17)
    const b = Random.for(1, 'product', 17)
    const c = Random.for(1, 'product', 18)
    const draw = (random: Random) => Array.from({ length: 5 }, () => random.int(0, 1_000_000))
    const first = draw(a)
    expect(draw(b)).toEqual(first)
    expect(draw(c)).not.toEqual(first)
    expect(Random.for(1, 'x').uuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})
