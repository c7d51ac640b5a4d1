/**
 * The back office's operations of this area (docs/adr/0027-admin-api.md, docs/adr/0031-stock-mails.md):
 *
 *   POST /admin/api/stock        { skuId, quantity } or { articleNumber, size, quantity }
 *       sets a size's stock on hand (stock_in_stock, absolute). Audited as `stock.set` with the
 *       old and new quantity; the product's cached pages are dropped; then the back-in-stock job
 *       runs at once, so the answer says how many back-in-stock mails were queued.
 *   GET  /admin/api/subscribers?type=newsletter|back-in-stock[&status=…][&limit=][&after=]
 *       lists subscribers with their state; `next` continues the list.
 */
import type { FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import { AdminRefusal, parseAdminInput, recordAdminAction, registerAdminRoutes } from '../../shared/admin'
import { sendBackInStockMails } from './back-in-stock'

export interface StockMailsAdminOptions {
  database: Database
  config: Config
}

const MAX_STOCK = 1_000_000

const stockInput = z.union([
  z.object({
    skuId: z.number().int().positive(),
    quantity: z.number().int().min(0).max(MAX_STOCK),
  }),
  z.object({
    articleNumber: z.string().trim().min(1).max(64),
    size: z.string().trim().min(1).max(64),
    quantity: z.number().int().min(0).max(MAX_STOCK),
  }),
])

const subscribersQuery = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('newsletter'),
    status: z.enum(['pending', 'confirmed', 'unsubscribed']).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    /** the last e-mail of the previous page */
    after: z.string().max(254).optional(),
  }),
  z.object({
    type: z.literal('back-in-stock'),
    status: z.enum(['waiting', 'sent', 'unsubscribed']).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    /** the last id of the previous page */
    after: z.coerce.number().int().min(0).optional(),
  }),
])

type SubscribersQuery = z.infer<typeof subscribersQuery>

/** A page of newsletter subscribers, by e-mail, with their welcome code. */
async function newsletterSubscribers(
  db: Kysely<DB>,
  query: Extract<SubscribersQuery, { type: 'newsletter' }>,
) {
  let select = db
    .selectFrom('newsletter_subscriptions as n')
    .leftJoin('newsletter_welcome_codes as w', 'w.email', 'n.email')
    .select([
      'n.email',
      'n.market_alias',
      'n.language',
      'n.source',
      'n.tags',
      'n.created_at',
      'n.confirmed_at',
      'n.unsubscribed_at',
      'w.code as welcome_code',
    ])
    .orderBy('n.email')
    .limit(query.limit + 1)
  if (query.after) select = select.where('n.email', '>', query.after)
  if (query.status === 'unsubscribed') select = select.where('n.unsubscribed_at', 'is not', null)
  if (query.status === 'confirmed')
    select = select.where('n.unsubscribed_at', 'is', null).where('n.confirmed_at', 'is not', null)
  if (query.status === 'pending')
    select = select.where('n.unsubscribed_at', 'is', null).where('n.confirmed_at', 'is', null)
  const rows = await select.execute()
  const page = rows.slice(0, query.limit)
  return {
    subscribers: page.map((row) => ({
      email: row.email,
      status: row.unsubscribed_at ? 'unsubscribed' : row.confirmed_at ? 'confirmed' : 'pending',
      market: row.market_alias,
      language: row.language,
      source: row.source,
      tags: row.tags,
      subscribedAt: row.created_at,
      confirmedAt: row.confirmed_at,
      unsubscribedAt: row.unsubscribed_at,
      welcomeCode: row.welcome_code,
    })),
    next: rows.length > query.limit ? (page.at(-1)?.email ?? null) : null,
  }
}

