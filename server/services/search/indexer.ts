/**
 * Keeps the search index (search_documents, search_compounds) in step with the catalogue, and
 * folds purchases into the popularity the ranking learns from.
 *
 * Freshness: statement triggers on products, product_texts, skus and brands queue the changed
 * products (migration 0970); each indexer round drains the queue and rebuilds their documents.
 * Prices and stock are not copied here: product_listing's own triggers refresh it in the writer's
 * transaction (migration 0700) and the index in memory follows it through search_changes
 * (memory-index.ts), so a price or stock change shows at once and only a renamed product waits
 * for the next round (a few seconds).
 * Purchases: order_rows newer than the `orders` watermark add to each product's decayed score.
 */
import { sql } from 'kysely'
import { LOCALE_CODES } from '../../../src/shared/markets'
import type { SearchDatabase } from './db'
import { addPopularity, PURCHASE_WEIGHT } from './behaviour'
import { compoundsOf, loadWords } from './vocabulary'

/** Products rebuilt per round; a bigger queue (a bulk import) is handled by a full rebuild. */
const QUEUE_BATCH = 500
const FULL_REBUILD_AT = 5000

/** Products whose documents one statement of a full rebuild writes. */
const REBUILD_BATCH = 500
/** The search_watermarks row that says the last full rebuild finished. */
const COMPLETE_MARK = 'index-complete'

export class IndexBuildStopped extends Error {
  constructor() {
    super('the search index build was stopped')
  }
}

/**
 * Computes the compound words of each language and rebuilds every document. The documents are
 * written in batches of their own statements, so the other queries of a fresh start get PGlite's
 * one connection between them (a single statement held it for minutes at 50,000 products); a
 * watermark written last tells a finished build from one interrupted by a stop or a crash.
 * `stopped` is asked between batches (the app is closing).
 */
export async function rebuildIndex(db: SearchDatabase, stopped: () => boolean = () => false): Promise<void> {
  await db.deleteFrom('search_watermarks').where('name', '=', COMPLETE_MARK).execute()
  // a product changed from here on is queued again and rebuilt by a later round
  await db.deleteFrom('search_index_queue').execute()
  await db.deleteFrom('search_documents').execute()
  await db.deleteFrom('search_compounds').execute()
  for (const language of LOCALE_CODES) {
    if (stopped()) throw new IndexBuildStopped()
    const compounds = [...compoundsOf(await loadWords(db, language))]
    for (let i = 0; i < compounds.length; i += 1000) {
      await db
        .insertInto('search_compounds')
        .values(compounds.slice(i, i + 1000).map(([word, parts]) => ({ language, word, parts })))
        .execute()
    }
  }
  const { rows } = await sql<{ top: number | null }>`SELECT max(product_id) AS top FROM products`.execute(db)
  const top = Number(rows[0]?.top ?? 0)
  for (let from = 1; from <= top; from += REBUILD_BATCH) {
    if (stopped()) throw new IndexBuildStopped()
    const ids = Array.from({ length: Math.min(REBUILD_BATCH, top - from + 1) }, (_, i) => from + i)
    await sql`INSERT INTO search_documents (language, product_id, lexemes)
              SELECT language, product_id, lexemes FROM search_document_rows(${ids}::integer[])`.execute(db)
  }
  // fresh statistics after the bulk change, or the planner guesses its way past the indexes
  await sql`ANALYZE search_documents, search_compounds`.execute(db)
  await db
    .insertInto('search_watermarks')
    .values({ name: COMPLETE_MARK, value: Date.now() })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: Date.now() }))
    .execute()
}

/** Rebuilds the documents of queued products; returns how many were rebuilt. */
export async function drainIndexQueue(db: SearchDatabase): Promise<number> {
  const queued = await db
    .selectFrom('search_index_queue')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  if (Number(queued?.n ?? 0) >= FULL_REBUILD_AT) {
    await rebuildIndex(db)
    return Number(queued?.n)
  }
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ product_id: number }>`
      DELETE FROM search_index_queue WHERE product_id IN (
        SELECT product_id FROM search_index_queue ORDER BY queued_at LIMIT ${QUEUE_BATCH})
      RETURNING product_id`.execute(trx)
    if (rows.length === 0) return 0
    const ids = rows.map((row) => row.product_id)
    await trx.deleteFrom('search_documents').where('product_id', 'in', ids).execute()
    await sql`INSERT INTO search_documents (language, product_id, lexemes)
              SELECT language, product_id, lexemes FROM search_document_rows(${ids}::integer[])`.execute(trx)
    return ids.length
  })
}

/** True when a full rebuild finished and none started since. */
export async function indexIsComplete(db: SearchDatabase): Promise<boolean> {
  const row = await db
    .selectFrom('search_watermarks')
    .select('name')
    .where('name', '=', COMPLETE_MARK)
    .executeTakeFirst()
  return row !== undefined
}

/** Drops the change log's entries older than an hour (every instance has read them by then). */
export async function pruneChanges(db: SearchDatabase): Promise<void> {
  await sql`DELETE FROM search_changes WHERE changed_at < now() - interval '1 hour'`.execute(db)
}

/**
 * Adds the purchases of orders placed since the last round to the products' popularity. The
 * co-purchase recommendations read order_rows themselves.
 */
export async function foldPurchases(db: SearchDatabase, halfLifeDays: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const mark = await trx
      .selectFrom('search_watermarks')
      .select('value')
      .where('name', '=', 'orders')
      .forUpdate()
      .executeTakeFirst()
    const from = Number(mark?.value ?? 0)
    const { rows } = await sql<{ product_id: number; quantity: number; last_order: number }>`
      SELECT r.product_id, sum(r.quantity)::int AS quantity, max(r.order_id) AS last_order
      FROM order_rows r
      JOIN orders o ON o.order_id = r.order_id
      JOIN products p ON p.product_id = r.product_id
      WHERE r.order_id > ${from} AND o.status <> 'cancelled'
      GROUP BY r.product_id`.execute(trx)
    if (rows.length === 0) return 0
    await addPopularity(
      trx,
      rows.map((row) => ({ productId: row.product_id, weight: PURCHASE_WEIGHT * row.quantity })),
      halfLifeDays,
    )
    const last = Math.max(...rows.map((row) => Number(row.last_order)))
    await trx
      .insertInto('search_watermarks')
      .values({ name: 'orders', value: last })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: last }))
      .execute()
    return rows.length
  })
}
