/**
 * The shop's payment kinds, in one table: how an order paid by each kind is settled, what the
 * checkout asks of the shopper for it, the type name the spec's customer-status rule reads, and
 * where a refund goes (ADR 0059). Every rule that depends on how an order is paid reads this
 * module; no other product file names a kind (the `paymentKindRule` of eslint.config.js refuses a
 * `'card'` or `'invoice'` literal elsewhere). The database holds the same list in `payment_kinds`
 * (migration 1058), which orders and payment options reference.
 */

/**
 * - `provider`: placed first, then paid at a payment provider's page; the order waits for the
 *   provider's signed callback, and a refund goes back through the provider.
 * - `invoiced`: the shop trusts the buyer at placement (credit check by personal id), the order is
 *   confirmed at once and falls due after the market's invoice term; a refund credits the invoice.
 */
export type Settlement = 'provider' | 'invoiced'

export interface PaymentKindDefinition {
  settlement: Settlement
  /** the provider that takes the payment (its service in server/services/), for `provider` kinds */
  provider: string | null
  /** the checkout requires the buyer's personal identity number (the invoice's credit check) */
  asksPersonalId: boolean
  /** the spec's payment type name (`customerStatus` rules: 'Card', 'DirectInvoice') */
  typeName: string
}

export const PAYMENT_KINDS = {
  card: { settlement: 'provider', provider: 'lumopay', asksPersonalId: false, typeName: 'Card' },
  invoice: { settlement: 'invoiced', provider: null, asksPersonalId: true, typeName: 'DirectInvoice' },
} as const satisfies Record<string, PaymentKindDefinition>

export type PaymentKind = keyof typeof PAYMENT_KINDS

export const PAYMENT_KIND_IDS = Object.keys(PAYMENT_KINDS) as PaymentKind[]

export function isPaymentKind(value: unknown): value is PaymentKind {
  return typeof value === 'string' && Object.hasOwn(PAYMENT_KINDS, value)
}

function definitionOf(kind: string | null | undefined): PaymentKindDefinition | null {
  return isPaymentKind(kind) ? PAYMENT_KINDS[kind] : null
}

/** The kinds settled this way (for a query's `IN` list). */
export function kindsSettledBy(settlement: Settlement): PaymentKind[] {
  return PAYMENT_KIND_IDS.filter((kind) => PAYMENT_KINDS[kind].settlement === settlement)
}

/** Paid at a provider's page after placement (the order waits for the provider's callback). */
export function paidAtProvider(kind: string | null | undefined): boolean {
  return definitionOf(kind)?.settlement === 'provider'
}

/** Paid against an invoice with a due date. */
export function isInvoiced(kind: string | null | undefined): boolean {
  return definitionOf(kind)?.settlement === 'invoiced'
}

/** The checkout must have the buyer's personal identity number for this kind. */
export function asksPersonalId(kind: string | null | undefined): boolean {
  return definitionOf(kind)?.asksPersonalId ?? false
}

/** The provider that takes this kind's payments, or null (an invoice is the shop's own). */
export function providerOf(kind: string | null | undefined): string | null {
  return definitionOf(kind)?.provider ?? null
}

/** The spec's payment type name ('Card', 'DirectInvoice'), or null for an unknown kind. */
export function paymentTypeName(kind: string | null | undefined): string | null {
  return definitionOf(kind)?.typeName ?? null
}

interface OrderPayment {
  payment_kind: string
  paid_at: Date | string | null
}

/**
 * The order is the shop's to fulfil: invoiced (trusted at placement) or paid at the provider.
 * Until then no confirmation mail, no loyalty points, no shipping, and the page says pending.
 */
export function paymentSecured(order: OrderPayment): boolean {
  return isInvoiced(order.payment_kind) || order.paid_at !== null
}

/** Placed, but its provider payment has not arrived (the shopper is sent to the provider's page). */
export function awaitingProviderPayment(order: OrderPayment): boolean {
  return paidAtProvider(order.payment_kind) && order.paid_at === null
}
