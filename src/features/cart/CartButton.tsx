/**
 * The header's cart button: the item count from the store (the server loads the cart, so the
 * count is in the first HTML) and a click opens the mini-cart drawer. Kept tiny: the drawer and
 * the added-to-cart popup are separate chunks loaded when first shown (CartOverlays).
 */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { cartDrawerOpened } from './slice'
import { BagIcon } from '../../ui/icons'
import './cart-button.css'

export function CartButton() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const open = useAppSelector((state) => state.cart.drawerOpen)
  const count = useAppSelector((state) =>
    (state.cart.data?.items ?? []).reduce((sum, item) => sum + item.quantity, 0),
  )
  return (
    <button
      type="button"
      className="cart-button"
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={intl.formatMessage({ id: 'cart.button' }, { count })}
      onClick={() => dispatch(cartDrawerOpened())}
    >
      <BagIcon />
      <span className="user-nav__text" aria-hidden="true">
        {intl.formatMessage({ id: 'nav.cart' })}
      </span>
      <span className="cart-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  )
}
