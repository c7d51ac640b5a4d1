/**
 * The added-to-cart popup (docs/product-rules.md#cart), loaded on demand after an add: the line
 * just added with its size, quantity and price, the free-shipping progress, and the ways on
 * (checkout, or back to shopping).
 */
import { RecommendationSlot } from '../recommendations/RecommendationSlot'
import { addToCartRecommendations } from '../recommendations/request'
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { ProductImage } from '../../ui/Image'
import { CartDialog } from './CartDialog'
import { CheckoutLink } from './CheckoutLink'
import { FreeShippingProgress } from './FreeShippingProgress'
import { useCart, useVatIncluded } from './hooks'
import { cartVariantKeys, shownPrice, sizeName, variantKeyOf } from './rules'
import { addedToCartClosed } from './slice'
import './cart.css'

const IMAGE_WIDTH = 96

export default function AddedToCartPopup() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const titleId = useId()
  const added = useAppSelector((state) => state.cart.added)
  const cart = useCart()
  const vatIncluded = useVatIncluded()
  const close = () => dispatch(addedToCartClosed())
  const item = cart?.items.find((line) => line.skuId === added?.skuId)
  const name = [item?.product?.brand?.name, item?.product?.name].filter(Boolean).join(' ')
  const size = item ? sizeName(item) : null
  const image = item?.product?.productImages?.[0]?.fileName
  const variantKey = item ? variantKeyOf(item) : undefined

  return (
    <CartDialog
      variant="popup"
      titleId={titleId}
      closeLabel={intl.formatMessage({ id: 'modal.close' })}
      onClose={close}
    >
      <h2 id={titleId} className="added-popup__title">
        {intl.formatMessage({ id: 'cart.added.title' })}
      </h2>
      {item && added ? (
        <div className="added-popup__item">
          {image ? (
            <ProductImage fileName={image} alt="" width={IMAGE_WIDTH} sizes={`${IMAGE_WIDTH}px`} />
          ) : null}
          <div>
            <p className="added-popup__name">{name}</p>
            {size ? <p>{intl.formatMessage({ id: 'cart.line.size' }, { size })}</p> : null}
            <p>{intl.formatMessage({ id: 'cart.added.quantity' }, { quantity: added.quantity })}</p>
            <p className="added-popup__price">{shownPrice(item.unitPrice, vatIncluded)}</p>
          </div>
        </div>
      ) : null}
      <FreeShippingProgress />
      {variantKey ? (
        <RecommendationSlot
          eager
          headingLevel={3}
          className="recommendation-slot--compact"
          request={addToCartRecommendations(variantKey, cart ? cartVariantKeys(cart) : [])}
        />
      ) : null}
      <div className="cart-drawer__actions">
        <CheckoutLink onNavigate={close}>{intl.formatMessage({ id: 'cart.toCheckout' })}</CheckoutLink>
        <button type="button" className="button button--secondary" onClick={close}>
          {intl.formatMessage({ id: 'cart.continueShopping' })}
        </button>
      </div>
    </CartDialog>
  )
}
