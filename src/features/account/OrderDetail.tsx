/**
 * One order of the customer: its status and date, the items, the shipping (address, method,
 * tracking links that open the carrier's page) and the returns and refunds, with a way to
 * register a return.
 */
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { isCurrencyCode } from '../../shared/markets'
import { formatMoney, fromDecimal } from '../../shared/money'
import { useSite } from '../../app/site'
import { LOCALES } from '../../shared/markets'
import { orderMoneyFromCartSummary, presentOrderMoney } from '../../shared/order-money'
import { MoneyRows } from '../../ui/MoneyRows'
import { RouteLink, hrefFor, routerPath } from '../../ui/RouteLink'
import type { AccountOrder } from './api'
import { orderNumberOf } from './OrderList'
import { DATE_FORMAT, orderStatusMessage, trackingLinks } from './orders'
import { ReturnRequestList } from '../returns/ReturnRequestList'
import { isInvoiced } from '../../shared/payment-kinds'
import { InvoiceFacts } from './InvoiceFacts'

type Address = NonNullable<AccountOrder['shippingAddress']>

function AddressLines({ address }: { address: Address }) {
  const lines = [
    address.company,
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.careOf ? `c/o ${address.careOf}` : '',
    address.addressLine1,
    address.addressLine2,
    [address.zip, address.city].filter(Boolean).join(' '),
  ].filter((line) => line !== '')
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index} className="account-address__line">
          {line}
        </span>
      ))}
    </address>
  )
}

type OrderItem = NonNullable<NonNullable<NonNullable<AccountOrder['cart']>['items']>[number]>

/** The order's status, date, payment method and total. */
function OrderFacts({ order }: { order: AccountOrder }) {
  const intl = useIntl()
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <dl className="account-facts">
      <div>
        <dt>{text('account.orders.status')}</dt>
        <dd>{text(orderStatusMessage(order.status))}</dd>
      </div>
      {order.createdAt ? (
        <div>
          <dt>{text('account.orders.date')}</dt>
          <dd>{intl.formatDate(order.createdAt, DATE_FORMAT)}</dd>
        </div>
      ) : null}
      {order.paymentMethod ? (
        <div>
          <dt>{text('account.order.paymentMethod')}</dt>
          <dd>{order.paymentMethod}</dd>
        </div>
      ) : null}
      <div>
        <dt>{text('account.order.total')}</dt>
        <dd>{order.orderTotal?.sellingPriceIncVatFormatted ?? '–'}</dd>
      </div>
    </dl>
  )
}

/** The order's rows: brand, product (linked), size, quantity and price. */
function OrderItems({ items }: { items: OrderItem[] }) {
  const intl = useIntl()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return (
    <ul className="plain-list account-order__items" role="list">
      {items.map((item) => {
        const size = item.product?.skus?.find((sku) => sku?.skuId === item.skuId)?.name
        return (
          <li key={item.id} className="account-order__item">
            <span className="account-order__name">
              {item.product?.brand?.name ? `${item.product.brand.name} ` : ''}
              {item.product?.alias ? (
                <RouteLink to="product" params={{ '*': item.product.alias }}>
                  {item.product.name ?? item.product.alias}
                </RouteLink>
              ) : (
                item.product?.name
              )}
            </span>
            {size ? <span>{text('account.order.size', { size })}</span> : null}
            <span>{text('account.order.quantity', { quantity: item.quantity })}</span>
            <span className="account-table__amount">{item.totalPrice?.sellingPriceIncVatFormatted}</span>
          </li>
        )
      })}
    </ul>
  )
}

