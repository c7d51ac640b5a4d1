/**
 * The customer's orders as a table: number (a link to the order's detail view), date, status
 * (docs/product-rules.md#orders-and-returns: received, processing, completed, cancelled) and total. `limit` shows the newest few
 * (the overview).
 */
import { useIntl } from 'react-intl'
import { useSite } from '../../app/site'
import { hrefFor, routerPath } from '../../ui/RouteLink'
import { Link } from 'react-router'
import type { AccountOrderSummary } from './api'
import { returnStatusMessage } from '../../shared/returns'
import { DATE_FORMAT, orderStatusMessage } from './orders'

export function orderNumberOf(order: Pick<AccountOrderSummary, 'orderNumber' | 'id'>): string {
  return order.orderNumber ?? String(order.id ?? '')
}

/** The router path of an order's detail view: the orders page with `?order={id}`. */
export function useOrderPath(): (orderId: number) => string {
  const site = useSite()
  return (orderId) => `${routerPath(hrefFor(site, 'account-orders'), site.basename)}?order=${orderId}`
}

export function OrderList({ orders, limit }: { orders: readonly AccountOrderSummary[]; limit?: number }) {
  const intl = useIntl()
  const orderPath = useOrderPath()
  const shown = limit === undefined ? orders : orders.slice(0, limit)
  if (shown.length === 0) return <p>{intl.formatMessage({ id: 'account.orders.empty' })}</p>
  return (
    <table className="account-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.number' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.date' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'account.orders.status' })}</th>
          <th scope="col" className="account-table__amount">
            {intl.formatMessage({ id: 'account.orders.total' })}
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((order) => {
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
              <td>{order.createdAt ? intl.formatDate(order.createdAt, DATE_FORMAT) : '–'}</td>
              <td>
                {intl.formatMessage({ id: orderStatusMessage(order.status) })}
                {(order.returnRequests ?? []).map((entry) => (
                  <span key={entry.returnNumber} className="account-table__note">
                    {intl.formatMessage(
                      { id: 'account.orders.returnState' },
                      {
                        number: entry.returnNumber,
                        status: intl.formatMessage({ id: returnStatusMessage(entry.status) }),
                      },
                    )}
                  </span>
                ))}
              </td>
              <td className="account-table__amount">
                {order.orderTotal?.sellingPriceIncVatFormatted ?? '–'}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
