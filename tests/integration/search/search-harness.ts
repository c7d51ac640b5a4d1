/**
 * The search service alone on a fresh seeded database (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set), its index built, and helpers for its query strings.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import searchService, { SEARCH_MOUNT, type SearchIndexControls } from '../../../server/services/search'
import type { DatabaseKind } from '../../../server/db'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

export interface SearchApp {
  app: FastifyInstance
  database: TestDatabase
  refresh(): Promise<void>
  close(): Promise<void>
}

export const SEARCH_CONFIG = {
  sessionSecret: 'search-test-secret-search-test-secret',
  adminKey: 'search-test-admin-key-search-test-admin',
  urlMode: 'path' as const,
  marketDomains: {},
  services: {
    api: 'http://127.0.0.1:3000/graphql',
    auth: 'http://127.0.0.1:3000/auth',
    sign: 'http://127.0.0.1:3000/auth/sign/x?identity=',
    likes: 'http://127.0.0.1:3000/likes',
    loyalty: 'http://127.0.0.1:3000/api/loyalty',
    pickupPoints: 'http://127.0.0.1:3000/pickup-points',
    search: 'http://127.0.0.1:3000/api/storefront/v3',
    images: 'http://127.0.0.1:3000/img',
    payments: 'http://127.0.0.1:3000/pay',
  },
  publicUrl: 'http://localhost:3000',
  host: '127.0.0.1',
  port: 3000,
}

/** The search service on an app of its own, registered but not yet ready; `index()` once it is. */
export async function registerSearchApp(
  database: TestDatabase,
): Promise<{ app: FastifyInstance; index(): SearchIndexControls | undefined }> {
  const app = Fastify({ logger: false })
  let index: SearchIndexControls | undefined
  await app.register(searchService, {
    database,
    config: SEARCH_CONFIG,
    indexIntervalMs: 0,
    onIndex: (controls) => {
      index = controls
    },
  })
  return { app, index: () => index }
}

export async function startSearchApp(kind: DatabaseKind = 'pglite', products = 400): Promise<SearchApp> {
  const database = await createTestDatabase({ kind, seed: { products } })
  const registered = await registerSearchApp(database)
  const { app } = registered
  await app.ready()
  const index = registered.index()
  if (!index) throw new Error('the search service did not hand out its index controls')
  await index.ready()
  const controls = index
  return {
    app,
    database,
    refresh: () => controls.refresh(),
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export interface Shopper {
  market: string
  locale: string
  touchpoint: string
  customerKey: string
  sessionKey: string
}

export function shopper(market = 'fi', locale = 'fi-FI'): Shopper {
  return { market, locale, touchpoint: 'desktop', customerKey: randomUUID(), sessionKey: randomUUID() }
}

export function queryUrl(endpoint: string, who: Shopper, params: Record<string, string> = {}): string {
  return `${SEARCH_MOUNT}/queries/${endpoint}?${new URLSearchParams({ ...who, ...params })}`
}

export function notificationUrl(name: string, who: Shopper): string {
  const { market, customerKey, sessionKey } = who
  return `${SEARCH_MOUNT}/notifications/${name}?${new URLSearchParams({ market, customerKey, sessionKey })}`
}
