/**
 * The mini-cart drawer (loaded on demand when the shopper opens it): the lines with quantity
 * controls, free-shipping progress, the promo-code field, the summary and the way to checkout.
 */
import { RecommendationSlot } from '../recommendations/RecommendationSlot'
import { cartRecommendations } from '../recommendations/request'
import { cartVariantKeys } from './rules'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { useGetApollo } from '../../app/apollo-access'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { CartDialog } from './CartDialog'
import { CheckoutLink } from './CheckoutLink'
import { CartLines } from './CartLines'
import { CartSummary } from './CartSummary'
import { FreeShippingProgress } from './FreeShippingProgress'
import { PromoCodeForm } from './PromoCodeForm'
import { MinimumOrderNotice } from './MinimumOrderNotice'
import { useCart } from './hooks'
import { cartDrawerClosed } from './slice'
import { reloadCart } from './thunks'
import './cart.css'

export default function CartDrawer() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const titleId = useId()
  const status = useAppSelector((state) => state.cart.status)
  const cart = useCart()
  const close = () => dispatch(cartDrawerClosed())
  const hasItems = Boolean(cart && cart.items.length > 0)

  let body
  if (status === 'loading' && !cart) {
    body = (
      <p className="cart-drawer__status" role="status">
        {intl.formatMessage({ id: 'cart.loading' })}
      </p>
    )
  } else if (status === 'error') {
    body = (
      <div className="cart-drawer__status" role="alert">
        <p>{intl.formatMessage({ id: 'cart.error.load' })}</p>
        <button type="button" className="button" onClick={() => void dispatch(reloadCart(getApollo))}>
          {intl.formatMessage({ id: 'cart.retry' })}
        </button>
      </div>
    )
  } else if (!hasItems) {
    body = <p className="cart-drawer__status">{intl.formatMessage({ id: 'cart.empty' })}</p>
  } else {
    body = (
      <>
        <FreeShippingProgress />
        <CartLines compact />
        <PromoCodeForm />
        <CartSummary />
        <MinimumOrderNotice />
        <RecommendationSlot
          eager
          headingLevel={3}
          className="recommendation-slot--compact"
          request={cartRecommendations(cart ? cartVariantKeys(cart) : [])}
        />
      </>
    )
  }

  return (
    <CartDialog
      variant="drawer"
      titleId={titleId}
      closeLabel={intl.formatMessage({ id: 'cart.drawer.close' })}
      onClose={close}
    >
      <h2 id={titleId} className="cart-drawer__title">
        {intl.formatMessage({ id: 'cart.drawer.title' })}
      </h2>
      <div className="cart-drawer__body">{body}</div>
      <div className="cart-drawer__actions">
        {hasItems ? (
          <CheckoutLink onNavigate={close}>{intl.formatMessage({ id: 'cart.toCheckout' })}</CheckoutLink>
        ) : null}
        <button type="button" className="button button--secondary" onClick={close}>
          {intl.formatMessage({ id: 'cart.continueShopping' })}
        </button>
      </div>
    </CartDialog>
  )
}
