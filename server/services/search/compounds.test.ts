import { describe, expect, it } from 'vitest'
import { compoundParts, headNouns, splitCompound } from './compounds'

/** A slice of the seeded catalogue's words per language (names, materials, categories). */
const VOCABULARY = {
  fi: [
    'villa',
    'neule',
    'villaneule',
    'kashmirneule',
    'kashmir',
    'neuletakki',
    'villaneuletakki',
    'takki',
    'juhlamekko',
    'maksimekko',
    'paitamekko',
    'rantamekko',
    'satiini',
    'satiinimekko',
    'nahka',
    'nahkasaappaat',
    'musta',
    'luonnonvalkoinen',
    'valkoinen',
  ],
  sv: [
    'ull',
    'ulltröja',
    'tröja',
    'bomull',
    'bomullsklänning',
    'festklänning',
    'maxiklänning',
    'aftonklänning',
    'läder',
    'läderstövlar',
    'siden',
    'sidenblus',
  ],
  nb: [
    'ull',
    'ullgenser',
    'genser',
    'hettegenser',
    'skinn',
    'skinnstøvler',
    'ruskinn',
    'ruskinnsjakke',
    'skinnjakke',
    'denimjakke',
    'treningsjakke',
    'festkjole',
    'maksikjole',
    'aftenkjole',
    'strandkjole',
  ],
  da: [
    'uld',
    'uldsweater',
    'sweater',
    'læder',
    'læderstøvler',
    'bomuld',
    'bomuldskjole',
    'festkjole',
    'maxikjole',
    'aftenkjole',
    'hørbukser',
    'hør',
  ],
}

function splitter(words: readonly string[]) {
  const known = new Set(words)
  const heads = headNouns(words)
  return (word: string) => splitCompound(word, (part) => known.has(part), heads)
}

describe('compound splitting on the catalogue’s own words', () => {
  it('splits Finnish compounds at a known first part: villaneule, nahkasaappaat', () => {
    const split = splitter(VOCABULARY.fi)
    expect(split('villaneule')).toEqual(['villa', 'neule'])
    expect(split('nahkasaappaat')).toEqual(['nahka', 'saappaat'])
    expect(split('satiinimekko')).toEqual(['satiini', 'mekko'])
  })

  it('finds a recurring head noun when the first part is not a word of its own: juhlamekko', () => {
    expect(splitter(VOCABULARY.fi)('juhlamekko')).toEqual(['juhla', 'mekko'])
    expect(splitter(VOCABULARY.sv)('festklänning')).toEqual(['fest', 'klänning'])
    expect(splitter(VOCABULARY.nb)('strandkjole')).toEqual(['strand', 'kjole'])
  })

  it('drops the linking s of Swedish, Norwegian and Danish compounds', () => {
    expect(splitter(VOCABULARY.sv)('bomullsklänning')).toEqual(['bomull', 'klänning'])
    expect(splitter(VOCABULARY.nb)('ruskinnsjakke')).toEqual(['ruskinn', 'jakke'])
    expect(splitter(VOCABULARY.da)('bomuldskjole')).toEqual(['bomuld', 'kjole'])
  })

  it('splits Swedish, Norwegian and Danish material compounds', () => {
    expect(splitter(VOCABULARY.sv)('ulltröja')).toEqual(['ull', 'tröja'])
    expect(splitter(VOCABULARY.sv)('läderstövlar')).toEqual(['läder', 'stövlar'])
    expect(splitter(VOCABULARY.nb)('ullgenser')).toEqual(['ull', 'genser'])
    expect(splitter(VOCABULARY.da)('uldsweater')).toEqual(['uld', 'sweater'])
    expect(splitter(VOCABULARY.da)('hørbukser')).toEqual(['hør', 'bukser'])
  })

  it('keeps a head noun whole and splits its plural off the whole noun: klänning, vardagsklänningar', () => {
    const sv = [
      ...VOCABULARY.sv,
      'klänningar',
      'vardagsklänningar',
      'festklänningar',
      'maxiklänningar',
      'viskosklänning',
    ]
    expect(splitter(sv)('klänning')).toBeNull()
    expect(splitter(sv)('vardagsklänningar')).toEqual(['vardags', 'klänningar'])
    expect(splitter(sv)('viskosklänning')).toEqual(['viskos', 'klänning'])
  })

  it('leaves plain words whole', () => {
    expect(splitter(VOCABULARY.fi)('valkoinen')).toBeNull()
    expect(splitter(VOCABULARY.fi)('musta')).toBeNull()
    expect(splitter(VOCABULARY.sv)('tröja')).toBeNull()
    expect(splitter(VOCABULARY.nb)('genser')).toBeNull()
  })

  it('splits a compound of three parts head last: villaneuletakki', () => {
    const known = new Set(VOCABULARY.fi)
    expect(compoundParts('villaneuletakki', (part) => known.has(part), headNouns(VOCABULARY.fi))).toEqual([
      'villa',
      'neule',
      'takki',
    ])
  })
})
