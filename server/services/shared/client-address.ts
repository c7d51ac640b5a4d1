/**
 * The client address a limit counts (the auth service's login limit, ADR 0018; the abuse limits,
 * ADR 0024). Fastify's request.ip already honours TRUST_PROXY; a request from this host itself
 * (the storefront's session endpoint or GraphQL proxy calling in process, or a proxy on the same
 * machine) speaks for a shopper, so the last address it appended to X-Forwarded-For is the
 * shopper's. From anywhere else the header is ignored: anyone can write it.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

/**
 * The storefront's id of the shopper's browser (its `lumo-shopper` cookie), sent by the GraphQL
 * proxy beside X-Forwarded-For: the abuse limits count a session apart from its address, so many
 * shoppers behind one address (a mobile operator's NAT, an office) are not one shopper.
 */
export const SHOPPER_HEADER = 'x-lumo-shopper'
const SHOPPER_ID = /^[A-Za-z0-9_-]{16,64}$/

export function isShopperId(value: unknown): value is string {
  return typeof value === 'string' && SHOPPER_ID.test(value)
}

/** The shopper's browser id, believed like X-Forwarded-For: only from this host. */
export function clientSession(ip: string, header: string | string[] | undefined): string | null {
  if (!LOOPBACK.test(ip)) return null
  return isShopperId(header) ? header : null
}

/** This host itself: a client address that stands for no shopper. */
export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK.test(address)
}

export function clientAddress(ip: string, forwardedFor: string | string[] | undefined): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor
  if (!header || !LOOPBACK.test(ip)) return ip
  const last = header
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop()
  return last && last.length <= 64 ? last : ip
}
