/**
 * Delivers shop events to the tag manager's data layer (docs/product-rules.md#analytics-and-consent, issue #13) as GA4
 * ecommerce events: page_view, view_item_list, select_item, view_item, add_to_cart,
 * remove_from_cart, view_cart, begin_checkout, add_shipping_info, add_payment_info, purchase,
 * add_to_wishlist, search, login and sign_up (docs/analytics.md has every payload). Product
 * impressions are sent in batches of 4 and flushed before any other event and before the page
 * goes away. Each ecommerce event is preceded by `{ ecommerce: null }`, as GA4 asks, so a
 * previous event's items never leak into the next.
 *
 * The data layer fills whatever the shopper chose: nothing leaves the page until the tag manager
 * is loaded, and that happens only after consent (src/features/consent). The purchase's hashed
 * e-mail, names and zip (SHA-256) are added only with marketing consent.
 *
 * Payload conventions of the events this maps (the emitters follow them):
 *   product:impression / product:click  { product, listName?, index? }
 *   product-detail:impression           { product }
 *   cart:add / cart:remove              { product, quantity, variant? }
 *   cart:view, checkout:impression      { items: [{ product, quantity, variant? }] }
 *   checkout:shipping                   { items, shippingTier }
 *   checkout:payment                    { items, paymentType }
 *   favorite:add                        { productId, product? }
 *   search                              { searchTerm }
 *   user:login / user:register          {}
 *   checkout:purchase                   a PurchaseOrder (src/lib/purchase-event.ts), or
 *                                         { orderId, currency, items: [{ product, quantity }],
 *                                         fixedAmountDiscountIncVat?, shippingFeeIncVat?,
 *                                         email?, firstName?, lastName?, zip? }
 * A product is the API's product: articleNumber, name, brand.name, primaryCategory.name and
 * unitPrice (sellingPriceIncVat, regularPriceIncVat, discountPercentage).
 */
import type { AppStore } from '../../app/store'
import { eventsDelivered, shopEventRecorded, type ShopEvent } from './slice'
import { discountBandOf } from '../../shared/discount-bands'
import { personalDataAllowed } from '../consent/consent'
import { record, text } from './payload'

export const IMPRESSION_BATCH_SIZE = 4

export type DataLayerEntry = Record<string, unknown>

/** What the events need to know about the page when they are written. */
export interface DataLayerContext {
  /** the market's currency (ISO 4217), GA4's `currency` */
  currency?: string
  /** the shopper gave marketing consent: the purchase may carry hashed personal data */
  personalDataAllowed: boolean
}

const NO_CONTEXT: DataLayerContext = { personalDataAllowed: false }

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[]
  }
}

/** docs/product-rules.md#analytics-and-consent sales_type: the discount's band, e.g. '16-20'. */
export function discountBand(percentage: number): string {
  const band = discountBandOf(percentage)
  if (!band) throw new Error('Invalid discount percentage')
  return `${band[0]}-${band[1]}`
}

function amount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

const roundCents = (value: number) => Math.round(value * 100) / 100

