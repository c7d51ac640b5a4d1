/** docs/product-rules.md#cart: the minimum order value is shown while the cart is below it (checkout refuses the order). */
import { useIntl } from 'react-intl'
import { useCart } from './hooks'

export function MinimumOrderNotice() {
  const intl = useIntl()
  const cart = useCart()
  const minimum = cart?.minimumOrderValue
  if (!cart || !minimum || minimum.isReached || cart.items.length === 0) return null
  return (
    <p className="cart-minimum" role="status">
      {intl.formatMessage(
        { id: 'cart.minimumOrder.missing' },
        { amount: minimum.amountFormatted ?? '', left: minimum.amountLeftFormatted ?? '' },
      )}
    </p>
  )
}
