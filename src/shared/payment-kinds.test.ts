import { describe, expect, it } from 'vitest'
import {
  PAYMENT_KIND_IDS,
  asksPersonalId,
  awaitingProviderPayment,
  isInvoiced,
  isPaymentKind,
  kindsSettledBy,
  paidAtProvider,
  paymentSecured,
  paymentTypeName,
  providerOf,
  kindsOfferedIn,
  offeredIn,
  flowOf,
  brandOf,
  PAYMENT_PROVIDERS,
  kindOfProvider,
} from './payment-kinds'
import { MARKET_ALIASES } from './markets'

describe('payment kinds', () => {
  it('names payment types the way the customer-status rule reads them', () => {
    expect(paymentTypeName('invoice')).toBe('DirectInvoice')
    expect(paymentTypeName('card')).toBe('Card')
    expect(paymentTypeName(undefined)).toBeNull()
    expect(paymentTypeName('cheque')).toBeNull()
  })

  it('splits the kinds by settlement, each kind in exactly one', () => {
    const provider = kindsSettledBy('provider')
    const invoice = kindsSettledBy('invoiced')
    expect(provider).toContain('card')
    expect(invoice).toEqual(['invoice'])
    expect([...provider, ...invoice].sort()).toEqual([...PAYMENT_KIND_IDS].sort())
    for (const kind of provider) expect(providerOf(kind)).toBeTruthy()
    for (const kind of invoice) expect(providerOf(kind)).toBeNull()
  })

  it('asks the personal id only where the invoice credit check needs it', () => {
    expect(asksPersonalId('invoice')).toBe(true)
    expect(asksPersonalId('card')).toBe(false)
    expect(asksPersonalId(null)).toBe(false)
  })

  it('an invoice order is secured at once; a provider order once paid', () => {
    const paidAt = new Date('2026-12-01T10:00:00Z')
    expect(paymentSecured({ payment_kind: 'invoice', paid_at: null })).toBe(true)
    expect(paymentSecured({ payment_kind: 'card', paid_at: null })).toBe(false)
    expect(paymentSecured({ payment_kind: 'card', paid_at: paidAt })).toBe(true)
    expect(awaitingProviderPayment({ payment_kind: 'card', paid_at: null })).toBe(true)
    expect(awaitingProviderPayment({ payment_kind: 'card', paid_at: paidAt })).toBe(false)
    expect(awaitingProviderPayment({ payment_kind: 'invoice', paid_at: null })).toBe(false)
  })

  it('knows no kind outside the table', () => {
    expect(isPaymentKind('card')).toBe(true)
    expect(isPaymentKind('toString')).toBe(false)
    expect(isPaymentKind(42)).toBe(false)
    expect(paidAtProvider('swish-unknown')).toBe(false)
    expect(isInvoiced('swish-unknown')).toBe(false)
  })

  it('offers each kind in its markets only; card and invoice everywhere', () => {
    for (const market of MARKET_ALIASES) {
      const offered = kindsOfferedIn(market)
      expect(offered.slice(0, 2)).toEqual(['card', 'invoice'])
      for (const kind of PAYMENT_KIND_IDS) expect(offered.includes(kind)).toBe(offeredIn(kind, market))
    }
    expect(offeredIn('card', 'is')).toBe(false)
    expect(offeredIn('cheque', 'fi')).toBe(false)
  })

  it('gives every provider kind a page flow and a brand, and every provider one kind', () => {
    expect(flowOf('card')).toBe('card')
    expect(flowOf('invoice')).toBeNull()
    expect(brandOf('invoice')).toBeNull()
    for (const kind of kindsSettledBy('provider')) {
      expect(flowOf(kind)).not.toBeNull()
      expect(brandOf(kind)?.name).toBeTruthy()
      expect(kindOfProvider(providerOf(kind)!)).toBe(kind)
    }
    expect(PAYMENT_PROVIDERS).toEqual(kindsSettledBy('provider').map(providerOf))
    expect(kindOfProvider('nobody')).toBeNull()
  })
})
