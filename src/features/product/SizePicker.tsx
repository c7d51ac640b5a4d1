/**
 * The size choice: one radio per SKU with its stock status (in stock, few left, out of stock,
 * made to order). A sold-out size can be chosen too: the buy box then offers the back-in-stock
 * sign-up instead of the cart. The error ('Sinun on ensin valittava koko') is tied to the group.
 */
import { forwardRef, useId } from 'react'
import { useIntl } from 'react-intl'
import { STOCK_MESSAGE_ID, statusOf } from './stock'
import type { ProductSku } from './types'

export interface SizePickerProps {
  skus: readonly ProductSku[]
  selectedSkuId: number | null
  onSelect: (skuId: number) => void
  /** id of the element holding the error message, when there is one */
  errorId?: string
  /** distinguishes the radio names of two pickers on one page (product page and quickshop) */
  name: string
}

export const SizePicker = forwardRef<HTMLFieldSetElement, SizePickerProps>(function SizePicker(
  { skus, selectedSkuId, onSelect, errorId, name },
  ref,
) {
  const intl = useIntl()
  const legendId = useId()
  return (
    <fieldset
      ref={ref}
      className="size-picker"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required="true"
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      tabIndex={-1}
    >
      <legend id={legendId} className="size-picker__legend">
        {intl.formatMessage({ id: 'product.size.choose' })}
      </legend>
      <div className="size-picker__options">
        {skus.map((sku) => {
          const status = statusOf(sku)
          const statusText = intl.formatMessage({ id: STOCK_MESSAGE_ID[status] })
          return (
            <label
              key={sku.skuId}
              className={`size-picker__option size-picker__option--${status.toLowerCase().replace('_', '-')}`}
            >
              <input
                type="radio"
                name={name}
                value={sku.skuId}
                checked={selectedSkuId === sku.skuId}
                onChange={() => onSelect(sku.skuId)}
              />
              <span className="size-picker__size">{sku.name}</span>
              <span className="size-picker__status">{statusText}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
})
