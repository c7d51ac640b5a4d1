/**
 * Checkout confirmation `/checkout/confirm?oid={public order id}` (undistracted-special layout).
 * Shows the placed order — number, items, totals, addresses, payment and shipping — once it is
 * confirmed: an invoice order at once, a card order only when the provider's callback has marked
 * it paid (until then it says the payment is pending and links back to the payment page). In the
 * browser the confirmed order then completes its cart (the shopper starts a new one) and records
 * the purchase event once (src/features/payment/listeners.ts).
 */
import { useEffect } from 'react'
import { useIntl, type IntlShape } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader, PageMeta } from '../app/route-types'
import { runQuery } from '../app/graphql'
import { useAppDispatch } from '../app/hooks'
import { useSite } from '../app/site'
import { useGetApollo } from '../app/apollo-access'
import { SHOP_PROMISES } from '../app/i18n'
import { confirmPlacedOrder } from '../features/checkout/thunks'
import { receiptOf } from '../features/receipt/from-order'
import { NextSteps, Receipt } from '../features/receipt/Receipt'
import type { PurchaseOrder } from '../lib/purchase-event'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'
import { RouteLink } from '../ui/RouteLink'
import orderConfirmationQuery from '../graphql/operations/order-confirmation'
import orderMoneyFields from '../../graphql/operations/order-money-fragment.graphql?raw'
import type { OrderConfirmationQuery } from '../graphql/generated'
import { listItems, type ListItem } from '../graphql/list-items'
import { withFragments } from '../graphql/operation'
import { isUuid } from '../shared/validation/ids'
import { MARKETS, isCurrencyCode } from '../shared/markets'
import { orderMoneyFromCartSummary, presentOrderMoney } from '../shared/order-money'

type Details = NonNullable<OrderConfirmationQuery['getOrderPublic']>
type ApiOrder = NonNullable<NonNullable<OrderConfirmationQuery['checkout']>['order']>
/** The order as the page shows it: the rows that are there, and the id and currency it cannot do without. */
type Order = Omit<ApiOrder, 'orderId' | 'currency' | 'rows'> & {
  orderId: string
  currency: string
  rows: ListItem<ApiOrder['rows']>[]
}

export type ConfirmData =
  | { state: 'missing' }
  | { state: 'cancelled'; orderNumber: string }
  | { state: 'pending'; orderNumber: string; paymentUrl: string | null }
  | {
      state: 'confirmed'
      publicId: string
      cartId: string
      order: Order
      details: Details
    }

export const loader: PageLoader<ConfirmData> = async ({ request, apollo }) => {
  const oid = new URL(request.url).searchParams.get('oid')?.trim() ?? ''
  if (!isUuid(oid)) return { state: 'missing' }
  let result: OrderConfirmationQuery
  try {
    result = await runQuery(apollo, withFragments(orderConfirmationQuery, orderMoneyFields), {
      id: oid,
      publicId: oid,
    })
  } catch {
    // an unknown order is NOT_FOUND from the API: the page says so instead of failing
    return { state: 'missing' }
  }
  const { checkout, getOrderPublic: details } = result
  const order = checkout?.order
  if (!checkout || !order?.orderId || !order.currency || !details) return { state: 'missing' }
  const orderNumber = details.orderNumber ?? order.orderId
  if (order.status === 'cancelled') return { state: 'cancelled', orderNumber }
  if (!checkout.completed) return { state: 'pending', orderNumber, paymentUrl: checkout.paymentUrl }
  return {
    state: 'confirmed',
    publicId: oid,
    cartId: checkout.cart?.id ?? '',
    order: { ...order, orderId: order.orderId, currency: order.currency, rows: listItems(order.rows) },
    details,
  }
}

const TITLES: Record<ConfirmData['state'], string> = {
  confirmed: 'page.checkoutConfirm.title',
  pending: 'page.checkoutConfirm.pending.title',
  cancelled: 'page.checkoutConfirm.cancelled.title',
  missing: 'page.checkoutConfirm.notFound.title',
}

export const meta: PageMeta<ConfirmData> = ({ data, intl }) => ({
  title: intl.formatMessage({ id: TITLES[data.state] }),
  noindex: true,
})

