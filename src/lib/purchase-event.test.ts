import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildPurchaseEvent,
  discountShares,
  normaliseForHash,
  sha256Hex,
  spreadFixedDiscount,
  type PurchaseOrder,
} from './purchase-event'

describe('hashing the purchaser', () => {
  it('trims and lowercases before SHA-256 (hex)', async () => {
    expect(normaliseForHash('  Anna@Example.FI \n')).toBe('anna@example.fi')
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(await sha256Hex(' ABC ')).toBe(await sha256Hex('abc'))
  })
})

describe('spreading a fixed discount', () => {
  it('splits in proportion to line value', () => {
    expect(
      discountShares(
        [
          { unitCents: 3000, quantity: 1 },
          { unitCents: 1000, quantity: 1 },
        ],
        1000,
      ),
    ).toEqual([750, 250])
    expect(
      discountShares(
        [
          { unitCents: 1000, quantity: 3 },
          { unitCents: 2000, quantity: 1 },
        ],
        500,
      ),
    ).toEqual([300, 200])
  })

  it('gives the leftover cents to the largest remainders, the earlier line on a tie', () => {
    // 100 cents over three equal lines: 33.33 each, one cent left for the first
    expect(
      discountShares(
        [1, 2, 3].map(() => ({ unitCents: 500, quantity: 1 })),
        100,
      ),
    ).toEqual([34, 33, 33])
    // 10 cents over 1:2 → 3.33 / 6.67: the larger remainder is the second line's
    expect(
      discountShares(
        [
          { unitCents: 100, quantity: 1 },
          { unitCents: 200, quantity: 1 },
        ],
        10,
      ),
    ).toEqual([3, 7])
  })

  it('never discounts more than the goods and ignores nothing to spread', () => {
    expect(discountShares([{ unitCents: 500, quantity: 1 }], 900)).toEqual([500])
    expect(discountShares([{ unitCents: 500, quantity: 2 }], 0)).toEqual([0])
    expect(discountShares([], 100)).toEqual([])
  })

  it('reports a line that does not divide evenly as two entries that add up', () => {
    // 3 × 10.00 with 1.00 off: 29.00 = 1 × 9.68 + 2 × 9.66
    expect(spreadFixedDiscount([{ unitCents: 1000, quantity: 3 }], 100)).toEqual([
      [
        { unitCents: 967, quantity: 2 },
        { unitCents: 966, quantity: 1 },
      ],
    ])
  })

  it('keeps the total exact for any order (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 0, max: 500_000 }),
            quantity: fc.integer({ min: 1, max: 9 }),
          }),
          {
            maxLength: 12,
          },
        ),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, discount) => {
          const total = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0)
          const spread = spreadFixedDiscount(lines, discount)
          const after = spread.flat().reduce((sum, entry) => sum + entry.unitCents * entry.quantity, 0)
          expect(after).toBe(total - Math.min(discount, total))
          spread.forEach((entries, index) => {
            expect(entries.reduce((n, entry) => n + entry.quantity, 0)).toBe(lines[index]!.quantity)
            for (const entry of entries) expect(entry.unitCents).toBeGreaterThanOrEqual(0)
          })
        },
      ),
    )
  })
})

describe('buildPurchaseEvent', () => {
  const order: PurchaseOrder = {
    orderId: '1042',
    currency: 'SEK',
    email: ' Anna.Andersson@Example.SE ',
    firstName: 'Anna',
    lastName: 'Andersson',
    zip: '111 51',
    discountIncVat: 250,
    shippingFeeIncVat: 49,
    rows: [
      {
        articleNumber: 'LU000001',
        name: 'Svart satinklänning',
        brand: 'Lumo Studio',
        variant: 'M',
        quantity: 1,
        priceIncVat: 1299,
      },
      {
        articleNumber: 'LU000002',
        name: 'Trenchcoat',
        brand: 'Nordkust',
        category: 'Kappor',
        quantity: 2,
        priceIncVat: 899.5,
      },
    ],
  }

  it('hashes the shopper, spreads the discount and uses the article number as item id', async () => {
    const event = await buildPurchaseEvent(order)
    expect(event.event).toBe('purchase')
    expect(event.user_data).toEqual({
      sha256_email_address: await sha256Hex('anna.andersson@example.se'),
      sha256_first_name: await sha256Hex('anna'),
      sha256_last_name: await sha256Hex('andersson'),
      sha256_postal_code: await sha256Hex('111 51'),
    })
    expect(event.ecommerce).toMatchObject({ transaction_id: '1042', currency: 'SEK', shipping: 49 })
    // goods 3098.00 − 250.00 = 2848.00; shares 104.83 / 145.17 (largest remainder)
    expect(event.ecommerce.value).toBe(2848)
    expect(event.ecommerce.items).toEqual([
      {
        item_id: 'LU000001',
        item_name: 'Svart satinklänning',
        item_brand: 'Lumo Studio',
        item_variant: 'M',
        price: 1194.17,
        quantity: 1,
      },
      {
        item_id: 'LU000002',
        item_name: 'Trenchcoat',
        item_brand: 'Nordkust',
        item_category: 'Kappor',
        price: 826.92,
        quantity: 1,
      },
      {
        item_id: 'LU000002',
        item_name: 'Trenchcoat',
        item_brand: 'Nordkust',
        item_category: 'Kappor',
        price: 826.91,
        quantity: 1,
      },
    ])
    const sum = event.ecommerce.items.reduce(
      (total, item) => total + Math.round(item.price * 100) * item.quantity,
      0,
    )
    expect(sum).toBe(284_800)
  })

  it('leaves out what the order does not have', async () => {
    const event = await buildPurchaseEvent({
      ...order,
      email: '',
      firstName: null,
      lastName: undefined,
      zip: ' ',
      discountIncVat: 0,
      shippingFeeIncVat: null,
    })
    expect(event.user_data).toEqual({})
    expect(event.ecommerce.shipping).toBeUndefined()
    expect(event.ecommerce.value).toBe(3098)
  })
})
