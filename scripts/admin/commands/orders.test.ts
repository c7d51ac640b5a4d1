import { describe, expect, it } from 'vitest'
import { orderTable, ordersQuery, type OrderListEntry } from './orders'
import { orderKeyArgument, orderSummary, type OrderDetails } from './order'

describe('npm run admin -- orders: its arguments', () => {
  it('sends the filters it was given, and only those', () => {
    expect(ordersQuery([]).query.toString()).toBe('')
    const { query, json } = ordersQuery([
      '--status',
      'Received',
      '--market',
      'fi',
      '--email',
      ' greta@ ',
      '--limit',
      '20',
      '--before',
      '1042',
    ])
    expect(Object.fromEntries(query)).toEqual({
      status: 'received',
      market: 'fi',
      email: 'greta@',
      limit: '20',
      before: '1042',
    })
    expect(json).toBe(false)
    expect(ordersQuery(['--json']).json).toBe(true)
  })

  it("takes a language's code for its market: sv, nb and da", () => {
    expect(ordersQuery(['--market', 'sv']).query.get('market')).toBe('se')
    expect(ordersQuery(['--market', 'nb']).query.get('market')).toBe('no')
    expect(ordersQuery(['--market', 'DA']).query.get('market')).toBe('dk')
  })

  it('refuses what the API would refuse, in words', () => {
    expect(() => ordersQuery(['--status', 'lost'])).toThrow(/--status is one of received, processing/)
    expect(() => ordersQuery(['--market', 'us'])).toThrow(/--market is one of fi, se \(sv\)/)
    expect(() => ordersQuery(['--limit', '0'])).toThrow(/--limit is a whole number/)
    expect(() => ordersQuery(['--limit', '5&status=x'])).toThrow(/--limit is a whole number/)
    expect(() => ordersQuery(['--email', ' '])).toThrow(/--email needs a value/)
    expect(() => ordersQuery(['1042'])).toThrow(/unexpected argument "1042"/)
    expect(() => ordersQuery(['--colour', 'red'])).toThrow(/Unknown option '--colour'/)
  })
})

describe('npm run admin -- order: its argument', () => {
  it('takes one order number or public id', () => {
    expect(orderKeyArgument(['1042'])).toEqual({ key: '1042', json: false })
    expect(orderKeyArgument(['6f1c0a52-9d3e-4b7a-8c21-0e5d4f3a2b19', '--json'])).toEqual({
      key: '6f1c0a52-9d3e-4b7a-8c21-0e5d4f3a2b19',
      json: true,
    })
  })

  it('refuses none, two, or anything else (no other API path is reachable through it)', () => {
    expect(() => orderKeyArgument([])).toThrow(/one order number or public id/)
    expect(() => orderKeyArgument(['1', '2'])).toThrow(/one order number or public id/)
    expect(() => orderKeyArgument(['../audit'])).toThrow(/neither an order number nor a public id/)
    expect(() => orderKeyArgument(['0'])).toThrow(/neither/)
  })
})

describe('printing', () => {
  const entry = (overrides: Partial<OrderListEntry> = {}): OrderListEntry => ({
    orderId: 7,
    publicId: 'p',
    createdAt: '2026-12-01T09:30:12.000Z',
    status: 'received',
    market: 'fi',
    email: 'a@b.fi',
    name: 'Aino A',
    units: 2,
    total: 119.9,
    currency: 'EUR',
    payment: 'card',
    awaitingApproval: false,
    ...overrides,
  })

  it('lists orders as aligned columns', () => {
    const lines = orderTable([
      entry(),
      entry({ orderId: 1042, email: 'longer.address@example.com', total: 5 }),
    ])
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^ {4}7 {2}2026-12-01 09:30 {2}received/)
    expect(lines[1]!.indexOf('card')).toBe(lines[2]!.indexOf('card'))
    expect(lines[1]).toContain('119.90 EUR')
    expect(lines[2]).toContain('  5.00 EUR')
  })

  it('says when an order waits for approval', () => {
    expect(orderTable([entry({ awaitingApproval: true })])[1]).toContain('received (awaiting approval)')
  })

  it('summarises one order: lines, money rows, history and both addresses', () => {
    const details: OrderDetails = {
      order: {
        orderId: 7,
        publicId: 'p-id',
        createdAt: '2026-12-01T09:30:12.000Z',
        status: 'processing',
        market: 'fi',
        language: 'fi',
        email: 'a@b.fi',
        name: 'Aino A',
        customerType: 'PERSON',
        account: false,
        payment: 'card',
        paymentReference: 'ch_1',
        paidAt: '2026-12-01T09:31:00.000Z',
        shippingMethod: 'Posti',
        promoCode: 'WINTER',
        giftCode: null,
        message: null,
        awaitingApproval: false,
        deliveredAt: null,
      },
      lines: [
        {
          articleNumber: 'LU1-M',
          product: 'Dress',
          size: 'M',
          brand: 'Lumo',
          quantity: 2,
          unitPrice: 50,
          discount: 10,
          total: 90,
          vatRate: 25.5,
        },
      ],
      money: {
        currency: 'EUR',
        items: 100,
        discount: 10,
        shipping: 5.9,
        paymentFee: 0,
        fromBalance: 0,
        total: 95.9,
        vat: 19.49,
      },
      events: [
        { at: '2026-12-01T09:30:12.000Z', kind: 'status', status: 'received', reason: null, amount: null },
        { at: '2026-12-02T08:00:00.000Z', kind: 'shipped', status: null, reason: null, amount: null },
      ],
      billingAddress: {
        firstName: 'Aino',
        lastName: 'A',
        addressLine1: 'Katu 1',
        zip: '00100',
        city: 'Helsinki',
        country: 'FI',
      },
      shippingAddress: {
        firstName: 'Aino',
        lastName: 'A',
        addressLine1: 'Tie 2',
        zip: '00200',
        city: 'Helsinki',
        country: 'FI',
      },
    }
    const text = orderSummary(details).join('\n')
    expect(text).toContain('Order 7  (public id p-id)')
    expect(text).toContain('customer   Aino A <a@b.fi>, PERSON, guest')
    expect(text).toContain('2 × Lumo Dress, M (LU1-M)  50.00 EUR each, −10.00 EUR = 90.00 EUR, VAT 25.5 %')
    expect(text).toMatch(
      /Items\s+100\.00 EUR\n {2}Discount\s+-10\.00 EUR\n {2}Shipping\s+5\.90 EUR\n {2}Total\s+95\.90 EUR/,
    )
    expect(text).not.toContain('Payment fee')
    expect(text).toContain('2026-12-02 08:00:00  shipped')
    expect(text).toMatch(/Billing address\n {2}Aino A\n {2}Katu 1\n {2}00100 Helsinki\n {2}FI/)
    expect(text).toMatch(/Shipping address\n {2}Aino A\n {2}Tie 2/)
  })
})