function purchaseOf(order: Order): PurchaseOrder {
  return {
    orderId: order.orderId,
    currency: order.currency,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    zip: order.zip,
    discountIncVat: order.discountIncVat,
    shippingFeeIncVat: order.shippingFeeIncVat,
    rows: order.rows.map((row) => ({
      articleNumber: row.articleNumber ?? '',
      name: row.name ?? '',
      brand: row.brand,
      category: row.categories?.[0] ?? null,
      variant: row.variant,
      quantity: row.quantity,
      priceIncVat: row.priceIncVat,
    })),
  }
}

function Confirmed({ data, intl }: { data: Extract<ConfirmData, { state: 'confirmed' }>; intl: IntlShape }) {
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const { market } = useSite()
  const { order, details, publicId, cartId } = data

  useEffect(() => {
    void dispatch(confirmPlacedOrder(getApollo, { publicId, cartId, purchase: purchaseOf(order) }))
  }, [dispatch, getApollo, publicId, cartId, order])

  // the loader keeps only orders in a currency the shop sells in
  const currency = isCurrencyCode(order.currency) ? order.currency : MARKETS[market].currency
  const receipt = receiptOf({
    orderNumber: details.orderNumber ?? order.orderId,
    email: order.email,
    currency,
    rows: order.rows,
    // A receipt shows what was charged: VAT-inclusive amounts with their VAT beside them.
    money: presentOrderMoney(
      orderMoneyFromCartSummary(details.cart?.summary, {
        vatIncluded: true,
        code: details.cart?.promoCode,
        currency,
      }),
    ),
    paymentMethod: details.paymentMethod,
    shippingMethod: details.shippingMethod,
    shippingAddress: details.shippingAddress,
    billingAddress: details.billingAddress,
  })

  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.checkoutConfirm.title' })}
      intro={intl.formatMessage(
        { id: 'page.checkoutConfirm.intro' },
        { hours: SHOP_PROMISES.orderEmailHours },
      )}
      links={SHOP_LINKS}
    >
      <Receipt order={receipt}>
        <NextSteps
          steps={[
            receipt.email
              ? intl.formatMessage(
                  { id: 'receipt.next.confirmation' },
                  { email: receipt.email, hours: SHOP_PROMISES.orderEmailHours },
                )
              : null,
            intl.formatMessage({ id: 'receipt.next.shipping' }),
            <>
              {intl.formatMessage({ id: 'receipt.next.returns' }, { days: MARKETS[market].returnWindowDays })}{' '}
              <RouteLink to="register-return">
                {intl.formatMessage({ id: 'receipt.next.registerReturn' })}
              </RouteLink>
            </>,
          ].filter((step) => step !== null)}
        />
      </Receipt>
    </InfoPage>
  )
}

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as ConfirmData
  switch (data.state) {
    case 'confirmed':
      return <Confirmed data={data} intl={intl} />
    case 'pending':
      return (
        <InfoPage
          title={intl.formatMessage({ id: 'page.checkoutConfirm.pending.title' })}
          intro={intl.formatMessage({ id: 'page.checkoutConfirm.pending.text' })}
          links={[{ to: 'checkout', label: 'page.checkoutFail.retry' }, ...SHOP_LINKS]}
        >
          <p>{intl.formatMessage({ id: 'page.checkoutFail.orderNumber' }, { number: data.orderNumber })}</p>
          {data.paymentUrl ? (
            <p>
              <a className="button" href={data.paymentUrl}>
                {intl.formatMessage({ id: 'page.checkoutConfirm.pending.pay' })}
              </a>
            </p>
          ) : null}
        </InfoPage>
      )
    case 'cancelled':
      return (
        <InfoPage
          title={intl.formatMessage({ id: 'page.checkoutConfirm.cancelled.title' })}
          intro={intl.formatMessage({ id: 'page.checkoutConfirm.cancelled.text' })}
          links={[{ to: 'checkout', label: 'page.checkoutFail.retry' }, ...SHOP_LINKS]}
        >
          <p>{intl.formatMessage({ id: 'page.checkoutFail.orderNumber' }, { number: data.orderNumber })}</p>
        </InfoPage>
      )
    default:
      return (
        <InfoPage
          title={intl.formatMessage({ id: 'page.checkoutConfirm.notFound.title' })}
          intro={intl.formatMessage({ id: 'page.checkoutConfirm.notFound' })}
          links={SHOP_LINKS}
        />
      )
  }
}
