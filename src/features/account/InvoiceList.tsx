/** The customer's invoices: order number (to the order), due date, amount and payment state. */
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { orderNumberOf, useOrderPath } from './OrderList'
import { DATE_FORMAT } from './orders'
import type { Invoice } from './invoices'

export function InvoiceList({ invoices }: { invoices: readonly Invoice[] }) {
  const intl = useIntl()
  const orderPath = useOrderPath()
  const text = (id: string) => intl.formatMessage({ id })
  if (invoices.length === 0) return <p>{text('account.invoices.empty')}</p>
  return (
    <table className="account-table">
      <thead>
        <tr>
          <th scope="col">{text('account.orders.number')}</th>
          <th scope="col">{text('account.invoices.dueDate')}</th>
          <th scope="col" className="account-table__amount">
            {text('account.orders.total')}
          </th>
          <th scope="col">{text('account.invoices.state')}</th>
        </tr>
      </thead>
      <tbody>
        {invoices.map(({ order, dueDate, state }) => {
          const number = orderNumberOf(order)
          return (
            <tr key={order.publicId}>
              <th scope="row">
                {order.id ? (
                  <Link
                    to={orderPath(order.id)}
                    aria-label={intl.formatMessage({ id: 'account.orders.show' }, { number })}
                  >
                    {number}
                  </Link>
                ) : (
                  number
                )}
              </th>
              <td>{dueDate ? intl.formatDate(dueDate, DATE_FORMAT) : '–'}</td>
              <td className="account-table__amount">
                {order.orderTotal?.sellingPriceIncVatFormatted ?? '–'}
              </td>
              <td className={state === 'overdue' ? 'account-form__error' : undefined}>
                {text(`account.invoices.${state}`)}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
