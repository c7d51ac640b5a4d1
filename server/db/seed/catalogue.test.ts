import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildProduct, catalogueContext } from './catalogue'
import { codeRows, customerRows } from './commerce'
import { DEFAULT_SEED, FIXED_REFERENCE_DATE } from './fixtures'

describe('the product generator', () => {
  it('writes the same products as before it was split into steps (pinned digest of 3,000 products)', () => {
    // Tests and end-to-end journeys name seeded products by alias and id; a changed draw order
    // would silently give every product other sizes, prices and names.
    const context = catalogueContext(DEFAULT_SEED, FIXED_REFERENCE_DATE)
    const hash = createHash('sha256')
    for (let productId = 1; productId <= 3000; productId++) {
      hash.update(JSON.stringify(buildProduct(context, productId)))
    }
    expect(hash.digest('hex')).toBe('cb44d3ed09e53e10eedcb9fff1f3e244332e31f2eb4cac2516cf0e99ed788e81')
  })

  // Pinned again when completed orders got their shipment event (tracking link), and when an order
  // of the reference day moved to its first minute (never in the future); no draw changed.
  it('writes the same customers, orders and codes as before they were split into steps', () => {
    const context = catalogueContext(DEFAULT_SEED, FIXED_REFERENCE_DATE)
    const rows = JSON.stringify([customerRows(context), codeRows(FIXED_REFERENCE_DATE)])
    expect(createHash('sha256').update(rows).digest('hex')).toBe(
      'c643cf7236648f8730e3ef0d3d81f53f3c71fcdbf92fb92555fec36e72d2de0a',
    )
  })
})
