/**
 * The shop's address for one shopper (ADR 0057): the origin every absolute link, redirect,
 * payment return page and mail of a request is built on, so a journey never switches host.
 *
 * With PUBLIC_URL (or MARKET_DOMAINS) that configured address, always. Without it the address
 * the shopper came from (`http://127.0.0.1:3000` or `http://localhost:3000`: a cookie set on one
 * is not sent to the other), but only when it names this server: a loopback name or the address
 * it listens on, at its port. A Host header is the client's to write, so any other value falls
 * back to PUBLIC_URL's default: a forged host never reaches a link, a cached page or a mail.
 *
 * The storefront's server passes the origin it accepted to the commerce API in SHOP_ORIGIN_HEADER;
 * the API checks it again by the same rule, so a caller can only choose among the server's own.
 */
import type { Config } from './config'

export const SHOP_ORIGIN_HEADER = 'x-lumo-shop-origin'

export type ShopOriginConfig = Pick<Config, 'publicUrl' | 'originFromRequest' | 'host' | 'port'>

const LOOPBACK_HOSTNAME = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]'])

function hostnameOf(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
}

/** Whether a URL's hostname reaches this server: a loopback name, or the address HOST names. */
function isServedHostname(hostname: string, config: ShopOriginConfig): boolean {
  if (LOOPBACK_HOSTNAME.test(hostname)) return true
  const listen = config.host.toLowerCase()
  return !WILDCARD_HOSTS.has(listen) && hostnameOf(listen) === hostname.toLowerCase()
}

/**
 * `candidate` as an origin this server serves (without PUBLIC_URL), or undefined: http(s), no
 * credentials or path, a served hostname at the server's own port.
 */
export function acceptedOrigin(candidate: string | undefined, config: ShopOriginConfig): string | undefined {
  if (!config.originFromRequest || !candidate || candidate.length > 300) return undefined
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
  if (port !== config.port || !isServedHostname(url.hostname, config)) return undefined
  return url.origin
}

/** The configured shop address's origin (PUBLIC_URL, or its default). */
export function configuredOrigin(config: Pick<Config, 'publicUrl'>): string {
  return new URL(config.publicUrl).origin
}

/** The origin a request came to, when the server may use it; else the configured one. */
export function shopOrigin(request: { protocol: string; host: string }, config: ShopOriginConfig): string {
  return acceptedOrigin(`${request.protocol}://${request.host}`, config) ?? configuredOrigin(config)
}

/** The origin a service was told in SHOP_ORIGIN_HEADER, checked again; else the configured one. */
export function forwardedShopOrigin(header: string | string[] | undefined, config: ShopOriginConfig): string {
  const value = Array.isArray(header) ? header[0] : header
  return acceptedOrigin(value, config) ?? configuredOrigin(config)
}
