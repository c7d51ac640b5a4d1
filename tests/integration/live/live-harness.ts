/**
 * Live updates under test (docs/adr/0036-live-updates.md): an app with the auth service, the
 * commerce API (and its WebSocket subscriptions) and the storefront's WebSocket proxy on
 * `/api/graphql`, listening on a free port of 127.0.0.1, since a WebSocket needs a real socket.
 * Browsers are played by graphql-ws clients on `ws` with the headers a browser would send
 * (Origin, Cookie).
 */
import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { createClient, type Client, type ExecutionResult } from 'graphql-ws'
import WebSocket from 'ws'
import { loadConfig, type Config } from '../../../server/config'
import type { Database } from '../../../server/db'
import authService from '../../../server/services/auth'
import { createSigner } from '../../../server/services/auth/keys'
import { signAccessToken } from '../../../server/services/auth/tokens'
import graphqlService from '../../../server/services/graphql'
import { createMemoryRateLimiter } from '../../../server/services/shared/rate-limit'
import { registerGraphqlWsProxy } from '../../../server/ssr/graphql-ws-proxy'
import { COOKIES } from '../../../src/shared/cookies'

export const API_KEY = 'live-test-api-key'
export const ADMIN_KEY = 'live-test-admin-key-0123456789abcdef'
export const PUBLIC_URL = 'http://shop.lumo.test'
export const OWN_ORIGIN = PUBLIC_URL

export interface LiveShop {
  app: FastifyInstance
  config: Config
  /** ws://127.0.0.1:{port} */
  wsOrigin: string
  /** A signed access token for a customer, as the auth service issues them (at `issuedAt`, now by default). */
  tokenFor(userId: string, issuedAt?: Date): Promise<string>
  /** POST /graphql with the API key (and the customer's bearer token). */
  gql<T>(
    query: string,
    variables?: Record<string, unknown>,
    token?: string,
  ): Promise<{ data?: T; errors?: unknown[] }>
  close(): Promise<void>
}

export async function startLiveShop(database: Database): Promise<LiveShop> {
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    ADMIN_KEY,
    SESSION_SECRET: 'live-test-session-secret-0123456789abcdef',
    DATA_DIR: '/tmp/lumo-live-tests',
    PUBLIC_URL,
    PORT: '0',
  })
  const app = Fastify({ logger: false })
  await app.register(authService, { database, config })
  // a clock that stands still: a limit's window never ends during a test, however slow the machine
  const startedAt = Date.now()
  const limiter = createMemoryRateLimiter({ now: () => startedAt })
  await app.register(graphqlService, { database, config, expirySweepMs: 0, limiter })
  registerGraphqlWsProxy(app, { config })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const signer = createSigner(database.db, config.dataDir)
  return {
    app,
    config,
    wsOrigin: `ws://127.0.0.1:${port}`,
    async tokenFor(userId, issuedAt) {
      const user = {
        user_id: userId,
        email: `${userId}@example.fi`,
        customer_type: 'PERSON',
        member_type: null,
        member_id: null,
      }
      return signAccessToken(await signer.current(), user, randomUUID(), issuedAt)
    },
    async gql(query, variables = {}, token) {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: {
          'content-type': 'application/json',
          'x-apikey': API_KEY,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: { query, variables },
      })
      return response.json()
    },
    close: () => app.close(),
  }
}

/** A WebSocket class that sends these handshake headers, for graphql-ws's `webSocketImpl`. */
export function webSocketWith(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers })
    }
  }
}

/** A browser of the shop: its own origin and, when signed in, the session cookie. */
export function browserClient(shop: LiveShop, options: { token?: string; origin?: string } = {}): Client {
  const headers: Record<string, string> = { origin: options.origin ?? OWN_ORIGIN }
  if (options.token) headers.cookie = `${COOKIES.auth}=${options.token}`
  return createClient({
    url: `${shop.wsOrigin}/api/graphql`,
    webSocketImpl: webSocketWith(headers),
    retryAttempts: 0,
    lazy: true,
  })
}

/** How a handshake is answered: the HTTP status of a refusal, or 101 when the socket opened. */
export function handshakeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers })
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('open', () => {
      resolve(101)
      socket.close()
    })
    socket.on('error', (error) => reject(error))
  })
}

/** A WebSocket held open (the caller closes it), or the HTTP status its handshake was refused with. */
export function openSocket(url: string, headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws', { headers })
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('open', () => resolve(socket))
    socket.on('error', (error) => reject(error))
  })
}

/**
 * A subscription as a queue of its results: `next()` waits for the next result; `ended` resolves
 * when the server completes it (or fails it: `error`).
 */
export interface Subscription<T> {
  next(): Promise<ExecutionResult<T>>
  /** The first error the subscription ended with (a GraphQL error list or a close event). */
  ended: Promise<unknown>
  stop(): void
}

export function subscribe<T>(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
): Subscription<T> {
  const results: ExecutionResult<T>[] = []
  const waiting: ((result: ExecutionResult<T>) => void)[] = []
  let finish: (error: unknown) => void = () => undefined
  const ended = new Promise<unknown>((resolve) => {
    finish = resolve
  })
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (result) => {
        const wake = waiting.shift()
        if (wake) wake(result as ExecutionResult<T>)
        else results.push(result as ExecutionResult<T>)
      },
      error: (error) => finish(error),
      complete: () => finish(null),
    },
  )
  return {
    next: () => {
      const result = results.shift()
      return result ? Promise.resolve(result) : new Promise((resolve) => waiting.push(resolve))
    },
    ended,
    stop,
  }
}

export const STOCK_SUBSCRIPTION = `
  subscription ($productId: Int!) {
    productStockChanged(productId: $productId) { skuId stockStatus stock { inStock totalStock } }
  }
`

export const CART_SUBSCRIPTION = `
  subscription { cartChanged { cartId cart { id items { skuId quantity } } } }
`

export interface SkuStock {
  skuId: number
  stockStatus: string
  stock: { inStock: number; totalStock: number }
}

export interface CartChange {
  cartChanged: { cartId: string; cart: { id: string; items: { skuId: number; quantity: number }[] } | null }
}
