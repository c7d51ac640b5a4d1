/**
 * Every service a shopper can reach with an id, in one app on a fresh seeded database, as
 * `buildApp` wires them (without the storefront's render): auth, the commerce API (with its back
 * office routes), payments, likes, loyalty and search, all through `app.inject`. Shoppers act
 * with tokens signed by the auth service's own key for the seed's customers.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { loadConfig, type Config } from '../../../server/config'
import type { DatabaseKind } from '../../../server/db'
import type { DB } from '../../../server/db/schema'
import authService from '../../../server/services/auth'
import { createSigner } from '../../../server/services/auth/keys'
import { signAccessToken } from '../../../server/services/auth/tokens'
import graphqlService from '../../../server/services/graphql'
import likesService from '../../../server/services/likes'
import loyaltyService from '../../../server/services/loyalty'
import paymentsService from '../../../server/services/payments'
import searchService from '../../../server/services/search'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { CSRF_HEADER } from '../../../src/shared/storefront-api'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

export const API_KEY = 'security-test-api-key'
export const ADMIN_KEY = 'security-test-admin-key-0123456789abcdef'

export interface Caller {
  /** null: an anonymous shopper (a guest) */
  userId: string | null
  email: string | null
  token: string | null
}

export interface Answer {
  status: number
  body: unknown
}

export interface GqlAnswer<T = Record<string, unknown>> {
  status: number
  data: T | null | undefined
  errors: { message: string; extensions?: Record<string, unknown> }[] | undefined
}

export interface SecurityHarness {
  app: FastifyInstance
  database: TestDatabase
  db: Kysely<DB>
  config: Config
  /** A signed-in seed customer; `issuedAt` in the past makes an expired token. */
  customer(user: { userId: string; email: string }, issuedAt?: Date): Promise<Caller>
  gql<T = Record<string, unknown>>(
    caller: Caller,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GqlAnswer<T>>
  /** A request to a service's HTTP route with the caller's bearer token and the CSRF header. */
  http(caller: Caller, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer>
  admin(method: 'GET' | 'POST', url: string, body?: object): Promise<Answer>
  close(): Promise<void>
}

let addressCount = 0

/** Each request from its own address: the per-address abuse limits are tested elsewhere. */
function nextAddress(): string {
  addressCount += 1
  return `198.19.${Math.floor(addressCount / 250) % 250}.${(addressCount % 250) + 1}`
}

export async function startSecurityHarness(kind: DatabaseKind): Promise<SecurityHarness> {
  const database = await createTestDatabase({ kind, seed: { products: 10 } })
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    ADMIN_KEY,
    SESSION_SECRET: 'security-test-session-secret-0123456789abcdef',
    DATA_DIR: '/tmp/lumo-security-tests',
    PORT: '0',
  })
  const app = Fastify({ logger: false })
  const serviceFetch = createServiceFetch(app, config)
  await app.register(authService, { database, config })
  await app.register(graphqlService, { database, config, expirySweepMs: 0, backInStockMs: 0 })
  await app.register(paymentsService, { database, config, sweepIntervalMs: 0 })
  await app.register(likesService, { database, config, fetch: serviceFetch })
  await app.register(loyaltyService, { database, config, fetch: serviceFetch })
  await app.register(searchService, { database, config })
  await app.ready()
  const signer = createSigner(database.db, config.dataDir)

  const toAnswer = (response: { statusCode: number; body: string }): Answer => {
    let body: unknown = response.body
    try {
      body = JSON.parse(response.body)
    } catch {
      // not JSON: kept as text
    }
    return { status: response.statusCode, body }
  }

  return {
    app,
    database,
    db: database.db,
    config,
    async customer({ userId, email }, issuedAt) {
      const user = await database.db
        .selectFrom('users')
        .select(['customer_type', 'member_type', 'member_id'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      const token = await signAccessToken(
        await signer.current(),
        { user_id: userId, email, ...user },
        randomUUID(),
        issuedAt,
      )
      return { userId, email, token }
    },
    async gql(caller, query, variables = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-apikey': API_KEY }
      if (caller.token) headers.authorization = `Bearer ${caller.token}`
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: { query, variables },
        remoteAddress: nextAddress(),
      })
      const body = response.json() as { data?: never; errors?: GqlAnswer['errors'] }
      return { status: response.statusCode, data: body.data, errors: body.errors }
    },
    async http(caller, method, url, body) {
      const headers: Record<string, string> = { [CSRF_HEADER]: '1' }
      if (caller.token) headers.authorization = `Bearer ${caller.token}`
      const response = await app.inject({
        method,
        url,
        headers,
        remoteAddress: nextAddress(),
        ...(body === undefined ? {} : { payload: body as object }),
      })
      return toAnswer(response)
    },
    async admin(method, url, body) {
      const response = await app.inject({
        method,
        url: `/admin/api${url}`,
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'x-admin-actor': 'security-test' },
        ...(body ? { payload: body } : {}),
      })
      return toAnswer(response)
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/**
 * Every row a shopper's id can reach, in a stable order: a refused operation must leave this
 * unchanged (updated_at included).
 */
export async function shopperDataSnapshot(db: Kysely<DB>): Promise<string> {
  const tables = [
    'carts',
    'cart_items',
    'checkouts',
    'orders',
    'order_rows',
    'order_events',
    'order_returns',
    'order_return_items',
    'reviews',
    'users',
    'user_balances',
    'user_favourites',
    'user_favourites_sync',
    'loyalty_contacts',
    'loyalty_vouchers',
    'newsletter_subscriptions',
    'password_reset_keys',
    'auth_refresh_tokens',
  ]
  const rows: unknown[] = []
  for (const table of tables) {
    const result = await sql`SELECT * FROM ${sql.table(table)}`.execute(db)
    rows.push(table, result.rows.map((row) => JSON.stringify(row)).sort())
  }
  return JSON.stringify(rows)
}
