/**
 * The Cache-Control of every personalised answer (docs/adr/0026-security-headers.md): no cache
 * keeps it, not a shared one (`private`) and not the browser's (`no-store`).
 */
export const PRIVATE_NO_STORE = 'private, no-store'
