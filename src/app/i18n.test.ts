import { describe, expect, it } from 'vitest'
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from 'react-intl'
import { LOCALE_CODES, LOCALES, type LocaleCode } from '../shared/markets'
import { freeShippingAmount, htmlLang, loadCompiledMessages, loadMessages, type Messages } from './i18n'
import fi from '../../locales/fi.json'
import sv from '../../locales/sv.json'
import nb from '../../locales/nb.json'
import da from '../../locales/da.json'

const ALL: Record<LocaleCode, Messages> = { fi, sv, nb, da }

/** The names of the arguments a message uses, e.g. {amount} or {count, plural, …}. */
function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    into.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentNames(option.value, into)
    }
    if (element.type === TYPE.tag) argumentNames(element.children, into)
  }
  return into
}

describe('locale files', () => {
  const finnishKeys = Object.keys(fi).sort()

  it.each(LOCALE_CODES.filter((code) => code !== 'fi'))('%s has exactly the keys of fi', (code) => {
    expect(Object.keys(ALL[code]).sort()).toEqual(finnishKeys)
  })

  it.each(LOCALE_CODES)('every %s message is a non-empty ICU message that parses', (code) => {
    for (const [key, message] of Object.entries(ALL[code])) {
      expect(message.trim(), `${code} ${key}`).not.toBe('')
      expect(() => parse(message), `${code} ${key}`).not.toThrow()
    }
  })

  it.each(LOCALE_CODES.filter((code) => code !== 'fi'))(
    '%s messages take the same arguments as fi',
    (code) => {
      for (const key of finnishKeys) {
        const expected = [...argumentNames(parse(fi[key as keyof typeof fi]))].sort()
        const actual = [...argumentNames(parse(ALL[code][key] ?? ''))].sort()
        expect(actual, `${code} ${key}`).toEqual(expected)
      }
    },
  )

  it('keeps the spec’s Finnish texts verbatim', () => {
    expect(fi['error.notFound.title']).toBe('Sivua ei löydy')
    expect(fi['error.generic.title']).toBe('Hups, jotain taisi mennä pieleen')
    expect(fi['error.generic.text']).toBe(
      'Valitettavasti jotain meni pieleen. Yritä uudelleen ja ota yhteyttä asiakaspalveluun, jos ongelma jatkuu.',
    )
    expect(fi['validation.email']).toBe('Sinun on annettava validi sähköpostiosoite')
    expect(fi['validation.required']).toBe('Tämä kenttä on täytettävä')
    expect(fi['validation.mandatory']).toBe('Tämä kenttä on pakollinen')
    expect(fi['validation.password.empty']).toBe('Sinun on syötettävä salasana')
    expect(fi['validation.password.mismatch']).toBe('Salasanat eivät täsmää')
    expect(fi['validation.personalId']).toBe('Sinun on syötettävä voimassa oleva sosiaaliturvatunnus')
    expect(fi['validation.checkout.allFields']).toBe('Varmista, että kaikki kentät on täytetty oikein')
    expect(fi['validation.size']).toBe('Sinun on ensin valittava koko')
    expect(fi['validation.review.rating']).toBe('Käytä tähtiä tuotteen arvioimiseen')
    expect(fi['auth.login.invalid']).toBe('Virheellinen sähköpostiosoite tai salasana')
    expect(fi['auth.register.exists']).toBe('Tällä sähköpostiosoitteella on jo tili.')
  })

  it('translates rather than copies the Finnish texts', () => {
    for (const code of ['sv', 'nb', 'da'] as const) {
      expect(ALL[code]['error.notFound.title']).not.toBe(fi['error.notFound.title'])
      expect(ALL[code]['error.generic.text']).not.toBe(fi['error.generic.text'])
    }
  })
})

describe('loadMessages', () => {
  it.each(LOCALE_CODES)('loads the %s file and reuses it', async (code) => {
    const messages = await loadMessages(code)
    expect(messages).toEqual(ALL[code])
    expect(await loadMessages(code)).toBe(messages)
  })
})

/** A value for every argument a message takes, of the kind its format needs. */
function sampleValues(
  elements: MessageFormatElement[],
  into: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if (element.type === TYPE.number || element.type === TYPE.plural) into[element.value] = 3
    else if (element.type === TYPE.date || element.type === TYPE.time) into[element.value] = new Date(0)
    else if (element.type === TYPE.select) into[element.value] = 'other'
    else if (element.type === TYPE.tag) into[element.value] = (chunks: unknown) => chunks
    else into[element.value] = `<${element.value}>`
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) sampleValues(option.value, into)
    }
    if (element.type === TYPE.tag) sampleValues(element.children, into)
  }
  return into
}

describe('loadCompiledMessages', () => {
  it.each(LOCALE_CODES)('formats every %s message exactly as its source text does', async (code) => {
    const compiled = await loadCompiledMessages(code)
    expect(Object.keys(compiled).sort()).toEqual(Object.keys(ALL[code]).sort())
    const fromText = createIntl({ locale: LOCALES[code].iso, messages: ALL[code] })
    const fromTree = createIntl({ locale: LOCALES[code].iso, messages: compiled })
    for (const [id, text] of Object.entries(ALL[code])) {
      const values = sampleValues(parse(text)) as Record<string, string | number | Date>
      expect(fromTree.formatMessage({ id }, values), `${code} ${id}`).toBe(
        fromText.formatMessage({ id }, values),
      )
    }
    expect(await loadCompiledMessages(code)).toBe(compiled)
  })
})

describe('formatting helpers', () => {
  const intlFor = (code: LocaleCode) => createIntl({ locale: LOCALES[code].iso, messages: ALL[code] })

  it('formats the API’s free-shipping threshold as a promise, whole amounts without decimals', () => {
    expect(freeShippingAmount(intlFor('fi'), 69, 'EUR')).toBe('69\u00a0€')
    expect(freeShippingAmount(intlFor('fi'), 2.5, 'EUR')).toBe('2,50\u00a0€')
    expect(freeShippingAmount(intlFor('sv'), 790, 'SEK')).toBe('790\u00a0kr')
    expect(freeShippingAmount(intlFor('da'), 520, 'DKK')).toMatch(/520/)
  })

  it('shows a dash, not a guess, when the API gave no threshold', () => {
    expect(freeShippingAmount(intlFor('fi'), null, 'EUR')).toBe('–')
  })

  it('uses the language part of the locale for <html lang>', () => {
    expect(LOCALE_CODES.map(htmlLang)).toEqual(['fi', 'sv', 'nb', 'da'])
  })
})