export function OrderDetail({ order }: { order: AccountOrder }) {
  const intl = useIntl()
  const site = useSite()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const number = orderNumberOf(order)
  const items = (order.cart?.items ?? []).filter((item) => item !== null)
  const tracking = trackingLinks(order)
  const refunds = (order.refunds ?? []).filter((refund) => refund !== null)
  const returns = (order.returns ?? []).filter((entry) => entry !== null)
  const currency = order.currency ?? ''
  const money = (amount: number) =>
    isCurrencyCode(currency)
      ? formatMoney(fromDecimal(amount, currency), currency, LOCALES[site.locale].iso)
      : amount.toFixed(2)
  const ordersPath = routerPath(hrefFor(site, 'account-orders'), site.basename)
  const returnPath = `${routerPath(hrefFor(site, 'register-return'), site.basename)}?order=${encodeURIComponent(number)}`
  const returnRequests = order.returnRequests ?? []

  return (
    <section className="account-order" aria-labelledby="account-order-title">
      <p className="print-hidden">
        <Link to={ordersPath}>{text('account.order.back')}</Link>
      </p>
      <h2 id="account-order-title">{text('account.order.title', { number })}</h2>
      <OrderFacts order={order} />

      {isInvoiced(order.paymentKind) && order.status !== 'cancelled' ? (
        <InvoiceFacts
          order={order}
          billedTo={
            <AddressLines address={(order.billingAddress ?? order.shippingAddress ?? {}) as Address} />
          }
        />
      ) : null}

      <h3>{text('account.order.items')}</h3>
      <OrderItems items={items} />
      {isCurrencyCode(currency) ? (
        <MoneyRows
          className="account-order__money"
          money={presentOrderMoney(
            orderMoneyFromCartSummary(order.cart?.summary, {
              vatIncluded: true,
              code: order.cart?.promoCode,
              currency,
            }),
          )}
          currency={currency}
        />
      ) : null}

      <h3>{text('account.order.shipping')}</h3>
      <dl className="account-facts">
        {order.shippingMethod ? (
          <div>
            <dt>{text('account.order.shippingMethod')}</dt>
            <dd>{order.shippingMethod}</dd>
          </div>
        ) : null}
        {(order.shippingAddress ?? order.billingAddress) ? (
          <div>
            <dt>{text('account.order.shippingAddress')}</dt>
            <dd>
              <AddressLines address={(order.shippingAddress ?? order.billingAddress) as Address} />
            </dd>
          </div>
        ) : null}
      </dl>
      <h4>{text('account.order.tracking')}</h4>
      {tracking.length > 0 ? (
        <ul className="plain-list" role="list">
          {tracking.map((link) => (
            <li key={link.href}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {text('account.order.track', { parcel: link.parcelNumber ?? link.name })}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{text('account.order.noTracking')}</p>
      )}

      <h3>{text('account.order.returns')}</h3>
      {order.returnableUntil ? (
        <p>
          {text('account.order.returnableUntil', {
            date: intl.formatDate(order.returnableUntil, DATE_FORMAT),
          })}
        </p>
      ) : null}
      <ReturnRequestList returns={returnRequests} />
      {returnRequests.length > 0 ? null : returns.length + refunds.length > 0 ? (
        <ul className="plain-list" role="list">
          {returns.map((entry) => (
            <li key={`return-${entry.id}`}>
              {text('account.order.return', { date: intl.formatDate(entry.createdAt, DATE_FORMAT) })}
              {entry.articleNumber ? ` (${entry.articleNumber})` : ''}
              {entry.reason ? ` – ${entry.reason}` : ''}
            </li>
          ))}
          {refunds.map((refund) => (
            <li key={`refund-${refund.id}`}>
              {text('account.order.refund', {
                date: intl.formatDate(refund.createdAt, DATE_FORMAT),
                amount: money(refund.total),
              })}
              {refund.articleNumber ? ` (${refund.articleNumber})` : ''}
              {refund.reason ? ` – ${refund.reason}` : ''}
              {refund.toBalance ? `, ${text('account.order.refundToBalance')}` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>{text('account.order.noReturns')}</p>
      )}
      {returnRequests.length > 0 && refunds.length > 0 ? (
        <ul className="plain-list" role="list">
          {refunds.map((refund) => (
            <li key={`refund-${refund.id}`}>
              {text('account.order.refund', {
                date: intl.formatDate(refund.createdAt, DATE_FORMAT),
                amount: money(refund.total),
              })}
              {refund.articleNumber ? ` (${refund.articleNumber})` : ''}
              {refund.toBalance ? `, ${text('account.order.refundToBalance')}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="print-hidden">
        <Link to={returnPath}>{text('account.order.registerReturn')}</Link>
      </p>
    </section>
  )
}
