/**
 * An invoice order's invoice, on the account's order page and on paper: who bills whom, the
 * invoice number and date, the due date, the amount due and whether it is paid, with a button
 * that prints the page. The print stylesheet (account.css) leaves the shop's header, footer,
 * the account navigation and the page's actions off the paper; the order's lines and money rows
 * (the same presenter as the checkout, ADR 0058) print below these facts.
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { SHOP_NAME } from '../../shared/shop'
import type { AccountOrder } from './api'
import { invoiceState } from './invoices'
import { orderNumberOf } from './OrderList'
import { DATE_FORMAT } from './orders'

export function InvoiceFacts({ order, billedTo }: { order: AccountOrder; billedTo: ReactNode }) {
  const intl = useIntl()
  const text = (id: string) => intl.formatMessage({ id })
  const state = invoiceState(order, new Date())
  return (
    <section className="account-invoice" aria-labelledby="account-invoice-title">
      <h3 id="account-invoice-title">
        {SHOP_NAME} · {text('account.order.invoice.title')}
      </h3>
      <dl className="account-facts">
        <div>
          <dt>{text('account.order.invoice.number')}</dt>
          <dd>{orderNumberOf(order)}</dd>
        </div>
        {order.createdAt ? (
          <div>
            <dt>{text('account.order.invoice.date')}</dt>
            <dd>{intl.formatDate(order.createdAt, DATE_FORMAT)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{text('account.invoices.dueDate')}</dt>
          <dd>{order.invoiceDueDate ? intl.formatDate(order.invoiceDueDate, DATE_FORMAT) : '–'}</dd>
        </div>
        <div>
          <dt>{text('account.order.invoice.amountDue')}</dt>
          <dd>{order.orderTotal?.sellingPriceIncVatFormatted ?? '–'}</dd>
        </div>
        <div>
          <dt>{text('account.invoices.state')}</dt>
          <dd className={state === 'overdue' ? 'account-form__error' : undefined}>
            {text(`account.invoices.${state}`)}
          </dd>
        </div>
        <div>
          <dt>{text('account.order.invoice.billedTo')}</dt>
          <dd>{billedTo}</dd>
        </div>
      </dl>
      <p className="print-hidden">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {text('account.order.invoice.print')}
        </button>
      </p>
    </section>
  )
}
