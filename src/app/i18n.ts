/**
 * Messages for react-intl. Each language is its own JSON file in `locales/` with the same keys;
 * the dynamic imports below make each language a separate chunk in the browser bundle, so a page
 * only ever downloads the language it shows.
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

interface MessagesModule {
  default: CompiledMessages | string
  url?: string | null
}

const compiledLoaders: Record<LocaleCode, () => Promise<MessagesModule>> = {
  fi: () => import('virtual:lumo-messages/fi'),
  sv: () => import('virtual:lumo-messages/sv'),
  nb: () => import('virtual:lumo-messages/nb'),
  da: () => import('virtual:lumo-messages/da'),
}

const compiled = new Map<LocaleCode, Promise<CompiledMessages>>()

async function fetchMessages(url: string): Promise<CompiledMessages> {
  const response = await fetch(url)
  if (!response.ok) throw new Error(`Could not load the messages (${response.status} ${url})`)
  return (await response.json()) as CompiledMessages
}

/**
 * The messages of one language as ICU syntax trees, compiled by the build
 * (scripts/vite/compiled-messages.ts). Handing react-intl trees instead of strings lets the
 * browser bundle leave out the ICU parser (vite.config.ts swaps it for its `no-parser` build) and
 * skip parsing on hydration. In the browser they are a hashed JSON asset that the page preloads
 * and the client entry fetches before hydrating, so pages do not carry messages inline.
 */
export function loadCompiledMessages(locale: LocaleCode): Promise<CompiledMessages> {
  let messages = compiled.get(locale)
  if (!messages) {
    messages = compiledLoaders[locale]().then(({ default: trees }) =>
      typeof trees === 'string' ? fetchMessages(trees) : trees,
    )
    // A failed load must not be cached: the next attempt (e.g. after reconnecting) retries.
    messages.catch(() => compiled.delete(locale))
    compiled.set(locale, messages)
  }
  return messages
}

/** Server: the URL of a language's messages asset in the client build (null in development). */
export async function messagesAssetUrl(locale: LocaleCode): Promise<string | null> {
  return (await compiledLoaders[locale]()).url ?? null
}

/** The id of a language's messages module (the build manifest's key for its small chunk). */
export const messagesModuleId = (locale: LocaleCode) => `virtual:lumo-messages/${locale}`

/**
 * Shop promise figures of docs/product-rules.md#shop-and-shoppers that are copy, not data. The free-shipping threshold is
 * data: it comes from the shipping options through the API (the channel's markets, see
 * freeShippingAmount).
 */
export const SHOP_PROMISES = {
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
    : formatMoney(fromDecimal(threshold, currency), currency, intl.locale, { trimWholeAmounts: true })
}

/** The `lang` attribute of a locale: its ISO language part (`fi`, `sv`, `nb`, `da`). */
export function htmlLang(locale: LocaleCode): string {
  return LOCALES[locale].iso.split('-')[0] ?? locale
}
