/** The absolute links and the language of the loyalty mails (the membership page of the member's market). */
import type { Config } from '../../config'
import {
  LOCALES,
  MARKETS,
  isLocaleAllowed,
  isLocaleCode,
  type LocaleCode,
  type MarketAlias,
} from '../../../src/shared/markets'
import { canonicalUrl, pathFor } from '../../../src/shared/paths'

export type UrlConfig = Pick<Config, 'urlMode' | 'marketDomains' | 'publicUrl'>

/** The language a member reads: the one they last ordered in when the market has it, else the market's. */
export function mailLanguage(
  market: MarketAlias,
  language: string | null,
): { code: LocaleCode; iso: string } {
  const code =
    isLocaleCode(language) && isLocaleAllowed(market, language) ? language : MARKETS[market].defaultLocale
  return { code, iso: LOCALES[code].iso }
}

export function membershipUrl(config: UrlConfig, market: MarketAlias, locale: LocaleCode): string {
  const settings = { mode: config.urlMode, marketDomains: config.marketDomains }
  const place = { market, locale }
  const pathname = pathFor({ ...place, settings }, 'account-membership')
  return canonicalUrl({ ...place, pathname, settings, publicUrl: config.publicUrl })
}
