/**
 * Account orders (login required): the customer's orders with their status (docs/product-rules.md#accounts-and-auth: received,
 * processing, completed, cancelled), newest first; `?order={id}` shows one order in detail
 * (items, shipping, tracking, returns and refunds). An id that is not one of the customer's
 * orders is a 404. Personal: never page-cached, fetched fresh.
 */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { fetchOrder, fetchOrders, type AccountOrder, type AccountOrderSummary } from '../features/account/api'
import { personalData } from '../features/account/loaders'
import { orderIdFromSearch } from '../features/account/orders'
import { AccountFrame } from '../features/account/AccountFrame'
import { OrderList } from '../features/account/OrderList'
import { OrderDetail } from '../features/account/OrderDetail'
import { messageMeta } from '../ui/page-meta'

export type AccountOrdersData =
  { kind: 'list'; orders: AccountOrderSummary[] } | { kind: 'detail'; order: AccountOrder }

export const loader: PageLoader<AccountOrdersData> = async (args) => {
  const search = new URL(args.request.url).searchParams
  if (!search.has('order'))
    return { kind: 'list', orders: await personalData(args, () => fetchOrders(args.apollo)) }
  const orderId = orderIdFromSearch(search)
  const order = orderId === null ? null : await personalData(args, () => fetchOrder(args.apollo, orderId))
  if (!order) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  return { kind: 'detail', order }
}

export const meta = messageMeta({
  title: 'page.accountOrders.title',
  description: 'page.accountOrders.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as AccountOrdersData
  return (
    <AccountFrame
      title={intl.formatMessage({ id: 'page.accountOrders.title' })}
      intro={data.kind === 'list' ? intl.formatMessage({ id: 'page.accountOrders.intro' }) : undefined}
    >
      {data.kind === 'list' ? <OrderList orders={data.orders} /> : <OrderDetail order={data.order} />}
    </AccountFrame>
  )
}
