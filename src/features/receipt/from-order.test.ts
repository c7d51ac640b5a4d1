import { describe, expect, it } from 'vitest'
import { orderMoneyFromCartSummary, presentOrderMoney } from '../../shared/order-money'
import { receiptLines, receiptOf } from './from-order'

describe('receiptLines', () => {
  it('prices a line as quantity times the unit price in minor units, exactly', () => {
    const [line] = receiptLines(
      [
        {
          articleNumber: 'A1',
          name: 'Satiinimekko',
          brand: 'Lumo Studio',
          variant: '42',
          quantity: 3,
          priceIncVat: 19.99,
          imageUrl: 'http://shop.test/img/product/400f500/a1.webp',
        },
      ],
      'EUR',
    )
    // 19.99 × 3 in floating point is 59.97000000000001; the receipt shows 5,997 cents
    expect(line).toEqual({
      key: 'A1-0',
      imageUrl: 'http://shop.test/img/product/400f500/a1.webp',
      brand: 'Lumo Studio',
      name: 'Satiinimekko',
      size: '42',
      quantity: 3,
      total: 5997,
    })
  })

  it('leaves out what the row does not have: no picture, no size, no brand', () => {
    const [line] = receiptLines(
      [
        {
          articleNumber: 'B2',
          name: ' ',
          brand: '',
          variant: null,
          quantity: 1,
          priceIncVat: 5,
          imageUrl: '',
        },
      ],
      'SEK',
    )
    expect(line).toMatchObject({ imageUrl: null, brand: null, size: null, name: 'B2', total: 500 })
  })
})

describe('receiptOf', () => {
  it('keeps the money presentation it is given and reads both addresses', () => {
    const money = presentOrderMoney(
      orderMoneyFromCartSummary(null, { vatIncluded: true, code: null, currency: 'EUR' }),
    )
    const receipt = receiptOf({
      orderNumber: '10',
      email: ' matti@example.com ',
      currency: 'EUR',
      rows: [],
      money,
      paymentMethod: 'Lasku (14 päivää)',
      shippingMethod: 'Posti – noutopiste',
      shippingAddress: {
        firstName: 'Matti',
        lastName: 'M',
        addressLine1: 'Mannerheimintie 1',
        zip: '00100',
        city: 'Helsinki',
        country: 'FI',
      },
      billingAddress: null,
    })
    expect(receipt.money).toBe(money)
    expect(receipt.email).toBe('matti@example.com')
    expect(receipt.shippingAddress?.countryCode).toBe('FI')
    expect(receipt.billingAddress).toBeNull()
  })

  it('carries the chosen pickup point and the delivery estimate, or none', () => {
    const money = presentOrderMoney(
      orderMoneyFromCartSummary(null, { vatIncluded: true, code: null, currency: 'EUR' }),
    )
    const base = { orderNumber: '11', currency: 'EUR' as const, rows: [], money }
    const point = {
      name: 'K-Market Tampere Hämeenkatu',
      street: 'Hämeenkatu 12',
      postcode: '33100',
      city: 'Tampere',
      openingHours: [{ fromDay: 1, toDay: 5, opens: '08:00', closes: '21:00' }],
    }
    const receipt = receiptOf({
      ...base,
      pickupPoint: { ...point, id: 'posti-fi-tampere-01' } as typeof point,
      deliveryEstimate: { earliest: '2026-12-08', latest: '2026-12-09' },
    })
    expect(receipt.pickupPoint).toEqual(point)
    expect(receipt.deliveryEstimate).toEqual({ earliest: '2026-12-08', latest: '2026-12-09' })
    const home = receiptOf({ ...base, pickupPoint: null })
    expect(home.pickupPoint).toBeNull()
    expect(home.deliveryEstimate).toBeNull()
  })
})
