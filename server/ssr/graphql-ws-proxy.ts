/**
 * The WebSocket half of the storefront's same-origin GraphQL endpoint: an upgrade to
 * `/api/graphql` is relayed to the commerce API's subscriptions (graphql-ws, ADR 0036) with the
 * same rules as the HTTP proxy (./graphql-proxy.ts):
 * - the browser's Origin must be present and our own: a WebSocket is not bound by CORS, and a
 *   handshake cannot carry the custom CSRF header, so the Origin is the cross-site check (every
 *   browser sends it on a WebSocket handshake);
 * - the shopper's bearer token comes from the HttpOnly `lumo-auth` cookie and the API key is
 *   added here: page script holds neither;
 * - only the `graphql-transport-ws` protocol is spoken; messages pass unchanged both ways and a
 *   close on either side closes the other.
 */
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import WebSocket, { WebSocketServer, type RawData } from 'ws'
import type { Config } from '../config'
import { handleUpgrades, refuseUpgrade } from '../services/shared/websocket-upgrade'
import { selfOrigin } from '../services/shared/service-fetch'
import { sessionToken } from './csrf'
import { GRAPHQL_PROXY_PATH } from './graphql-proxy'

export const GRAPHQL_WS_PROTOCOL = 'graphql-transport-ws'
/** A subscription message is small; the API refuses more than this too. */
const MAX_MESSAGE_BYTES = 64 * 1024

export interface GraphqlWsProxyOptions {
  config: Pick<Config, 'apiKey' | 'publicUrl' | 'services' | 'host' | 'port'>
}

/**
 * Whether a WebSocket handshake comes from one of our own pages: its Origin is PUBLIC_URL's, or
 * names the host the request was sent to (each market's domain; http or https, since TLS may end
 * at a proxy in front of us). A page of another site cannot send our host as its Origin.
 */
export function isOwnOrigin(request: IncomingMessage, publicUrl: string): boolean {
  const origin = request.headers.origin?.toLowerCase()
  if (!origin) return false
  const own = new Set([new URL(publicUrl).origin.toLowerCase()])
  const host = request.headers.host?.toLowerCase()
  if (host) own.add(`http://${host}`).add(`https://${host}`)
  return own.has(origin)
}

/**
 * The API's WebSocket URL. When the API is this process (the default), the socket goes to the
 * address the server really listens on (a test server listens on a free port).
 */
export function apiWebSocketUrl(
  config: GraphqlWsProxyOptions['config'],
  address: AddressInfo | string | null,
): string {
  const url = new URL(config.services.api)
  if (url.origin === selfOrigin(config) && address !== null && typeof address === 'object') {
    url.hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address
    if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1'
    url.port = String(address.port)
  }
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.toString()
}

/**
 * The close code to pass on. 1005/1006 (no code, abnormal) are only ever reported, never sent;
 * anything but a normal close, a shutdown or the protocol's own 4xxx codes becomes 1013 ('try
 * again later'), which the browser's client retries (graphql-ws gives up at once on 1011).
 */
export function relayedCloseCode(code: number): number {
  if (code === 1000 || code === 1001 || (code >= 4000 && code <= 4999)) return code
  return 1013
}

export function registerGraphqlWsProxy(app: FastifyInstance, { config }: GraphqlWsProxyOptions): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: (protocols) => (protocols.has(GRAPHQL_WS_PROTOCOL) ? GRAPHQL_WS_PROTOCOL : false),
  })

  wss.on('connection', (browser: WebSocket, request: IncomingMessage) => {
    const headers: Record<string, string> = { 'x-apikey': config.apiKey }
    const token = sessionToken(request.headers.cookie)
    if (token) headers.authorization = `Bearer ${token}`
    // the API's abuse limits count the shopper's address, not this server's (ADR 0024)
    if (request.socket.remoteAddress) headers['x-forwarded-for'] = request.socket.remoteAddress

    const api = new WebSocket(apiWebSocketUrl(config, app.server.address()), GRAPHQL_WS_PROTOCOL, {
      headers,
      maxPayload: MAX_MESSAGE_BYTES,
    })
    const early: { data: RawData; binary: boolean }[] = []
    browser.on('message', (data, binary) => {
      if (api.readyState === WebSocket.OPEN) api.send(data, { binary })
      else early.push({ data, binary })
    })
    api.on('open', () => {
      for (const message of early.splice(0)) api.send(message.data, { binary: message.binary })
    })
    api.on('message', (data, binary) => {
      if (browser.readyState === WebSocket.OPEN) browser.send(data, { binary })
    })
    api.on('close', (code, reason) => {
      if (browser.readyState <= WebSocket.OPEN) browser.close(relayedCloseCode(code), reason)
    })
    api.on('unexpected-response', (_request, response) => {
      app.log.warn({ status: response.statusCode }, 'The GraphQL service refused a WebSocket')
      browser.close(1013, 'GraphQL service unavailable')
      api.terminate()
    })
    api.on('error', (error) => {
      app.log.warn({ err: error }, 'GraphQL service WebSocket failed')
      if (browser.readyState <= WebSocket.OPEN) browser.close(1013, 'GraphQL service unavailable')
    })
    browser.on('close', (code, reason) => {
      if (api.readyState === WebSocket.OPEN) api.close(relayedCloseCode(code), reason)
      else if (api.readyState === WebSocket.CONNECTING) api.terminate()
    })
    browser.on('error', () => api.terminate())
  })

  handleUpgrades(app, GRAPHQL_PROXY_PATH, (request, socket, head) => {
    if (!isOwnOrigin(request, config.publicUrl)) {
      refuseUpgrade(socket, 403, 'Forbidden')
      return
    }
    wss.handleUpgrade(request, socket, head, (browser) => wss.emit('connection', browser, request))
  })

  app.addHook('preClose', async () => {
    for (const browser of wss.clients) browser.close(1001, 'Server shutting down')
    await new Promise<void>((resolve) => wss.close(() => resolve()))
  })
}
