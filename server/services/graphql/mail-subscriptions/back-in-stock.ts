/**
 * Back-in-stock mails (docs/product-rules.md#mails-and-subscriptions, issue #11 item 5; docs/adr/0031-stock-mails.md).
 *
 * Data-driven: whatever gives a size stock again (the admin stock operation, a received return
 * put back on the shelf, an import), a round of this job finds the requests still waiting whose
 * size can be bought again and sends each subscriber ONE `back-in-stock` mail in their language
 * with the product's link and an unsubscribe link. The job runs every BACK_IN_STOCK_INTERVAL_MS
 * and is kicked right after the stock operation.
 *
 * Exactly once, with any number of instances running rounds at the same time: a round claims its
 * requests with one UPDATE … WHERE notified_at IS NULL (rows locked, SKIP LOCKED so a second
 * round takes others instead of waiting) and queues the mails in the same transaction, so a mail
 * is queued if and only if its request was marked sent.
 */
import { sql, type Kysely } from 'kysely'
import type { Config } from '../../../config'
import { toJson, type DB } from '../../../db/schema'
import type { NoticeMailPayload } from '../../../contracts/mail'
import { isLocaleCode, isMarketAlias, FALLBACK_MARKET, MARKETS } from '../../../../src/shared/markets'
import { mailLinkPageUrl, productPageUrl, signMailLink, type MailPlace } from './links'

export const BACK_IN_STOCK_INTERVAL_MS = 15_000
/** Requests claimed per transaction; a round repeats until none is left. */
export const BACK_IN_STOCK_BATCH = 100

export type MailLinkConfig = Pick<Config, 'sessionSecret' | 'urlMode' | 'marketDomains' | 'publicUrl'>

interface ClaimedRequest {
  monitor_id: number
  email: string
  sku_id: number
  market_alias: string | null
  language: string | null
}

/** The request's market and a language of that market (the market's default when unknown). */
export function placeOf(marketAlias: string | null, language: string | null): MailPlace {
  const market = isMarketAlias(marketAlias) ? marketAlias : FALLBACK_MARKET
  const allowed = MARKETS[market].allowedLocales as readonly string[]
  return {
    market,
    language: isLocaleCode(language) && allowed.includes(language) ? language : MARKETS[market].defaultLocale,
  }
}

async function claimBatch(trx: Kysely<DB>, now: Date): Promise<ClaimedRequest[]> {
  const result = await sql<ClaimedRequest>`
    UPDATE stock_monitors AS m
    SET notified_at = ${now}
    WHERE m.monitor_id IN (
      SELECT w.monitor_id
      FROM stock_monitors AS w
      JOIN skus AS s ON s.sku_id = w.sku_id
      JOIN products AS p ON p.product_id = s.product_id
      WHERE w.notified_at IS NULL AND w.unsubscribed_at IS NULL AND p.is_active
        AND s.stock_in_stock + s.stock_oversellable + s.stock_static > 0
      ORDER BY w.monitor_id
      LIMIT ${BACK_IN_STOCK_BATCH}
      FOR UPDATE OF w SKIP LOCKED
    )
      AND m.notified_at IS NULL AND m.unsubscribed_at IS NULL
    RETURNING m.monitor_id, m.email, m.sku_id, m.market_alias, m.language`.execute(trx)
  return result.rows
}

async function queueMails(trx: Kysely<DB>, config: MailLinkConfig, claimed: ClaimedRequest[]): Promise<void> {
  const skuIds = [...new Set(claimed.map((request) => request.sku_id))]
  const skus = await trx
    .selectFrom('skus')
    .innerJoin('product_texts as t', 't.product_id', 'skus.product_id')
    .select(['skus.sku_id', 'skus.name as size', 't.language', 't.name', 't.alias'])
    .where('skus.sku_id', 'in', skuIds)
    .execute()
  for (const request of claimed) {
    const place = placeOf(request.market_alias, request.language)
    const texts = skus.filter((row) => row.sku_id === request.sku_id)
    const text = texts.find((row) => row.language === place.language) ?? texts[0]
    if (!text) continue // a product without texts cannot be linked; it is not shown in the shop either
    const unsubscribe = signMailLink(config, { p: 'back-in-stock-unsubscribe', e: request.email })
    const payload: NoticeMailPayload = {
      params: { product: text.name, size: text.size },
      actionUrl: productPageUrl(config, place, text.alias),
      unsubscribeUrl: mailLinkPageUrl(config, place, 'unsubscribe', unsubscribe),
    }
    await trx
      .insertInto('mail_messages')
      .values({
        kind: 'back-in-stock',
        order_id: null,
        recipient: request.email,
        language: place.language,
        status: 'queued',
        payload: toJson(payload),
      })
      .execute()
  }
}

/**
 * One round: claims the waiting requests whose size is in stock again, batch by batch, and
 * queues their mails. Returns how many requests were answered.
 */
export async function sendBackInStockMails(
  db: Kysely<DB>,
  config: MailLinkConfig,
  now: () => Date = () => new Date(),
): Promise<number> {
  let answered = 0
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const batch = await claimBatch(trx, now())
      if (batch.length > 0) await queueMails(trx, config, batch)
      return batch.length
    })
    answered += claimed
    if (claimed < BACK_IN_STOCK_BATCH) return answered
  }
}

/**
 * The unsubscribe link of a back-in-stock mail: withdraws every request of the address still
 * waiting, so no further back-in-stock mail goes to it until the shopper asks again.
 * Returns whether any request was still waiting.
 */
export async function withdrawStockRequests(db: Kysely<DB>, email: string, now: Date): Promise<boolean> {
  const withdrawn = await db
    .updateTable('stock_monitors')
    .set({ unsubscribed_at: now })
    .where('email', '=', email)
    .where('notified_at', 'is', null)
    .where('unsubscribed_at', 'is', null)
    .returning('monitor_id')
    .execute()
  return withdrawn.length > 0
}
