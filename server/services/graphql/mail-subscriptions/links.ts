/**
 * The links in back-in-stock and newsletter mails (docs/adr/0031-stock-mails.md): signed tokens,
 * so a link cannot be made for another address or turned into another action, and the absolute
 * URLs of the storefront pages and products they lead to.
 *
 * A token is `base64url(JSON claims).base64url(HMAC-SHA256)`. The key is derived from the
 * session secret (SESSION_SECRET or DATA_DIR), so no new secret has to be configured. Unsubscribe
 * links never expire (a mail read a year later must still unsubscribe); a confirm link expires
 * after CONFIRM_LINK_DAYS and carries the time its mail was requested, so only the newest works.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import type { Config } from '../../../config'
import { canonicalUrl, pathFor, type UrlSettings } from '../../../../src/shared/paths'
import type { LocaleCode, MarketAlias } from '../../../../src/shared/markets'

export const CONFIRM_LINK_DAYS = 7

export type MailLinkPurpose = 'newsletter-confirm' | 'newsletter-unsubscribe' | 'back-in-stock-unsubscribe'

const claimsSchema = z.object({
  /** what the link does */
  p: z.enum(['newsletter-confirm', 'newsletter-unsubscribe', 'back-in-stock-unsubscribe']),
  /** the subscriber's address (lower case) */
  e: z.string().min(3).max(254),
  /** newsletter-confirm: when its mail was requested (ms) and when the link expires (ms) */
  r: z.number().int().optional(),
  x: z.number().int().optional(),
})

export type MailLinkClaims = z.infer<typeof claimsSchema>

export type LinkCheck = { ok: true; claims: MailLinkClaims } | { ok: false; reason: 'invalid' | 'expired' }

type SecretSource = Pick<Config, 'sessionSecret'>

function signingKey(config: SecretSource): Buffer {
  return createHmac('sha256', config.sessionSecret).update('lumo-mail-links').digest()
}

function signature(config: SecretSource, body: string): Buffer {
  return createHmac('sha256', signingKey(config)).update(body).digest()
}

export function signMailLink(config: SecretSource, claims: MailLinkClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${signature(config, body).toString('base64url')}`
}

/** Checks a token's signature, shape, purpose and (for a confirm link) its expiry. */
export function verifyMailLink(
  config: SecretSource,
  token: string,
  purposes: readonly MailLinkPurpose[],
  now: Date = new Date(),
): LinkCheck {
  const match = /^([A-Za-z0-9_-]{10,1000})\.([A-Za-z0-9_-]{43})$/.exec(token.trim())
  if (!match) return { ok: false, reason: 'invalid' }
  const [, body = '', mac = ''] = match
  // compared as text: base64url has several spellings of the same bytes, a link has one
  const given = Buffer.from(mac)
  const expected = Buffer.from(signature(config, body).toString('base64url'))
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return { ok: false, reason: 'invalid' }
  }
  const claims = claimsSchema.safeParse(parsed)
  if (!claims.success || !purposes.includes(claims.data.p)) return { ok: false, reason: 'invalid' }
  if (claims.data.x !== undefined && now.getTime() > claims.data.x) return { ok: false, reason: 'expired' }
  return { ok: true, claims: claims.data }
}

type UrlConfig = Pick<Config, 'urlMode' | 'marketDomains' | 'publicUrl'>

export interface MailPlace {
  market: MarketAlias
  language: LocaleCode
}

function settingsOf(config: UrlConfig): UrlSettings {
  return { mode: config.urlMode, marketDomains: config.marketDomains }
}

/** The absolute URL of a page of the shop in the subscriber's market and language. */
function pageUrl(config: UrlConfig, place: MailPlace, pathname: string): string {
  return canonicalUrl({
    market: place.market,
    locale: place.language,
    pathname,
    settings: settingsOf(config),
    publicUrl: config.publicUrl,
  })
}

/** A product's page (its alias in the subscriber's language) on the market's own address. */
export function productPageUrl(config: UrlConfig, place: MailPlace, alias: string): string {
  const settings = settingsOf(config)
  const pathname = pathFor({ market: place.market, locale: place.language, settings }, 'product', {
    '*': alias,
  })
  return pageUrl(config, place, pathname)
}

/** The storefront page that carries out a mail link (newsletter-confirm or unsubscribe). */
export function mailLinkPageUrl(
  config: UrlConfig,
  place: MailPlace,
  page: 'newsletter-confirm' | 'unsubscribe',
  token: string,
): string {
  const settings = settingsOf(config)
  const pathname = pathFor({ market: place.market, locale: place.language, settings }, page)
  return `${pageUrl(config, place, pathname)}?token=${encodeURIComponent(token)}`
}
