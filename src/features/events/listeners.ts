/**
 * Delivers shop events to the tag manager's data layer (spec §7 'Analytics'). Product
 * impressions are sent in batches of 4 and flushed before any other event and before the page
 * goes away. On purchase the shopper's e-mail, names and zip are lowercased, trimmed and SHA-256
 * hashed, and a fixed-amount discount is spread over the items in proportion to their value.
 *
 * Payload conventions of the events this maps (the emitters follow them):
 *   product:impression / product:click  { product, listName?, index? }
 *   product-detail:impression           { product }
 *   cart:add / cart:remove              { product, quantity }
 *   favorite:add                        { productId, product? }
 *   checkout:impression                 { items: [{ product, quantity }], currency? }
 *   checkout:purchase                   a PurchaseOrder (src/lib/purchase-event.ts), or
 *                                         { orderId, currency, items: [{ product, quantity }],
 *                                         fixedAmountDiscountIncVat?, shippingFeeIncVat?,
 *                                         email?, firstName?, lastName?, zip? }
 */
import type { AppStore } from '../../app/store'
import { eventsDelivered, shopEventRecorded, type ShopEvent } from './slice'
import { discountBandOf } from '../../shared/discount-bands'

export const IMPRESSION_BATCH_SIZE = 4

export type DataLayerEntry = Record<string, unknown>

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

/** Spec §9 sales_type: the discount's band, e.g. '16-20'. */
export function discountBand(percentage: number): string {
  const band = discountBandOf(percentage)
  if (!band) throw new Error('Invalid discount percentage')
  return `${band[0]}-${band[1]}`
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

const roundCents = (value: number) => Math.round(value * 100) / 100

/** A GA4 item from the API's product; the item identifier is the article number (spec §7). */
export function analyticsItem(
  productValue: unknown,
  extras: { quantity?: number; listName?: string; index?: number } = {},
): DataLayerEntry {
  const product = record(productValue)
  const price = record(product.unitPrice)
  const selling = amount(price.sellingPriceIncVat)
  const regular = amount(price.regularPriceIncVat)
  const item: DataLayerEntry = {
    item_id: text(product.articleNumber) ?? String(product.productId ?? ''),
    item_name: text(product.name) ?? '',
  }
  const brand = text(record(product.brand).name)
  if (brand) item.item_brand = brand
  const category = text(record(product.primaryCategory).name)
  if (category) item.item_category = category
  if (selling !== undefined) item.price = selling
  if (selling !== undefined && regular !== undefined && regular > selling)
    item.discount = roundCents(regular - selling)
  const percentage = amount(price.discountPercentage)
  if (percentage !== undefined) {
    try {
      item.sales_type = discountBand(percentage)
    } catch {
      // a broken percentage from the API only loses the band
    }
  }
  if (extras.quantity !== undefined) item.quantity = extras.quantity
  if (extras.listName) item.item_list_name = extras.listName
  if (extras.index !== undefined) item.index = extras.index
  return item
}

/** Subtracts a fixed discount from the unit prices in proportion to each line's value, in cents. */
export function spreadDiscount(lines: { price: number; quantity: number }[], discount: number): number[] {
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0)
  if (discount <= 0 || total <= 0) return lines.map((line) => line.price)
  return lines.map((line) => {
    if (line.quantity <= 0) return line.price
    const share = (discount * line.price * line.quantity) / total
    return roundCents(line.price - share / line.quantity)
  })
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value.trim().toLowerCase()))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

function lineItems(itemsValue: unknown): { product: unknown; quantity: number }[] {
  if (!Array.isArray(itemsValue)) return []
  return itemsValue.map((line) => {
    const entry = record(line)
    return { product: entry.product, quantity: amount(entry.quantity) ?? 1 }
  })
}

async function purchaseEntry(payload: Record<string, unknown>): Promise<DataLayerEntry> {
  const lines = lineItems(payload.items)
  const items = lines.map((line) => analyticsItem(line.product, { quantity: line.quantity }))
  const prices = spreadDiscount(
    items.map((item, i) => ({ price: amount(item.price) ?? 0, quantity: lines[i]?.quantity ?? 1 })),
    amount(payload.fixedAmountDiscountIncVat) ?? 0,
  )
  items.forEach((item, i) => {
    if (item.price !== undefined) item.price = prices[i]
  })
  const value = roundCents(
    items.reduce((sum, item) => sum + (amount(item.price) ?? 0) * (amount(item.quantity) ?? 1), 0),
  )
  const userData: Record<string, string> = {}
  for (const [field, key] of [
    ['email', 'sha256_email_address'],
    ['firstName', 'sha256_first_name'],
    ['lastName', 'sha256_last_name'],
    ['zip', 'sha256_postal_code'],
  ] as const) {
    const raw = text(payload[field])
    if (raw) userData[key] = await sha256Hex(raw)
  }
  const ecommerce: DataLayerEntry = {
    transaction_id: String(payload.orderId ?? ''),
    currency: text(payload.currency) ?? '',
    value,
    items,
  }
  const shipping = amount(payload.shippingFeeIncVat)
  if (shipping !== undefined) ecommerce.shipping = shipping
  return { event: 'purchase', ecommerce, user_data: userData }
}

