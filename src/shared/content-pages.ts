/**
 * The shop's own information pages (about, customer service, shipping, returns, terms), served
 * by the catch-all content route `/{alias}` and by `/content/{alias}`. Aliases are per language,
 * the same as the seed's content pages (server/db/seed/commerce.ts); their texts are messages in
 * locales/, with the shop's figures filled in. Any other alias is a 404.
 */
import type { LocaleCode } from './markets'

export interface ContentPageDefinition {
  key: string
  alias: Record<LocaleCode, string>
  /** message id of the page title (also the footer link) */
  title: string
  /** message ids of the paragraphs */
  paragraphs: readonly string[]
}

export const CONTENT_PAGES: readonly ContentPageDefinition[] = [
  {
    key: 'about',
    alias: { fi: 'tietoa-meista', sv: 'om-oss', nb: 'om-oss', da: 'om-os' },
    title: 'footer.about',
    paragraphs: ['content.about.p1', 'content.about.p2'],
  },
  {
    key: 'customer-service',
    alias: { fi: 'asiakaspalvelu', sv: 'kundservice', nb: 'kundeservice', da: 'kundeservice' },
    title: 'footer.customerService',
    paragraphs: ['content.customerService.p1', 'content.customerService.p2'],
  },
  {
    key: 'shipping',
    alias: { fi: 'toimitus', sv: 'leverans', nb: 'levering', da: 'levering' },
    title: 'footer.shipping',
    paragraphs: ['content.shipping.p1', 'content.shipping.p2'],
  },
  {
    key: 'returns',
    alias: { fi: 'palautukset', sv: 'returer', nb: 'retur', da: 'returnering' },
    title: 'footer.returns',
    paragraphs: ['content.returns.p1', 'content.returns.p2'],
  },
  {
    key: 'terms',
    alias: { fi: 'toimitusehdot', sv: 'kopvillkor', nb: 'kjopsvilkar', da: 'handelsbetingelser' },
    title: 'footer.terms',
    paragraphs: ['content.terms.p1', 'content.terms.p2'],
  },
]

export function contentPageByKey(key: string | undefined): ContentPageDefinition | undefined {
  return CONTENT_PAGES.find((page) => page.key === key)
}

/** The page an alias of any language stands for (the language switch keeps the alias it had). */
export function contentPageByAlias(alias: string | undefined): ContentPageDefinition | undefined {
  if (!alias) return undefined
  return CONTENT_PAGES.find((page) => Object.values(page.alias).includes(alias))
}
