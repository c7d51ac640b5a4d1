/**
 * The auth protocol's wire names (contracts.md §2.8) that both ends spell: the auth service
 * (server/services/auth) and the storefront's session endpoints (server/ssr/session.ts).
 */

/** The refresh token travels in this header, both ways (header-based since RU 23.2.0). */
export const REFRESH_TOKEN_HEADER = 'x-auth-refresh-token'
