/**
 * The search session (docs/product-rules.md#search, docs/service-contracts.md#search-api): a customerKey that stays with
 * the browser and a sessionKey that lapses after 15 minutes without use. Both are random UUIDs
 * in cookies (src/shared/cookies.ts) rather than local storage, so the server render of the
 * search page speaks for the same session as the browser.
 */
import { COOKIES, parseCookies, readCookie, writeCookie } from '../../shared/cookies'
import type { SessionParams } from '../../shared/search-api'

export type SearchSessionKeys = Pick<SessionParams, 'customerKey' | 'sessionKey'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function validKey(value: string | undefined): string | undefined {
  return value && UUID.test(value) ? value : undefined
}

/**
 * The browser's keys, created on first use. Each use slides the session cookie's lifetime, so
 * a session ends only after a pause, as the service counts it.
 */
export function browserSearchSession(): SearchSessionKeys {
  const customerKey = validKey(readCookie(COOKIES.searchCustomerKey)) ?? crypto.randomUUID()
  const sessionKey = validKey(readCookie(COOKIES.searchSessionKey)) ?? crypto.randomUUID()
  writeCookie(COOKIES.searchCustomerKey, customerKey)
  writeCookie(COOKIES.searchSessionKey, sessionKey)
  return { customerKey, sessionKey }
}

/**
 * The keys of a server render: the browser's own when its cookies carry them; otherwise fresh
 * ones for this request only (the browser makes its own on its first search).
 */
export function requestSearchSession(cookieHeader: string | null): SearchSessionKeys {
  const cookies = parseCookies(cookieHeader)
  return {
    customerKey: validKey(cookies[COOKIES.searchCustomerKey]) ?? crypto.randomUUID(),
    sessionKey: validKey(cookies[COOKIES.searchSessionKey]) ?? crypto.randomUUID(),
  }
}
