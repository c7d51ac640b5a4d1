/**
 * The auth protocol's wire names (docs/service-contracts.md#auth-protocol) that both ends spell: the auth service
 * (server/services/auth) and the storefront's session endpoints (server/ssr/session.ts).
 */

/** The refresh token travels in this header, both ways (header-based since RU 23.2.0). */
export const REFRESH_TOKEN_HEADER = 'x-auth-refresh-token'

/**
 * The device token (OWASP "device cookies", docs/adr/0067-accounts-no-stranger-can-lock.md): the
 * auth service answers a successful login with one in this header, and a login that presents it
 * back in the same header is not held up by a lockout of the account for unknown clients.
 */
export const DEVICE_TOKEN_HEADER = 'x-auth-device-token'

/** Seconds a device token is valid (the storefront's cookie lives as long). 180 days. */
export const DEVICE_TOKEN_MAX_AGE = 180 * 24 * 60 * 60
