/**
 * Cookie names and lifetimes (docs/product-rules.md#markets-and-urls, DESIGN §4: prefix `lumo-`) and small helpers for page
 * script. `lumo-auth` (the session token) and `lumo-auth-refresh` are HttpOnly: only the server
 * sets and reads them (DESIGN §5), so the client helpers refuse those names at the type level.
 */

import { SHOP_SLUG } from './shop'

export const COOKIE_PREFIX = SHOP_SLUG

export const COOKIES = {
  /** session token; HttpOnly, server only */
  auth: `${COOKIE_PREFIX}-auth`,
  /** the logged-in user's public profile as JSON {id,email,customerType,memberType} */
  user: `${COOKIE_PREFIX}-user`,
  userMaxAge: `${COOKIE_PREFIX}-user-maxage`,
  /** the x-auth-refresh-token of the auth service; HttpOnly, server only */
  authRefresh: `${COOKIE_PREFIX}-auth-refresh`,
  /**
   * the auth service's device token (x-auth-device-token): this browser logged in to the account
   * before, so a stranger's wrong passwords do not lock it out (ADR 0067); HttpOnly, server only,
   * kept over logout
   */
  device: `${COOKIE_PREFIX}-device`,
  /**
   * this browser's random id for the commerce API's abuse limits (ADR 0024): shoppers behind one
   * address are told apart, so a crowd is not one shopper; HttpOnly, server only, strictly
   * necessary (it only ever counts attempts)
   */
  shopper: `${COOKIE_PREFIX}-shopper`,
  cart: `${COOKIE_PREFIX}-cart`,
  selectedMarket: `${COOKIE_PREFIX}-selected-market`,
  checkoutMarket: `${COOKIE_PREFIX}-checkout-market`,
  userType: `${COOKIE_PREFIX}-user-type`,
  persistedStates: `${COOKIE_PREFIX}-persisted-states`,
  /** the chosen language where a market allows more than one (docs/product-rules.md#markets-and-urls: domain, then cookie, then prefix) */
  locale: `${COOKIE_PREFIX}-locale`,
  loyaltyId: `${COOKIE_PREFIX}-loyalty-id`,
  loyaltyVoucher: `${COOKIE_PREFIX}-loyalty-voucher`,
  loyaltyDiscovery: `${COOKIE_PREFIX}-loyalty-discovery`,
  /** the search service's customerKey (docs/service-contracts.md#search-api): a UUID that stays with the browser */
  searchCustomerKey: `${COOKIE_PREFIX}-customer-key`,
  /** the search service's sessionKey: a UUID that lapses after a pause (docs/product-rules.md#markets-and-urls) */
  searchSessionKey: `${COOKIE_PREFIX}-session-key`,
  /** the shopper's cookie choice (src/features/consent): which optional categories are granted */
  consent: `${COOKIE_PREFIX}-consent`,
  /** HttpOnly: a QA key was presented in this browser (server/ssr/qa-access.ts) */
  qa: `${COOKIE_PREFIX}-qa`,
} as const

export type CookieName = (typeof COOKIES)[keyof typeof COOKIES]
export type ServerOnlyCookieName =
  | typeof COOKIES.auth
  | typeof COOKIES.authRefresh
  | typeof COOKIES.device
  | typeof COOKIES.shopper
  | typeof COOKIES.qa
export type ClientCookieName = Exclude<CookieName, ServerOnlyCookieName>

const DAY_SECONDS = 24 * 60 * 60

/** Lifetimes in seconds (the Max-Age attribute). */
export const COOKIE_MAX_AGE = {
  /** 31536000000 ms in the spec */
  cart: 365 * DAY_SECONDS,
  market: 365 * DAY_SECONDS,
  loyalty: 365 * DAY_SECONDS,
  locale: 365 * DAY_SECONDS,
  searchCustomer: 365 * DAY_SECONDS,
  /** the search service ends a session after 15 minutes without interaction (docs/service-contracts.md#search-api) */
  searchSession: 15 * 60,
  userType: 365 * DAY_SECONDS,
  persistedStates: 365 * DAY_SECONDS,
  /** a cookie choice is asked again after a year */
  consent: 365 * DAY_SECONDS,
  /** remember-me checked */
  userRemembered: 604_800,
  /** remember-me unchecked */
  userSession: 1800,
  /** the token cookie lives 7 days, path / */
  token: 7 * DAY_SECONDS,
} as const

export function userCookieMaxAge(rememberMe: boolean): number {
  return rememberMe ? COOKIE_MAX_AGE.userRemembered : COOKIE_MAX_AGE.userSession
}

