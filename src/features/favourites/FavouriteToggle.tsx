/**
 * The favourite heart (docs/product-rules.md#favourites): a toggle button for one product, on product cards and the
 * product page. It only reads the state and dispatches `toggleFavorite`; saving to local storage,
 * the cross-tab broadcast and the shop events are the listeners' job (src/app/client/listeners.ts,
 * src/features/events), so this stays a few hundred bytes on every page that shows products.
 *
 * Before hydration the server's markup shows the heart unpressed (the server cannot see the
 * browser's saved favourites); once the store's listeners restore them the pressed state follows,
 * without a hydration mismatch because the restore happens after hydration.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { selectIsFavorite, toggleFavorite } from '../../app/global-slice'
import { productFullName, type ListProduct } from '../../ui/product-card-data'
import './favourites.css'

export interface FavouriteToggleProps {
  productId: number
  /** the product's name: part of the button's accessible name */
  productName: string
  /** the product as the page has it, sent with favorite:add / favorite:remove for analytics */
  product?: unknown
  className?: string
}

export function FavouriteToggle({ productId, productName, product, className }: FavouriteToggleProps) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const pressed = useAppSelector((state) => selectIsFavorite(state, productId))
  return (
    <button
      type="button"
      className={className ? `favourite-toggle ${className}` : 'favourite-toggle'}
      aria-pressed={pressed}
      aria-label={intl.formatMessage({ id: 'favourites.toggle' }, { name: productName })}
      onClick={() => dispatch(toggleFavorite(productId, product ?? { productId, name: productName }))}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.5 1.1 5.1 3 1.6-1.9 3.1-3 5.1-3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
      </svg>
    </button>
  )
}

/** The heart on a product card (lists, home rails, the favourites page), named like the card. */
export function CardFavouriteToggle({ product }: { product: ListProduct }) {
  return (
    <FavouriteToggle productId={product.productId} productName={productFullName(product)} product={product} />
  )
}
