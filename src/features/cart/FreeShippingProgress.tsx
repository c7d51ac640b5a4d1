/**
 * Free-shipping progress (docs/product-rules.md#cart: free shipping above 69 € and the market equivalents): how much
 * more the shopper needs, from the summary's amountLeftToFreeShipping (judged by the API in the
 * customer's own VAT view), and a progress bar.
 */
import { useId } from 'react'
import { useIntl } from 'react-intl'
import { useCart, useVatIncluded } from './hooks'
import { freeShippingProgress } from './rules'

export function FreeShippingProgress() {
  const intl = useIntl()
  const cart = useCart()
  const vatIncluded = useVatIncluded()
  const labelId = useId()
  const progress = cart ? freeShippingProgress(cart, vatIncluded) : null
  if (!progress) return null
  return (
    <div className="free-shipping">
      <p id={labelId} className="free-shipping__text">
        {progress.reached
          ? intl.formatMessage({ id: 'cart.freeShipping.reached' })
          : intl.formatMessage({ id: 'cart.freeShipping.left' }, { amount: progress.leftFormatted })}
      </p>
      <progress className="free-shipping__bar" aria-labelledby={labelId} max={100} value={progress.percent} />
    </div>
  )
}
