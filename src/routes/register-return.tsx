/**
 * Register a return (docs/product-rules.md#orders-and-returns: digital returns registration, the 14-day return right; issue #11
 * item 4). A guest finds the order by its number and e-mail; a signed-in customer picks one of
 * their orders (`?order={number}` preselects one, the order page links so). Personal: never
 * page-cached (src/shared/paths.ts).
 */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader, PageMeta } from '../app/route-types'
import { useSite } from '../app/site'
import { MARKETS } from '../shared/markets'
import { fetchOrders } from '../features/account/api'
import { orderNumberOf } from '../features/account/OrderList'
import { RegisterReturn, type CustomerOrderChoice } from '../features/returns/RegisterReturn'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'
import { messageMeta } from '../ui/page-meta'

export interface RegisterReturnData {
  /** the signed-in customer's orders to pick from; null for a guest */
  customerOrders: CustomerOrderChoice[] | null
  initialOrderNumber: string
}

export const loader: PageLoader<RegisterReturnData> = async ({ request, store, apollo }) => {
  const initial = new URL(request.url).searchParams.get('order') ?? ''
  const initialOrderNumber = /^[0-9]{1,9}$/.test(initial) ? initial : ''
  if (!store.getState().auth.user) return { customerOrders: null, initialOrderNumber }
  try {
    const orders = await fetchOrders(apollo)
    return {
      customerOrders: orders
        .filter((order) => order.status !== 'cancelled')
        .map((order) => ({ orderNumber: orderNumberOf(order), createdAt: order.createdAt ?? null })),
      initialOrderNumber,
    }
  } catch {
    // the session ended meanwhile: the guest form still works
    return { customerOrders: null, initialOrderNumber }
  }
}

/** The page's market's return window (the shop definition; the database holds the same per market). */
export const meta: PageMeta<RegisterReturnData> = (args) =>
  messageMeta<RegisterReturnData>({
    title: 'page.registerReturn.title',
    description: 'page.registerReturn.intro',
    values: { days: MARKETS[args.market].returnWindowDays },
  })(args)

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as RegisterReturnData
  const { market } = useSite()
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.registerReturn.title' })}
      intro={intl.formatMessage(
        { id: 'page.registerReturn.intro' },
        { days: MARKETS[market].returnWindowDays },
      )}
      links={SHOP_LINKS}
    >
      <RegisterReturn customerOrders={data.customerOrders} initialOrderNumber={data.initialOrderNumber} />
    </InfoPage>
  )
}
