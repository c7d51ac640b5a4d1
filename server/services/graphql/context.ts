/**
 * The context every resolver gets. Built once per request (see index.ts); the catalogue loaders
 * batch the database reads of one request so that a list of products costs a fixed number of SQL
 * statements whatever its length.
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Config } from '../../config'
import type { Database } from '../../db'
import type { DB } from '../../db/schema'
import type { CatalogueLoaders } from './catalogue/loaders'
import type { CheckoutOptionsSource } from './checkout/options-cache'
import type { MarketDirectory } from './scope'
import type { RateLimiter } from '../shared/rate-limit'
import type { CustomerType, MarketRow, RequestScope, RequestUser } from './request-scope'

export type { CustomerType, MarketRow, RequestScope, RequestUser }

export interface GraphQLContext {
  /** The Fastify instance; mercurius adds it to each request's context (absent in unit tests' contexts). */
  app?: FastifyInstance
  db: Kysely<DB>
  database: Database
  config: Config
  /** Scope from the request's variables (channelId, marketId, languageId) with fallbacks. */
  scope: RequestScope
  user: RequestUser | null
  loaders: CatalogueLoaders
  markets: MarketDirectory
  /** Each market's shipping and payment options and zip rules (kept in process by the service). */
  checkoutOptions: CheckoutOptionsSource
  /** The X-ApiKey the request was authorised with (null for in-process calls). */
  apiKey: string | null
  requestId: string
  /**
   * The shopper's address the abuse limits count (ADR 0024): request.ip, or the address the
   * storefront's /api/graphql proxy forwards (shared/client-address.ts). Null for in-process
   * calls (the server-side render), which have no shopper address: per-address limits skip them.
   */
  clientAddress: string | null
  /** The storefront's id of the shopper's browser (SHOPPER_HEADER); null for other clients. */
  clientSession: string | null
  /**
   * The shop's origin as this shopper reached it (PUBLIC_URL, or the storefront's checked
   * SHOP_ORIGIN_HEADER: server/shop-origin.ts, ADR 0057): payment return pages and mail links use it.
   */
  shopUrl: string
  /** The abuse limiter (in Redis when REDIS_URL is set). */
  limiter: RateLimiter
  /** The time rules with a deadline read (the return window); tests may move it. */
  now: () => Date
}
