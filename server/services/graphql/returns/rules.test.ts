import { describe, expect, it } from 'vitest'
import type { OrderRow } from '../../../db/schema'
import { returnDeadline, returnNumberFor, RETURN_NUMBER_PATTERN } from '../../../../src/shared/returns'
import { trackingLinkFor } from '../orders/carriers'
import { rowRefund } from './receive'
import { orderIdFromNumber, returnedQuantities, type StoredReturn } from './store'

const row = (overrides: Partial<OrderRow>): OrderRow =>
  ({ order_row_id: 1, quantity: 3, total_inc_vat: 14_985, vat_rate_bp: 2550, ...overrides }) as OrderRow

const stored = (status: StoredReturn['status'], quantity: number, receivedQuantity: number | null) =>
  ({ status, items: [{ orderRowId: 1, quantity, reasonCode: 'other', receivedQuantity }] }) as StoredReturn

describe('return rules', () => {
  it("refunds a row's share of what it cost, with its VAT", () => {
    // 3 for 149,85 € with a promotion: one is 49,95 €, of which 25.5 % VAT 10,15 €
    expect(rowRefund(row({}), 1)).toEqual({ incVat: 4995, vat: 1015 })
    expect(rowRefund(row({}), 3)).toEqual({ incVat: 14_985, vat: 3045 })
    expect(rowRefund(row({ quantity: 3, total_inc_vat: 10_000 }), 1).incVat).toBe(3333)
  })

  it('counts what is on its way back as registered, and what came back once received', () => {
    const counted = returnedQuantities([stored('registered', 2, null), stored('refunded', 2, 1)])
    expect(counted.get(1)).toBe(3)
  })

  it('reads the order number the shopper types, and nothing else', () => {
    expect(orderIdFromNumber(' #1042 ')).toBe(1042)
    expect(orderIdFromNumber('1042; drop')).toBeNull()
    expect(orderIdFromNumber('0')).toBeNull()
    expect(orderIdFromNumber('12345678901')).toBeNull()
  })

  it('numbers returns per order and ends the window the given days after delivery', () => {
    expect(returnNumberFor(1042, 2)).toBe('R1042-2')
    expect(RETURN_NUMBER_PATTERN.test('R1042-2')).toBe(true)
    expect(returnDeadline(new Date('2026-11-01T12:00:00Z'), 14).toISOString()).toBe(
      '2026-11-15T12:00:00.000Z',
    )
  })

  it("links a parcel to its carrier's tracking page, or to the link given for another carrier", () => {
    expect(trackingLinkFor('Bring', 'CS 1')).toBe('https://tracking.bring.com/tracking/CS%201')
    expect(trackingLinkFor('Kaukokiito', 'K1', 'https://kaukokiito.fi/t/K1')).toBe(
      'https://kaukokiito.fi/t/K1',
    )
    expect(trackingLinkFor('Kaukokiito', 'K1')).toBeNull()
  })
})
