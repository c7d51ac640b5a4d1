import { describe, expect, it } from 'vitest'
import { catalogueForms, gradationVariants, withoutEndVowels, wordStarts } from './word-forms'

const words = (...list: string[]) => new Map(list.map((word, index) => [word, list.length - index]))

describe('word forms', () => {
  it('drops the final vowels a stem changes', () => {
    expect(withoutEndVowels('kenkä')).toBe('kenk')
    expect(withoutEndVowels('bukse')).toBe('buks')
    expect(withoutEndVowels('kjol')).toBe('kjol')
  })

  it('turns Finnish consonant gradation both ways, only after a vowel', () => {
    expect(gradationVariants('kenk')).toContain('keng')
    expect(gradationVariants('kenkä')).toContain('keng')
    expect(gradationVariants('kengä')).toEqual(['kenk'])
    expect(gradationVariants('paita')).toContain('paid')
    expect(gradationVariants('saapa')).toContain('saapp')
    expect(gradationVariants('takki')).toContain('tak')
    // a doubled typo is no grade of anything
    expect(gradationVariants('mekkk')).toEqual([])
  })

  it('gives the starts of the forms a word may take, three letters or more', () => {
    expect(wordStarts('kenk', [], 'fi')).toEqual(['kenk', 'keng'])
    expect(wordStarts('saapas', ['saapas'], 'fi')).toContain('saapp')
    expect(wordStarts('stövel', ['stövel'], 'sv')).toContain('stövl')
    expect(wordStarts('ka', [], 'fi')).toEqual([])
  })

  it('finds the catalogue words that are another form of the typed one', () => {
    const fi = words('kengät', 'kenguru', 'kengänpohjallinen', 'paidat', 'saappaat', 'mekot')
    expect(catalogueForms('kenk', [], 'fi', fi)).toEqual({ start: 'keng', words: ['kengät', 'kenguru'] })
    expect(catalogueForms('kenkä', ['kenk'], 'fi', fi)?.words).toContain('kengät')
    expect(catalogueForms('paita', ['pait'], 'fi', fi)?.words).toEqual(['paidat'])
    expect(catalogueForms('saapas', ['saapas'], 'fi', fi)?.words).toEqual(['saappaat'])
    // a word that is no form of a catalogue word has none (its typo is corrected instead)
    expect(catalogueForms('kengt', ['kengt'], 'fi', fi)).toBeNull()
    const sv = words('klänningar', 'klänning', 'stövlar', 'byxor')
    expect(catalogueForms('stövel', ['stövel'], 'sv', sv)?.words).toEqual(['stövlar'])
    expect(catalogueForms('byxa', ['byx'], 'sv', sv)?.words).toEqual(['byxor'])
    expect(catalogueForms('klänn', ['klänn'], 'sv', sv)?.words).toEqual(['klänningar', 'klänning'])
    const nb = words('bukser', 'kjoler', 'kjole')
    expect(catalogueForms('buks', ['buks'], 'nb', nb)?.words).toEqual(['bukser'])
    expect(catalogueForms('kjol', ['kjol'], 'nb', nb)?.words).toEqual(['kjoler', 'kjole'])
  })
})
