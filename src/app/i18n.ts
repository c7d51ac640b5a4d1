/**
 * Messages for react-intl. Each language is its own JSON file in `locales/` with the same keys;
 * the dynamic imports below make each language a separate chunk in the browser bundle, so a page
 * only ever downloads the language it shows (the server boot state carries the first one).
 */
import type { IntlShape } from 'react-intl'
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { LOCALES, type CurrencyCode, type LocaleCode } from '../shared/markets'
import { formatMoney, fromDecimal } from '../shared/money'

export type Messages = Record<string, string>
/** Messages parsed into ICU syntax trees: react-intl formats them without its parser. */
export type CompiledMessages = Record<string, MessageFormatElement[]>

const loaders: Record<LocaleCode, () => Promise<{ default: Messages }>> = {
  fi: () => import('../../locales/fi.json'),
  sv: () => import('../../locales/sv.json'),
  nb: () => import('../../locales/nb.json'),
  da: () => import('../../locales/da.json'),
}

const loaded = new Map<LocaleCode, Promise<Messages>>()

/** The messages of one language; loaded once per process or page and then shared. */
export function loadMessages(locale: LocaleCode): Promise<Messages> {
  let messages = loaded.get(locale)
  if (!messages) {
    messages = loaders[locale]().then((module) => module.default)
    // A failed chunk load must not be cached: the next attempt (e.g. after reconnecting) retries.
    messages.catch(() => loaded.delete(locale))
    loaded.set(locale, messages)
  }
  return messages
}

const compiled = new Map<LocaleCode, Promise<CompiledMessages>>()

/**
 * The messages of one language, parsed once (on the server). Handing react-intl syntax trees
 * instead of strings lets the browser bundle leave out the ICU parser (vite.config.ts swaps it for
 * its `no-parser` build) and skip parsing on hydration; the boot state grows by about 0.2 KB gzip.
 * The parser is imported on demand so importing this module does not pull it into a bundle.
 */
export function loadCompiledMessages(locale: LocaleCode): Promise<CompiledMessages> {
  let messages = compiled.get(locale)
  if (!messages) {
    messages = Promise.all([import('@formatjs/icu-messageformat-parser'), loadMessages(locale)]).then(
      ([{ parse }, source]) =>
        Object.fromEntries(Object.entries(source).map(([id, text]) => [id, parse(text)])),
    )
    messages.catch(() => compiled.delete(locale))
    compiled.set(locale, messages)
  }
  return messages
}

/**
 * Shop promise figures of spec §1 and §9 that are copy, not data. The free-shipping threshold is
 * data: it comes from the shipping options through the API (the channel's markets, see
 * freeShippingAmount).
 */
export const SHOP_PROMISES = {
  returnDays: 14,
  serviceHours: { from: 8, to: 17 },
  orderEmailHours: 24,
  newsletterDiscountPercent: 15,
  passwordMinLength: 7,
  lowestPriceDays: 30,
  bonusPerThousandPointsEur: 2.5,
} as const

/**
 * The free-shipping threshold the API gave for the page's market (a decimal), formatted as a shop
 * promise ("69 €"); a dash when the API could not tell.
 */
export function freeShippingAmount(
  intl: IntlShape,
  threshold: number | null,
  currency: CurrencyCode,
): string {
  return threshold === null
    ? '–'
    : formatMoney(fromDecimal(threshold), currency, intl.locale, { trimWholeAmounts: true })
}

/** The `lang` attribute of a locale: its ISO language part (`fi`, `sv`, `nb`, `da`). */
export function htmlLang(locale: LocaleCode): string {
  return LOCALES[locale].iso.split('-')[0] ?? locale
}