/** A GA4 item from the API's product; the item identifier is the article number (docs/product-rules.md#analytics-and-consent). */
export function analyticsItem(
  productValue: unknown,
  extras: { quantity?: number; listName?: string; index?: number; variant?: string } = {},
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
  if (extras.variant) item.item_variant = extras.variant
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

function lineItems(itemsValue: unknown): { product: unknown; quantity: number; variant?: string }[] {
  if (!Array.isArray(itemsValue)) return []
  return itemsValue.map((line) => {
    const entry = record(line)
    return { product: entry.product, quantity: amount(entry.quantity) ?? 1, variant: text(entry.variant) }
  })
}

/** GA4 items of cart or checkout lines, and their value (price × quantity, in cents). */
function linesEcommerce(itemsValue: unknown): { items: DataLayerEntry[]; value: number } {
  const items = lineItems(itemsValue).map((line) =>
    analyticsItem(line.product, { quantity: line.quantity, variant: line.variant }),
  )
  const value = roundCents(
    items.reduce((sum, item) => sum + (amount(item.price) ?? 0) * (amount(item.quantity) ?? 1), 0),
  )
  return { items, value }
}

async function purchaseEntry(
  payload: Record<string, unknown>,
  personalDataAllowed: boolean,
): Promise<DataLayerEntry> {
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
  if (personalDataAllowed)
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
  return personalDataAllowed
    ? { event: 'purchase', ecommerce, user_data: userData }
    : { event: 'purchase', ecommerce }
}

/**
 * Turns shop events into data-layer entries, in order. One per page: it remembers whether the
 * original location was sent and holds the impression batch.
 */
export function createDataLayerWriter(
  push: (entry: DataLayerEntry) => void,
  currentUrl: () => string,
  context: () => DataLayerContext = () => NO_CONTEXT,
) {
  let impressions: DataLayerEntry[] = []
  let originalLocationSent = false
  let chain: Promise<void> = Promise.resolve()

  const pushEcommerce = (event: string, ecommerce: DataLayerEntry, extra: DataLayerEntry = {}) => {
    const currency = context().currency
    push({ ecommerce: null })
    push({ event, ...extra, ecommerce: currency ? { currency, ...ecommerce } : ecommerce })
  }

  /** One product's event with GA4's value (its selling price × quantity). */
  const pushItem = (event: string, item: DataLayerEntry) => {
    const price = amount(item.price)
    const value = price === undefined ? undefined : roundCents(price * (amount(item.quantity) ?? 1))
    pushEcommerce(event, value === undefined ? { items: [item] } : { value, items: [item] })
  }

  const flush = () => {
    if (impressions.length === 0) return
    const items = impressions
    impressions = []
    const listName = text(items[0]?.item_list_name)
    pushEcommerce('view_item_list', listName ? { item_list_name: listName, items } : { items })
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
        // GA4's own page view: the single-page app's navigations are pages too
        const location = new URL(String(payload.fullPath ?? ''), currentUrl())
        push({
          event: 'page_view',
          page_location: location.href,
          page_path: location.pathname,
          page_type: payload.routeName,
        })
        return
      }
      case 'product:click': {
        const listName = text(payload.listName)
        const item = analyticsItem(payload.product, { listName, index: amount(payload.index) })
        return pushEcommerce(
          'select_item',
          listName ? { item_list_name: listName, items: [item] } : { items: [item] },
        )
      }
      case 'product-detail:impression':
        return pushItem('view_item', analyticsItem(payload.product))
      case 'cart:add':
      case 'cart:remove':
        return pushItem(
          event.type === 'cart:add' ? 'add_to_cart' : 'remove_from_cart',
          analyticsItem(payload.product, {
            quantity: amount(payload.quantity) ?? 1,
            variant: text(payload.variant),
          }),
        )
      case 'favorite:add':
        return payload.product
          ? pushItem('add_to_wishlist', analyticsItem(payload.product))
          : pushEcommerce('add_to_wishlist', { items: [{ item_id: String(payload.productId ?? '') }] })
      case 'cart:view':
        return pushEcommerce('view_cart', linesEcommerce(payload.items))
      case 'checkout:impression':
        return pushEcommerce('begin_checkout', linesEcommerce(payload.items))
      case 'checkout:shipping': {
        const tier = text(payload.shippingTier)
        const lines = linesEcommerce(payload.items)
        return pushEcommerce('add_shipping_info', tier ? { ...lines, shipping_tier: tier } : lines)
      }
      case 'checkout:payment': {
        const paymentType = text(payload.paymentType)
        const lines = linesEcommerce(payload.items)
        return pushEcommerce(
          'add_payment_info',
          paymentType ? { ...lines, payment_type: paymentType } : lines,
        )
      }
      case 'search': {
        const term = text(payload.searchTerm)
        if (term) push({ event: 'search', search_term: term })
        return
      }
      case 'user:login':
        return push({ event: 'login', method: 'password' })
      case 'user:register':
        return push({ event: 'sign_up', method: 'password' })
      case 'checkout:purchase': {
        const personalDataAllowed = context().personalDataAllowed
        // the confirmation page records the placed order (src/lib/purchase-event.ts); loaded only
        // here so that the hashing and spreading stay out of every page's first-load JavaScript
        const { buildPurchaseEvent, isPurchaseOrder } = await import('../../lib/purchase-event')
        const entry: DataLayerEntry = isPurchaseOrder(payload)
          ? { ...(await buildPurchaseEvent(payload, { hashPersonalData: personalDataAllowed })) }
          : await purchaseEntry(payload, personalDataAllowed)
        push({ ecommerce: null })
        push(entry)
        return
      }
      default:
        // the other shop events (logout, customer type, favourite removal, cart changes) are the
        // shop's own messages and have no tag-manager entry
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

function writerFor(target: Window, context: () => DataLayerContext): DataLayerWriter {
  let writer = writers.get(target)
  if (!writer) {
    writer = createDataLayerWriter(
      (entry) => {
        target.dataLayer = target.dataLayer ?? []
        target.dataLayer.push(entry)
      },
      () => target.location.href,
      context,
    )
    writers.set(target, writer)
  }
  return writer
}

export function startEventDelivery(store: AppStore, target: Window = window): () => void {
  const writer = writerFor(target, () => {
    const state = store.getState()
    return {
      currency: state.channel.currency,
      personalDataAllowed: personalDataAllowed(state.consent.choice),
    }
  })
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