/** Which lifetime a client-written cookie gets. */
export const CLIENT_COOKIE_MAX_AGE: Record<ClientCookieName, number> = {
  [COOKIES.user]: COOKIE_MAX_AGE.userRemembered,
  [COOKIES.userMaxAge]: COOKIE_MAX_AGE.userRemembered,
  [COOKIES.cart]: COOKIE_MAX_AGE.cart,
  [COOKIES.selectedMarket]: COOKIE_MAX_AGE.market,
  [COOKIES.checkoutMarket]: COOKIE_MAX_AGE.market,
  [COOKIES.userType]: COOKIE_MAX_AGE.userType,
  [COOKIES.persistedStates]: COOKIE_MAX_AGE.persistedStates,
  [COOKIES.locale]: COOKIE_MAX_AGE.locale,
  [COOKIES.loyaltyId]: COOKIE_MAX_AGE.loyalty,
  [COOKIES.loyaltyVoucher]: COOKIE_MAX_AGE.loyalty,
  [COOKIES.loyaltyDiscovery]: COOKIE_MAX_AGE.loyalty,
  [COOKIES.searchCustomerKey]: COOKIE_MAX_AGE.searchCustomer,
  [COOKIES.searchSessionKey]: COOKIE_MAX_AGE.searchSession,
  [COOKIES.consent]: COOKIE_MAX_AGE.consent,
}

/** Parses a Cookie header or `document.cookie` into name → decoded value (first wins, like browsers send). */
export function parseCookies(header: string | undefined | null): Record<string, string> {
  const result: Record<string, string> = {}
  if (!header) return result
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (!name || name in result) continue
    let value = part.slice(eq + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    try {
      result[name] = decodeURIComponent(value)
    } catch {
      result[name] = value
    }
  }
  return result
}

export interface CookieWriteOptions {
  maxAgeSeconds?: number
  path?: string
  sameSite?: 'Lax' | 'Strict'
  secure?: boolean
}

/** A `document.cookie` assignment string; values are URI-encoded so JSON survives. */
export function serializeClientCookie(
  name: ClientCookieName,
  value: string,
  options: CookieWriteOptions = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`]
  parts.push(`Max-Age=${Math.round(options.maxAgeSeconds ?? CLIENT_COOKIE_MAX_AGE[name])}`)
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`)
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}

function hasDocument(): boolean {
  return typeof document !== 'undefined'
}

export function readCookie(name: ClientCookieName): string | undefined {
  if (!hasDocument()) return undefined
  return parseCookies(document.cookie)[name]
}

export function writeCookie(name: ClientCookieName, value: string, options: CookieWriteOptions = {}): void {
  if (!hasDocument()) return
  const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:')
  document.cookie = serializeClientCookie(name, value, { ...options, secure })
}

export function deleteCookie(name: ClientCookieName, path = '/'): void {
  if (!hasDocument()) return
  document.cookie = `${name}=; Path=${path}; Max-Age=0; SameSite=Lax`
}

/**
 * What survives in the `lumo-persisted-states` cookie: small, non-secret state the server needs
 * to render the same page the browser will show. The customer type has its own cookie
 * (`lumo-user-type`); favourites live in local storage (docs/product-rules.md#markets-and-urls).
 */
export interface PersistedStates {
  lastVisited?: { productIds: string[] }
  loyalty?: { isMember: boolean; membershipLevel: string | null }
}

const MAX_PERSISTED_IDS = 20
const MAX_PERSISTED_TEXT = 100

function shortString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PERSISTED_TEXT
}

/** Parses and validates the cookie's JSON; unknown fields and garbage are dropped, never trusted. */
export function parsePersistedStates(raw: string | undefined): PersistedStates {
  if (!raw) return {}
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return {}
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
  const source = value as Record<string, unknown>
  const result: PersistedStates = {}
  const lastVisited = source.lastVisited as Record<string, unknown> | null | undefined
  if (lastVisited && Array.isArray(lastVisited.productIds)) {
    result.lastVisited = {
      productIds: lastVisited.productIds.filter(shortString).slice(0, MAX_PERSISTED_IDS),
    }
  }
  const loyalty = source.loyalty as Record<string, unknown> | null | undefined
  if (loyalty && typeof loyalty.isMember === 'boolean') {
    result.loyalty = {
      isMember: loyalty.isMember,
      membershipLevel: shortString(loyalty.membershipLevel) ? loyalty.membershipLevel : null,
    }
  }
  return result
}

export function serialisePersistedStates(state: {
  lastVisited: { productIds: readonly string[] }
  loyalty: { isMember: boolean; membershipLevel: string | null }
}): string {
  const persisted: PersistedStates = {
    lastVisited: { productIds: state.lastVisited.productIds.slice(0, MAX_PERSISTED_IDS) },
    loyalty: { isMember: state.loyalty.isMember, membershipLevel: state.loyalty.membershipLevel },
  }
  return JSON.stringify(persisted)
}
