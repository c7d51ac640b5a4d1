/**
 * The invoices page's rows: the customer's orders paid by invoice (OrderType.paymentKind, a Lumo
 * extension), each with its due date and whether it is paid, open or overdue.
 */
import type { AccountOrderSummary } from './api'
import { isInvoiced } from '../../shared/payment-kinds'

export type InvoiceState = 'paid' | 'unpaid' | 'overdue'

export interface Invoice {
  order: AccountOrderSummary
  dueDate: string | null
  state: InvoiceState
}

export function invoiceState(
  order: Pick<AccountOrderSummary, 'isPaid' | 'invoiceDueDate'>,
  now: Date,
): InvoiceState {
  if (order.isPaid) return 'paid'
  const due = order.invoiceDueDate ? Date.parse(order.invoiceDueDate) : Number.NaN
  return Number.isFinite(due) && due < now.getTime() ? 'overdue' : 'unpaid'
}

/** Invoice orders, in the order given (newest first), cancelled ones left out (nothing to pay). */
export function invoicesOf(orders: readonly AccountOrderSummary[], now: Date = new Date()): Invoice[] {
  return orders
    .filter((order) => isInvoiced(order.paymentKind) && order.status !== 'cancelled')
    .map((order) => ({ order, dueDate: order.invoiceDueDate ?? null, state: invoiceState(order, now) }))
}
