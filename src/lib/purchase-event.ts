/**
 * The purchase event for the tag manager's data layer (docs/product-rules.md#analytics-and-consent), built from a placed
 * order. Pure apart from hashing (Web Crypto, in browsers and Node alike).
 *
 * - The shopper's e-mail, first name, last name and zip are trimmed, lowercased and SHA-256
 *   hashed (hex); nothing readable about the shopper leaves the page.
 * - The order's fixed-amount discount is spread over the items in proportion to their value, in
 *   whole cents, so that the item values add up to exactly what was charged for the goods:
 *   each line gets the floor of its share and the cents left over go one each to the lines with
 *   the largest remainders (ties: the earlier line). A line whose discounted total does not
 *   divide evenly by its quantity is reported as two entries of the same item (e.g. 2 × 9.99 and
 *   1 × 10.00) rather than with a price that would not add up.
 * - The item identifier is the product's article number.
 */

export interface PurchaseRow {
  articleNumber: string
  name: string
  brand?: string | null
  category?: string | null
  /** the size */
  variant?: string | null
  quantity: number
  /** unit selling price including VAT, in major units (the API's Decimal) */
  priceIncVat: number
}

export interface PurchaseOrder {
  orderId: string
  currency: string
  email?: string | null
  firstName?: string | null
  lastName?: string | null
  zip?: string | null
  rows: PurchaseRow[]
  /** order-level discount to spread over the items, including VAT, major units */
  discountIncVat: number
  shippingFeeIncVat?: number | null
}

export interface PurchaseItem {
  item_id: string
  item_name: string
  item_brand?: string
  item_category?: string
  item_variant?: string
  price: number
  quantity: number
}

export interface PurchaseEvent {
  event: 'purchase'
  ecommerce: {
    transaction_id: string
    currency: string
    value: number
    shipping?: number
    items: PurchaseItem[]
  }
  /** only with the shopper's marketing consent */
  user_data?: Partial<
    Record<'sha256_email_address' | 'sha256_first_name' | 'sha256_last_name' | 'sha256_postal_code', string>
  >
}

export const toCents = (amount: number): number => Math.round(amount * 100)
const fromCents = (cents: number): number => cents / 100

/** Trimmed and lowercased, as the hashes are taken. */
export function normaliseForHash(value: string): string {
  return value.trim().toLowerCase()
}

export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normaliseForHash(value)))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

export interface SpreadLine {
  unitCents: number
  quantity: number
}

/** The discount (cents) each line carries: proportional to line value, largest remainder, exact sum. */
export function discountShares(lines: readonly SpreadLine[], discountCents: number): number[] {
  const totals = lines.map((line) => Math.max(0, line.unitCents) * Math.max(0, line.quantity))
  const total = totals.reduce((sum, value) => sum + value, 0)
  const discount = Math.min(Math.max(0, Math.round(discountCents)), total)
  if (discount === 0 || total === 0) return lines.map(() => 0)
  const exact = totals.map((value) => (discount * value) / total)
  const shares = exact.map((value) => Math.floor(value))
  let left = discount - shares.reduce((sum, value) => sum + value, 0)
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  for (const { index } of order) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left -= 1
  }
  return shares
}

/**
 * Each line after its share of the discount, as one or two (unit price, quantity) entries whose
 * price × quantity add up to the line's discounted total exactly.
 */
export function spreadFixedDiscount(lines: readonly SpreadLine[], discountCents: number): SpreadLine[][] {
  const shares = discountShares(lines, discountCents)
  return lines.map((line, index) => {
    if (line.quantity <= 0) return []
    const lineTotal = line.unitCents * line.quantity - (shares[index] ?? 0)
    const base = Math.floor(lineTotal / line.quantity)
    const extra = lineTotal - base * line.quantity
    if (extra === 0) return [{ unitCents: base, quantity: line.quantity }]
    return [
      { unitCents: base + 1, quantity: extra },
      { unitCents: base, quantity: line.quantity - extra },
    ]
  })
}

const USER_FIELDS = [
  ['email', 'sha256_email_address'],
  ['firstName', 'sha256_first_name'],
  ['lastName', 'sha256_last_name'],
  ['zip', 'sha256_postal_code'],
] as const

/**
 * The purchase entry. `hashPersonalData` (the shopper's marketing consent) adds `user_data`;
 * without it nothing about the shopper is computed or sent.
 */
export async function buildPurchaseEvent(
  order: PurchaseOrder,
  { hashPersonalData = true }: { hashPersonalData?: boolean } = {},
): Promise<PurchaseEvent> {
  const spread = spreadFixedDiscount(
    order.rows.map((row) => ({ unitCents: toCents(row.priceIncVat), quantity: row.quantity })),
    toCents(order.discountIncVat),
  )
  const items: PurchaseItem[] = order.rows.flatMap((row, index) =>
    (spread[index] ?? []).map((entry) => {
      const item: PurchaseItem = {
        item_id: row.articleNumber,
        item_name: row.name,
        price: fromCents(entry.unitCents),
        quantity: entry.quantity,
      }
      if (row.brand) item.item_brand = row.brand
      if (row.category) item.item_category = row.category
      if (row.variant) item.item_variant = row.variant
      return item
    }),
  )
  const valueCents = spread.flat().reduce((sum, entry) => sum + entry.unitCents * entry.quantity, 0)
  const userData: NonNullable<PurchaseEvent['user_data']> = {}
  if (hashPersonalData)
    for (const [field, key] of USER_FIELDS) {
      const raw = order[field]
      if (typeof raw === 'string' && raw.trim().length > 0) userData[key] = await sha256Hex(raw)
    }
  const ecommerce: PurchaseEvent['ecommerce'] = {
    transaction_id: order.orderId,
    currency: order.currency,
    value: fromCents(valueCents),
    items,
  }
  if (typeof order.shippingFeeIncVat === 'number') ecommerce.shipping = order.shippingFeeIncVat
  return hashPersonalData
    ? { event: 'purchase', ecommerce, user_data: userData }
    : { event: 'purchase', ecommerce }
}

/** Is this event payload an order for buildPurchaseEvent (as the confirmation page records it)? */
export function isPurchaseOrder(value: unknown): value is PurchaseOrder {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.orderId === 'string' && Array.isArray(candidate.rows)
}
