/**
 * The shop's payment kinds, in one table: how an order paid by each kind is settled, what the
 * checkout asks of the shopper for it, the type name the spec's customer-status rule reads, and
 * where a refund goes (ADR 0059). Every rule that depends on how an order is paid reads this
 * module; no other product file names a kind (the `paymentKindRule` of eslint.config.js refuses a
 * kind's name as a literal elsewhere). The database holds the same list in `payment_kinds`
 * (migrations 1058 and 1081–1083), which orders and payment options reference. Adding a kind is
 * its entry here, its provider's page, its messages and one migration row (ADR 0076).
 */
import { MARKET_ALIASES, type MarketAlias } from './markets'

/**
 * - `provider`: placed first, then paid at a payment provider's page; the order waits for the
 *   provider's signed callback, and a refund goes back through the provider.
 * - `invoiced`: the shop trusts the buyer at placement (credit check by personal id), the order is
 *   confirmed at once and falls due after the market's invoice term; a refund credits the invoice.
 */
export type Settlement = 'provider' | 'invoiced'

/**
 * What the provider's page asks of the shopper (`null` for the shop's own invoice):
 * - `card`: card number, expiry and security code;
 * - `phone`: the shopper's mobile number; the provider sends a payment request to that phone's
 *   app, where the shopper approves or declines it;
 * - `app-switch`: the page opens the provider's app on this device to approve or decline.
 */
export type PaymentFlow = 'card' | 'phone' | 'app-switch'

export interface PaymentKindDefinition {
  settlement: Settlement
  /** the provider that takes the payment (its service in server/services/), for `provider` kinds */
  provider: string | null
  /** the checkout requires the buyer's personal identity number (the invoice's credit check) */
  asksPersonalId: boolean
  /** the spec's payment type name (`customerStatus` rules: 'Card', 'DirectInvoice') */
  typeName: string
  /** the markets whose checkout offers it (a phone wallet is national; its currency is the market's) */
  markets: readonly MarketAlias[]
  /** what the provider's page asks, for `provider` kinds */
  flow: PaymentFlow | null
  /** the provider's name as shoppers know it and its colour (its page, the checkout's option name) */
  brand: { name: string; colour: string } | null
}

export const PAYMENT_KINDS = {
  card: {
    settlement: 'provider',
    provider: 'lumopay',
    asksPersonalId: false,
    typeName: 'Card',
    markets: MARKET_ALIASES,
    flow: 'card',
    brand: { name: 'Lumopay', colour: '#3036a8' },
  },
  invoice: {
    settlement: 'invoiced',
    provider: null,
    asksPersonalId: true,
    typeName: 'DirectInvoice',
    markets: MARKET_ALIASES,
    flow: null,
    brand: null,
  },
  swish: {
    settlement: 'provider',
    provider: 'swish',
    asksPersonalId: false,
    typeName: 'Swish',
    markets: ['se'],
    flow: 'phone',
    brand: { name: 'Swish', colour: '#b3003c' },
  },
  mobilepay: {
    settlement: 'provider',
    provider: 'mobilepay',
    asksPersonalId: false,
    typeName: 'MobilePay',
    markets: ['fi', 'dk'],
    flow: 'phone',
    brand: { name: 'MobilePay', colour: '#2f4fd1' },
  },
  vipps: {
    settlement: 'provider',
    provider: 'vipps',
    asksPersonalId: false,
    typeName: 'Vipps',
    markets: ['no'],
    flow: 'app-switch',
    brand: { name: 'Vipps', colour: '#c2410c' },
  },
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

/** The kinds a market's checkout offers, in the table's order. */
export function kindsOfferedIn(market: MarketAlias): PaymentKind[] {
  return PAYMENT_KIND_IDS.filter((kind) => offeredIn(kind, market))
}

/** Whether a market's checkout offers this kind. */
export function offeredIn(kind: string | null | undefined, market: string): boolean {
  return (definitionOf(kind)?.markets as readonly string[] | undefined)?.includes(market) ?? false
}

/** What the provider's page asks of the shopper, or null (an invoice, an unknown kind). */
export function flowOf(kind: string | null | undefined): PaymentFlow | null {
  return definitionOf(kind)?.flow ?? null
}

/** Every provider that takes a kind's payments (each has its page and callback), once each. */
export const PAYMENT_PROVIDERS: readonly string[] = [
  ...new Set(PAYMENT_KIND_IDS.flatMap((kind) => providerOf(kind) ?? [])),
]

/** The kind a provider takes, or null for a provider the table does not know. */
export function kindOfProvider(provider: string): PaymentKind | null {
  return PAYMENT_KIND_IDS.find((kind) => providerOf(kind) === provider) ?? null
}

/** The provider's brand (name and colour), or null for the shop's own invoice. */
export function brandOf(kind: string | null | undefined): { name: string; colour: string } | null {
  return definitionOf(kind)?.brand ?? null
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
