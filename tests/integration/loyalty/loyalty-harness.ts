/**
 * The loyalty service with the services it meets (issue #11): auth (tokens), the commerce API
 * (carts, orders, the vouchers' rules) and payments, on a fresh seeded database, everything through
 * `app.inject`. Shoppers act with tokens signed like the auth service's; the back office acts with
 * the admin key.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../../server/config'
import type { DatabaseKind } from '../../../server/db'
import authService from '../../../server/services/auth'
import { createSigner } from '../../../server/services/auth/keys'
import { signAccessToken } from '../../../server/services/auth/tokens'
import graphqlService from '../../../server/services/graphql'
import loyaltyService from '../../../server/services/loyalty'
import paymentsService from '../../../server/services/payments'
import { CSRF_HEADER } from '../../../src/shared/storefront-api'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

export const API_KEY = 'loyalty-test-api-key'
export const ADMIN_KEY = 'loyalty-test-admin-key-0123456789abcdef'

export interface Shopper {
  userId: string
  email: string
  token: string
}

export interface GqlResult<T> {
  data: T | null | undefined
  errors: { message: string; extensions?: Record<string, unknown> }[] | undefined
}

export interface LoyaltyHarness {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  shopper(user: { userId: string; email: string }): Promise<Shopper>
  gql<T>(shopper: Shopper | null, query: string, variables?: Record<string, unknown>): Promise<GqlResult<T>>
  loyalty(
    shopper: Shopper | null,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: () => unknown }>
  admin(path: string, body: unknown, key?: string | null): Promise<{ status: number; json: () => unknown }>
  close(): Promise<void>
}

let addressCount = 0

export async function startLoyaltyHarness(kind: DatabaseKind): Promise<LoyaltyHarness> {
  const database = await createTestDatabase({ kind, seed: { products: 10 } })
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    ADMIN_KEY,
    SESSION_SECRET: 'loyalty-test-session-secret-0123456789abcdef',
    DATA_DIR: '/tmp/lumo-loyalty-tests',
    PORT: '0',
  })
  const app = Fastify({ logger: false })
  await app.register(authService, { database, config })
  await app.register(graphqlService, { database, config, expirySweepMs: 0 })
  await app.register(paymentsService, { database, config, sweepIntervalMs: 0 })
  await app.register(loyaltyService, { database, config })
  await app.ready()
  const signer = createSigner(database.db, config.dataDir)

  return {
    app,
    database,
    config,
    async shopper({ userId, email }) {
      // the member id in the token comes from the database, as the auth service reads it
      const user = await database.db
        .selectFrom('users')
        .select(['customer_type', 'member_type', 'member_id'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
      const token = await signAccessToken(
        await signer.current(),
        { user_id: userId, email, ...user },
        randomUUID(),
      )
      return { userId, email, token }
    },
    async gql(shopper, query, variables = {}) {
      addressCount += 1
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-apikey': API_KEY }
      if (shopper) headers.authorization = `Bearer ${shopper.token}`
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: { query, variables },
        remoteAddress: `198.18.1.${(addressCount % 250) + 1}`,
      })
      return response.json()
    },
    async loyalty(shopper, method, path, body) {
      const headers: Record<string, string> = { [CSRF_HEADER]: '1' }
      if (shopper) headers.authorization = `Bearer ${shopper.token}`
      const response = await app.inject({
        method,
        url: `/api/loyalty${path}`,
        headers,
        ...(body === undefined ? {} : { payload: body as object }),
      })
      return { status: response.statusCode, json: () => response.json() }
    },
    async admin(path, body, key = ADMIN_KEY) {
      const headers: Record<string, string> = { 'x-admin-actor': 'loyalty-test' }
      if (key !== null) headers.authorization = `Bearer ${key}`
      const response = await app.inject({
        method: 'POST',
        url: `/admin/api/loyalty${path}`,
        headers,
        payload: body as object,
      })
      return { status: response.statusCode, json: () => response.json() }
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** Today plus some days, as the admin API's 'YYYY-MM-DD'. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}
