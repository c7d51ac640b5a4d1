import { describe, expect, it } from 'vitest'
import type { AccountOrderSummary } from './api'
import { invoicesOf, invoiceState } from './invoices'

const order = (overrides: Partial<AccountOrderSummary>): AccountOrderSummary => ({
  id: 1,
  publicId: 'p1',
  orderNumber: '100001',
  createdAt: '2026-11-01T10:00:00.000Z',
  status: 'received',
  currency: 'EUR',
  paymentMethod: 'Lasku',
  paymentKind: 'invoice',
  invoiceDueDate: '2026-11-15T10:00:00.000Z',
  isPaid: false,
  orderTotal: { sellingPriceIncVat: 10, sellingPriceIncVatFormatted: '10,00 €' },
  returnRequests: [],
  ...overrides,
})

describe('invoices', () => {
  const now = new Date('2026-11-10T00:00:00.000Z')

  it('are the invoice orders that are not cancelled', () => {
    const orders = [
      order({ id: 1, publicId: 'a' }),
      order({ id: 2, publicId: 'b', paymentKind: 'card', invoiceDueDate: null }),
      order({ id: 3, publicId: 'c', status: 'cancelled' }),
      order({ id: 4, publicId: 'd', isPaid: true }),
    ]
    expect(invoicesOf(orders, now).map((invoice) => [invoice.order.id, invoice.state])).toEqual([
      [1, 'unpaid'],
      [4, 'paid'],
    ])
  })

  it('are overdue once the due date has passed unpaid', () => {
    expect(invoiceState({ isPaid: false, invoiceDueDate: '2026-11-09T23:59:59.000Z' }, now)).toBe('overdue')
    expect(invoiceState({ isPaid: true, invoiceDueDate: '2026-11-01T00:00:00.000Z' }, now)).toBe('paid')
    expect(invoiceState({ isPaid: false, invoiceDueDate: null }, now)).toBe('unpaid')
  })
})