/** A page of back-in-stock requests, by id. */
async function stockMonitors(db: Kysely<DB>, query: Extract<SubscribersQuery, { type: 'back-in-stock' }>) {
  let select = db
    .selectFrom('stock_monitors as m')
    .innerJoin('skus as s', 's.sku_id', 'm.sku_id')
    .innerJoin('products as p', 'p.product_id', 's.product_id')
    .select([
      'm.monitor_id',
      'm.email',
      'm.sku_id',
      's.name as size',
      'p.article_number',
      'm.market_alias',
      'm.language',
      'm.created_at',
      'm.notified_at',
      'm.unsubscribed_at',
    ])
    .orderBy('m.monitor_id')
    .limit(query.limit + 1)
  if (query.after !== undefined) select = select.where('m.monitor_id', '>', query.after)
  if (query.status === 'unsubscribed') select = select.where('m.unsubscribed_at', 'is not', null)
  if (query.status === 'sent') select = select.where('m.notified_at', 'is not', null)
  if (query.status === 'waiting')
    select = select.where('m.notified_at', 'is', null).where('m.unsubscribed_at', 'is', null)
  const rows = await select.execute()
  const page = rows.slice(0, query.limit)
  return {
    subscribers: page.map((row) => ({
      id: row.monitor_id,
      email: row.email,
      status: row.notified_at ? 'sent' : row.unsubscribed_at ? 'unsubscribed' : 'waiting',
      skuId: row.sku_id,
      articleNumber: row.article_number,
      size: row.size,
      market: row.market_alias,
      language: row.language,
      subscribedAt: row.created_at,
      sentAt: row.notified_at,
      unsubscribedAt: row.unsubscribed_at,
    })),
    next: rows.length > query.limit ? (page.at(-1)?.monitor_id ?? null) : null,
  }
}

export async function registerStockMailsAdmin(
  app: FastifyInstance,
  { database, config }: StockMailsAdminOptions,
): Promise<void> {
  const db = database.db

  await registerAdminRoutes(app, { area: 'stock', config }, (admin) => {
    admin.post('/', async (request) => {
      const input = parseAdminInput(stockInput, request.body)
      const changed = await db.transaction().execute(async (trx) => {
        let query = trx
          .selectFrom('skus')
          .innerJoin('products', 'products.product_id', 'skus.product_id')
          .select([
            'skus.sku_id',
            'skus.product_id',
            'skus.name as size',
            'skus.article_number',
            'skus.stock_in_stock',
          ])
          // the size's row only: orders update the product's sales counter meanwhile
          .forUpdate('skus')
        query =
          'skuId' in input
            ? query.where('skus.sku_id', '=', input.skuId)
            : query
                .where('products.article_number', '=', input.articleNumber)
                .where(sql<string>`lower(skus.name)`, '=', input.size.toLowerCase())
        const sku = await query.executeTakeFirst()
        if (!sku) {
          const which =
            'skuId' in input ? `SKU ${input.skuId}` : `size ${input.size} of ${input.articleNumber}`
          throw new AdminRefusal(404, 'SKU_NOT_FOUND', `No ${which}.`)
        }
        await trx
          .updateTable('skus')
          .set({ stock_in_stock: input.quantity })
          .where('sku_id', '=', sku.sku_id)
          .execute()
        // The trigger of migration 0600 drops the product's pages when the stock status changes;
        // a set quantity may change only the count a page shows, so the product is named here too.
        await sql`SELECT page_cache_notify(${`product:${sku.product_id}`})`.execute(trx)
        await recordAdminAction(trx, request, {
          action: 'stock.set',
          target: `sku ${sku.sku_id}`,
          details: {
            skuId: sku.sku_id,
            productId: sku.product_id,
            articleNumber: sku.article_number,
            size: sku.size,
            from: sku.stock_in_stock,
            to: input.quantity,
          },
        })
        return sku
      })
      // Right after the change: the back-in-stock job answers waiting requests now, not on its next tick.
      let backInStockMails = 0
      try {
        backInStockMails = await sendBackInStockMails(db, config)
      } catch (error) {
        request.log.warn({ err: error }, 'back-in-stock round after a stock change failed; the job retries')
      }
      return {
        skuId: changed.sku_id,
        productId: changed.product_id,
        articleNumber: changed.article_number,
        size: changed.size,
        previousQuantity: changed.stock_in_stock,
        quantity: input.quantity,
        backInStockMails,
      }
    })
  })

  await registerAdminRoutes(app, { area: 'subscribers', config }, (admin) => {
    admin.get('/', async (request) => {
      const query = parseAdminInput(subscribersQuery, request.query)
      return query.type === 'newsletter' ? newsletterSubscribers(db, query) : stockMonitors(db, query)
    })
  })
}
