/**
 * The cart at the top of the checkout and the order summary beside the button: the lines, then
 * the money rows (products, the code's discount, shipping, payment fee, total, balance, VAT),
 * including or excluding VAT as the customer type shows prices (state.global.vatIncluded).
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { listItems } from '../../graphql/list-items'
import type { CheckoutCart } from './api'
import { useSite } from '../../app/site'
import { MARKETS } from '../../shared/markets'
import { orderMoneyFromCartSummary, presentOrderMoney } from '../../shared/order-money'
import { MoneyRows } from '../../ui/MoneyRows'

type LinePrice = NonNullable<NonNullable<NonNullable<CheckoutCart['items']>[number]>['totalPrice']>

function useVatIncluded(): boolean {
  return useAppSelector((state) => state.global.vatIncluded)
}

const price = (value: LinePrice | null | undefined, vatIncluded: boolean) =>
  (vatIncluded ? value?.sellingPriceIncVatFormatted : value?.sellingPriceExVatFormatted) ?? ''

export function CheckoutCartLines({ cart }: { cart: CheckoutCart }) {
  const intl = useIntl()
  const vatIncluded = useVatIncluded()
  return (
    <ul className="checkout-cart plain-list" role="list">
      {listItems(cart.items).map((item) => {
        const size = listItems(item.product?.skus).find((sku) => sku.skuId === item.skuId)?.name
        return (
          <li key={item.id} className="checkout-cart__line">
            <span className="checkout-cart__name">
              {[item.product?.brand?.name, item.product?.name].filter(Boolean).join(' ')}
            </span>
            <span className="checkout-cart__meta">
              {size ? intl.formatMessage({ id: 'checkout.cart.size' }, { size }) : null}{' '}
              {intl.formatMessage({ id: 'checkout.cart.quantity' }, { quantity: item.quantity })}
            </span>
            <span className="checkout-cart__price">{price(item.totalPrice, vatIncluded)}</span>
          </li>
        )
      })}
    </ul>
  )
}

/** The order's money rows beside the button: the same presenter as the cart, the confirmation and the mail. */
export function CheckoutTotals({ cart }: { cart: CheckoutCart }) {
  const vatIncluded = useVatIncluded()
  const { market } = useSite()
  const money = presentOrderMoney(
    orderMoneyFromCartSummary(cart.summary, {
      vatIncluded,
      code: cart.promoCode,
      currency: MARKETS[market].currency,
    }),
  )
  return <MoneyRows className="checkout-totals" money={money} currency={MARKETS[market].currency} />
}
