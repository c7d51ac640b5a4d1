/**
 * The cart's summary (drawer and the checkout page's cart section): subtotal, discounts, shipping,
 * gift card and balance, total and VAT, each in the customer's VAT view (spec §3 customer type:
 * prices with or without VAT), the applied campaigns, and the minimum order value when the cart
 * is below it.
 */
import { useIntl } from 'react-intl'
import { useCart, useVatIncluded } from './hooks'
import { summaryRows } from './rules'
import { listItems } from '../../graphql/list-items'

export function CartSummary() {
  const intl = useIntl()
  const cart = useCart()
  const vatIncluded = useVatIncluded()
  if (!cart || cart.items.length === 0) return null
  const rows = summaryRows(cart, vatIncluded)
  const campaigns = listItems(cart.appliedCampaigns)
    .filter((campaign) => campaign.name && !campaign.hideTitle)
    .map((campaign) => campaign.name)
  return (
    <section className="cart-summary" aria-label={intl.formatMessage({ id: 'cart.summary.title' })}>
      <dl className="cart-summary__rows">
        <div className="cart-summary__row">
          <dt>{intl.formatMessage({ id: 'cart.summary.subtotal' })}</dt>
          <dd>{rows.subtotal}</dd>
        </div>
        {rows.discount ? (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{intl.formatMessage({ id: 'cart.summary.discount' })}</dt>
            <dd>−{rows.discount}</dd>
          </div>
        ) : null}
        <div className="cart-summary__row">
          <dt>{intl.formatMessage({ id: 'cart.summary.shipping' })}</dt>
          <dd>{rows.shipping ?? intl.formatMessage({ id: 'cart.summary.shippingFree' })}</dd>
        </div>
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{intl.formatMessage({ id: 'cart.summary.total' })}</dt>
          <dd>{rows.total}</dd>
        </div>
        {rows.balance ? (
          <>
            <div className="cart-summary__row">
              <dt>{intl.formatMessage({ id: 'cart.summary.giftCard' })}</dt>
              <dd>−{rows.balance}</dd>
            </div>
            <div className="cart-summary__row cart-summary__row--total">
              <dt>{intl.formatMessage({ id: 'cart.summary.toPay' })}</dt>
              <dd>{rows.toPay}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <p className="cart-summary__vat">
        {intl.formatMessage(
          { id: vatIncluded ? 'cart.summary.vatIncluded' : 'cart.summary.vatExcluded' },
          { amount: rows.vat },
        )}
      </p>
      {campaigns.length > 0 ? (
        <p className="cart-summary__campaigns">
          {intl.formatMessage({ id: 'cart.summary.campaigns' }, { names: campaigns.join(', ') })}
        </p>
      ) : null}
    </section>
  )
}
