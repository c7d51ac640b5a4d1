/**
 * The client address a limit counts (the auth service's login limit, ADR 0018; the abuse limits,
 * ADR 0024). Fastify's request.ip already honours TRUST_PROXY; a request from this host itself
 * (the storefront's session endpoint or GraphQL proxy calling in process, or a proxy on the same
 * machine) speaks for a shopper, so the last address it appended to X-Forwarded-For is the
 * shopper's. From anywhere else the header is ignored: anyone can write it.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

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
