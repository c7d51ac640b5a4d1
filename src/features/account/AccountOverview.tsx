/** A customer's overview: name and e-mail, the latest orders, and the account's pages. */
import { useIntl } from 'react-intl'
import { RouteLink } from '../../ui/RouteLink'
import type { AccountOrderSummary, AccountUser } from './api'
import { OrderList } from './OrderList'

/** How many orders the overview shows; the orders page has them all. */
export const LATEST_ORDERS = 3

export function AccountOverview({
  user,
  email,
  orders,
}: {
  user: AccountUser | null
  /** the session's e-mail, shown while the user could not be read */
  email: string
  orders: readonly AccountOrderSummary[]
}) {
  const intl = useIntl()
  const text = (id: string) => intl.formatMessage({ id })
  const name = [user?.address?.firstName, user?.address?.lastName].filter(Boolean).join(' ')
  return (
    <>
      <section className="section" aria-labelledby="account-details-title">
        <h2 id="account-details-title">{text('account.overview.title')}</h2>
        <dl className="account-facts">
          <div>
            <dt>{text('account.overview.name')}</dt>
            <dd>{name || text('account.overview.noName')}</dd>
          </div>
          <div>
            <dt>{text('account.overview.email')}</dt>
            <dd>{user?.email ?? email}</dd>
          </div>
        </dl>
        <p>
          <RouteLink to="account-settings">{text('account.overview.edit')}</RouteLink>
        </p>
      </section>
      <section className="section" aria-labelledby="account-latest-orders-title">
        <h2 id="account-latest-orders-title">{text('account.overview.latestOrders')}</h2>
        <OrderList orders={orders} limit={LATEST_ORDERS} />
        {orders.length > 0 ? (
          <p>
            <RouteLink to="account-orders">{text('account.overview.allOrders')}</RouteLink>
          </p>
        ) : null}
      </section>
    </>
  )
}