/**
 * Turns shop events into data-layer entries, in order. One per page: it remembers whether the
 * original location was sent and holds the impression batch.
 */
export function createDataLayerWriter(push: (entry: DataLayerEntry) => void, currentUrl: () => string) {
  let impressions: DataLayerEntry[] = []
  let originalLocationSent = false
  let chain: Promise<void> = Promise.resolve()

  const pushEcommerce = (event: string, ecommerce: DataLayerEntry) => {
    push({ ecommerce: null })
    push({ event, ecommerce })
  }

  const flush = () => {
    if (impressions.length === 0) return
    const items = impressions
    impressions = []
    pushEcommerce('view_item_list', { items })
  }

  const handle = async (event: ShopEvent): Promise<void> => {
    const payload = event.payload
    if (event.type === 'product:impression') {
      impressions.push(
        analyticsItem(payload.product, { listName: text(payload.listName), index: amount(payload.index) }),
      )
      if (impressions.length >= IMPRESSION_BATCH_SIZE) flush()
      return
    }
    flush()
    switch (event.type) {
      case 'page:impression': {
        const page = { route_name: payload.routeName, page_path: payload.fullPath }
        if (!originalLocationSent) {
          originalLocationSent = true
          push({ event: 'original_location', original_location: currentUrl() })
          push({ event: 'page_data', page })
        } else {
          push({ event: 'page_data', page })
          push({ event: 'virtual_page_view', page })
        }
        return
      }
      case 'product:click':
        return pushEcommerce('select_item', {
          items: [
            analyticsItem(payload.product, {
              listName: text(payload.listName),
              index: amount(payload.index),
            }),
          ],
        })
      case 'product-detail:impression':
        return pushEcommerce('view_item', { items: [analyticsItem(payload.product)] })
      case 'cart:add':
      case 'cart:remove':
        return pushEcommerce(event.type === 'cart:add' ? 'add_to_cart' : 'remove_from_cart', {
          items: [analyticsItem(payload.product, { quantity: amount(payload.quantity) ?? 1 })],
        })
      case 'favorite:add':
        return pushEcommerce('add_to_wishlist', {
          items: payload.product
            ? [analyticsItem(payload.product)]
            : [{ item_id: String(payload.productId ?? '') }],
        })
      case 'checkout:impression':
        return pushEcommerce('begin_checkout', {
          items: lineItems(payload.items).map((line) =>
            analyticsItem(line.product, { quantity: line.quantity }),
          ),
        })
      case 'checkout:purchase': {
        // the confirmation page records the placed order (src/lib/purchase-event.ts); loaded only
        // here so that the hashing and spreading stay out of every page's first-load JavaScript
        const { buildPurchaseEvent, isPurchaseOrder } = await import('../../lib/purchase-event')
        const entry: DataLayerEntry = isPurchaseOrder(payload)
          ? { ...(await buildPurchaseEvent(payload)) }
          : await purchaseEntry(payload)
        push({ ecommerce: null })
        push(entry)
        return
      }
      default:
        // the other shop events (logout, customer type, favourite removal) have no tag-manager entry
        return
    }
  }

  return {
    /** Queues the events; entries reach the data layer in event order even when hashing waits. */
    write(events: ShopEvent[]): Promise<void> {
      chain = chain.then(async () => {
        for (const event of events) {
          try {
            await handle(event)
          } catch (error) {
            console.warn('[events] could not send an analytics event', event.type, error)
          }
        }
      })
      return chain
    },
    flush,
  }
}

/** Drains the store's event queue into `window.dataLayer` now and on every new event. */
type DataLayerWriter = ReturnType<typeof createDataLayerWriter>

/** One writer per page, so a layout change that re-registers listeners does not resend original_location. */
const writers = new WeakMap<Window, DataLayerWriter>()

function writerFor(target: Window): DataLayerWriter {
  let writer = writers.get(target)
  if (!writer) {
    writer = createDataLayerWriter(
      (entry) => {
        target.dataLayer = target.dataLayer ?? []
        target.dataLayer.push(entry)
      },
      () => target.location.href,
    )
    writers.set(target, writer)
  }
  return writer
}

export function startEventDelivery(store: AppStore, target: Window = window): () => void {
  const writer = writerFor(target)
  const drain = () => {
    const pending = store.getState().events.queue
    const last = pending[pending.length - 1]
    if (!last) return
    store.dispatch(eventsDelivered(last.id))
    void writer.write(pending)
  }
  drain()
  const stop = store.startListening({ actionCreator: shopEventRecorded, effect: drain })
  const onPageHide = () => {
    // send what is held now, and again once events still being prepared (hashing) are through
    writer.flush()
    void writer.write([]).then(writer.flush)
  }
  target.addEventListener('pagehide', onPageHide)
  target.addEventListener('beforeunload', onPageHide)
  return () => {
    stop()
    target.removeEventListener('pagehide', onPageHide)
    target.removeEventListener('beforeunload', onPageHide)
    writer.flush()
  }
}
