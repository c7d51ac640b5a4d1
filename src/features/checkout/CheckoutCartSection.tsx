/**
 * The cart at the top of the checkout: the cart feature's own lines (quantity, removal) and promo
 * code form once the cart is in the store, the checkout's priced lines until then.
 */
import { useIntl } from 'react-intl'
// the cart's components one by one: the feature's index also brings its operations, which the
// checkout's first load does without (they load with the first change)
import { CartLines } from '../cart/CartLines'
import { FreeShippingProgress } from '../cart/FreeShippingProgress'
import { MinimumOrderNotice } from '../cart/MinimumOrderNotice'
import { PromoCodeForm } from '../cart/PromoCodeForm'
import { useCart } from '../cart/hooks'
import { useAppSelector } from '../../app/hooks'
import { CheckoutCartLines } from './CheckoutSummary'

export function CheckoutCartSection({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl()
  const storeCart = useCart()
  const load = useAppSelector((state) => state.checkout.load)
  const cart = useAppSelector((state) => state.checkout.options?.cart ?? null)
  return (
    <section className="checkout-section" aria-labelledby="checkout-cart-title">
      <h2 id="checkout-cart-title">{intl.formatMessage({ id: 'checkout.cart.title' })}</h2>
      {load === 'failed' ? (
        <div role="alert">
          <p>{intl.formatMessage({ id: 'error.generic.text' })}</p>
          <button type="button" className="button" onClick={onRetry}>
            {intl.formatMessage({ id: 'checkout.retry' })}
          </button>
        </div>
      ) : storeCart && storeCart.items.length > 0 ? (
        <>
          <CartLines />
          <FreeShippingProgress />
          <MinimumOrderNotice />
          <PromoCodeForm />
        </>
      ) : cart ? (
        <CheckoutCartLines cart={cart} />
      ) : (
        <p aria-live="polite">{intl.formatMessage({ id: 'checkout.cart.loading' })}</p>
      )}
    </section>
  )
}
