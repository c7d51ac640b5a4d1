/**
 * The search and recommendation service (docs/product-rules.md#search, docs/quality-bars.md#search-relevance, docs/service-contracts.md#search-api; ADR 0032),
 * mounted at /api/storefront/v3 (SEARCH_URL) in the Voyado Elevate Storefront API v3 shape, so a
 * client written for that API works unchanged:
 *
 *   GET|POST /queries/{autocomplete|search-page|landing-page|product-page|cart-page|
 *                      add-to-cart-popup|navigation-tree}?market&locale&touchpoint&customerKey&sessionKey
 *   POST     /notifications/{click|add-to-cart|add-favorite|remove-favorite|
 *                            remove-recent-searches|remove-recently-viewed|end}?market&customerKey&sessionKey
 *
 * Wire types: src/shared/search-api.ts. Full-text search on PostgreSQL's Finnish, Swedish,
 * Norwegian and Danish stemmers, with compound splitting, typo correction against the
 * catalogue's vocabulary and synonyms as data (query.ts); ranking that learns from the
 * notifications and the orders with a decay (behaviour.ts, search.ts); recommendations from
 * co-purchase, co-view, style and price band (recommendations.ts).
 */
import type { FastifyInstance } from 'fastify'
import { registerSearchAdmin } from './admin'
import { createSearchContext, type SearchServiceOptions } from './context'
import { registerNotificationRoutes } from './routes/notifications'
import { registerQueryRoutes } from './routes/queries'

export type { SearchIndexControls, SearchServiceOptions } from './context'
export { NOTIFICATION_LIMIT } from './routes/notifications'

export const SEARCH_MOUNT = '/api/storefront/v3'

/**
 * The service: one search context (the index, its vocabulary, the product reader), the page
 * queries (routes/queries.ts, one module per endpoint in queries/), the behaviour notifications
 * (routes/notifications.ts) and the admin routes (admin.ts).
 */
export default async function searchService(app: FastifyInstance, options: SearchServiceOptions) {
  const ctx = createSearchContext(app, options)
  await registerSearchAdmin(app, { db: ctx.db, config: options.config, rules: ctx.popularRules })
  registerQueryRoutes(app, ctx, SEARCH_MOUNT)
  registerNotificationRoutes(app, ctx, SEARCH_MOUNT)
  options.onIndex?.({
    ready: ctx.ensureIndex,
    started: ctx.started,
    size: () => ctx.memory.size,
    refresh: ctx.refresh,
  })
}
