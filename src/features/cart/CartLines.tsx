/**
 * The cart's lines (used by the mini-cart drawer and the checkout page's cart section): product,
 * size, price in the customer's VAT view, quantity controls labelled with the product's name,
 * removal, and the stock messages of docs/product-rules.md#cart ('only {stock} left' when a change asks for more,
 * the threshold message once the line holds all that can be ordered).
 */
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { RouteLink } from '../../ui/RouteLink'
import { ProductImage } from '../../ui/Image'
import { Price } from '../../ui/Price'
import { useCart, useSetLineQuantity, useVatIncluded } from './hooks'
import { limitedByOrderLimit, lineStock, maxOrderable, shownPrice, sizeName, thresholdReached } from './rules'
import type { CartItem } from './types'
import './cart.css'
import { listItems } from '../../graphql/list-items'

const IMAGE_WIDTH = 80

function productName(item: CartItem): string {
  return [item.product?.brand?.name, item.product?.name].filter(Boolean).join(' ') || String(item.skuId)
}

function CartLine({ item, compact }: { item: CartItem; compact: boolean }) {
  const intl = useIntl()
  const vatIncluded = useVatIncluded()
  const setQuantity = useSetLineQuantity()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const name = productName(item)
  const size = sizeName(item)
  const max = maxOrderable(lineStock(item))
  const image = item.product?.productImages?.[0]?.fileName

  const change = async (quantity: number) => {
    if (pending) return
    setPending(true)
    setError(null)
    const result = await setQuantity({ skuId: item.skuId, quantity })
    setPending(false)
    if (!result.ok) setError(result.message)
  }

  return (
    <li className="cart-line">
      {image ? (
        <ProductImage
          className="cart-line__image"
          fileName={image}
          alt=""
          width={IMAGE_WIDTH}
          sizes={`${IMAGE_WIDTH}px`}
        />
      ) : (
        <span className="cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__body">
        <p className="cart-line__name">
          {item.product?.alias ? (
            <RouteLink to="product" params={{ '*': item.product.alias }}>
              {name}
            </RouteLink>
          ) : (
            name
          )}
        </p>
        {size ? (
          <p className="cart-line__size">{intl.formatMessage({ id: 'cart.line.size' }, { size })}</p>
        ) : null}
        <div className="cart-line__price">
          {item.totalPrice ? <Price price={item.totalPrice} /> : null}
          {!compact && item.quantity > 1 ? (
            <span className="cart-line__unit">({shownPrice(item.unitPrice, vatIncluded)})</span>
          ) : null}
        </div>
        {listItems(item.campaign?.appliedCampaigns).some(
          (campaign) => campaign.name && !campaign.hideTitle,
        ) ? (
          <p className="cart-line__campaign">
            {listItems(item.campaign?.appliedCampaigns)
              .filter((campaign) => campaign.name && !campaign.hideTitle)
              .map((campaign) => campaign.name)
              .join(', ')}
          </p>
        ) : null}
        <div
          className="cart-line__quantity"
          role="group"
          aria-label={intl.formatMessage({ id: 'cart.line.quantity' }, { name })}
        >
          <button
            type="button"
            className="cart-line__step"
            aria-label={intl.formatMessage({ id: 'cart.line.decrease' }, { name })}
            aria-disabled={pending || item.quantity <= 1}
            onClick={() => {
              if (item.quantity > 1) void change(item.quantity - 1)
            }}
          >
            <span aria-hidden="true">−</span>
          </button>
          <output className="cart-line__count" aria-live="polite">
            {item.quantity}
          </output>
          <button
            type="button"
            className="cart-line__step"
            aria-label={intl.formatMessage({ id: 'cart.line.increase' }, { name })}
            aria-disabled={pending || item.quantity >= max}
            onClick={() => {
              if (item.quantity < max) void change(item.quantity + 1)
            }}
          >
            <span aria-hidden="true">+</span>
          </button>
          <button
            type="button"
            className="cart-line__remove"
            aria-label={intl.formatMessage({ id: 'cart.line.remove' }, { name })}
            aria-disabled={pending}
            onClick={() => void change(0)}
          >
            {intl.formatMessage({ id: 'cart.line.removeShort' })}
          </button>
        </div>
        {thresholdReached(item) && !error ? (
          <p className="cart-line__notice">
            {limitedByOrderLimit(lineStock(item))
              ? intl.formatMessage({ id: 'cart.line.limit' }, { limit: max })
              : intl.formatMessage({ id: 'cart.line.threshold' }, { stock: max })}
          </p>
        ) : null}
        {error ? (
          <p className="cart-line__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  )
}

export interface CartLinesProps {
  /** the drawer's narrow view leaves out the unit price */
  compact?: boolean
}

/** The lines of the shopper's cart from the store; renders nothing for an empty cart. */
export function CartLines({ compact = false }: CartLinesProps) {
  const intl = useIntl()
  const cart = useCart()
  if (!cart || cart.items.length === 0) return null
  return (
    <ul className="cart-lines plain-list" aria-label={intl.formatMessage({ id: 'cart.line.lines' })}>
      {cart.items.map((item) => (
        <CartLine key={item.skuId} item={item} compact={compact} />
      ))}
    </ul>
  )
}
