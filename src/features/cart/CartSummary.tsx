/**
 * The cart's summary (drawer and the checkout page's cart section): its money rows in the
 * customer's VAT view (docs/product-rules.md#cart customer type: prices with or without VAT) through the one
 * presenter every page uses (src/shared/order-money.ts), and the applied campaigns.
 */
import { useIntl } from 'react-intl'
import { useSite } from '../../app/site'
import { MARKETS } from '../../shared/markets'
import { MoneyRows } from '../../ui/MoneyRows'
import { useCart, useVatIncluded } from './hooks'
import { cartMoney } from './rules'
import { listItems } from '../../graphql/list-items'

export function CartSummary() {
  const intl = useIntl()
  const cart = useCart()
  const vatIncluded = useVatIncluded()
  const { market } = useSite()
  if (!cart || cart.items.length === 0) return null
  const campaigns = listItems(cart.appliedCampaigns)
    .filter((campaign) => campaign.name && !campaign.hideTitle)
    .map((campaign) => campaign.name)
  return (
    <section className="cart-summary" aria-label={intl.formatMessage({ id: 'cart.summary.title' })}>
      <MoneyRows
        money={cartMoney(cart, vatIncluded, MARKETS[market].currency)}
        currency={MARKETS[market].currency}
      />
      {campaigns.length > 0 ? (
        <p className="cart-summary__campaigns">
          {intl.formatMessage({ id: 'cart.summary.campaigns' }, { names: campaigns.join(', ') })}
        </p>
      ) : null}
    </section>
  )
}
