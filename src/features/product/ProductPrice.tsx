/**
 * The product's price as the shopper's customer type wants it (including or excluding VAT, global
 * `vatIncluded`): the selling price, the struck-through regular price of a discounted product, and
 * the EU lowest-price notice (the lowest price of the last 30 days before the discount).
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import type { ProductLowestPrice, ProductPrice as Price } from './types'
import './product-price.css'

/** Spec §9: the lowest-price reference period. */
export const LOWEST_PRICE_DAYS = 30

type ShownPrice = Pick<
  Price,
  | 'isDiscounted'
  | 'sellingPriceIncVatFormatted'
  | 'sellingPriceExVatFormatted'
  | 'regularPriceIncVatFormatted'
  | 'regularPriceExVatFormatted'
>

export function ProductPrice({
  price,
  lowestPrice,
  className = 'product-price',
}: {
  price: ShownPrice | null
  lowestPrice?: ProductLowestPrice | null
  className?: string
}) {
  const intl = useIntl()
  const vatIncluded = useAppSelector((state) => state.global.vatIncluded)
  if (!price) return null
  const selling = vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted
  const regular = vatIncluded ? price.regularPriceIncVatFormatted : price.regularPriceExVatFormatted
  const lowest = vatIncluded
    ? lowestPrice?.lowestPriceIncVatFormatted
    : lowestPrice?.lowestPriceExVatFormatted
  const vatNote = intl.formatMessage({ id: vatIncluded ? 'product.price.incVat' : 'product.price.exVat' })
  return (
    <div className={className}>
      <p className={`${className}__amounts`}>
        {price.isDiscounted ? (
          <>
            <ins className={`${className}__selling ${className}__selling--sale`}>
              <span className="visually-hidden">{intl.formatMessage({ id: 'product.price.now' })} </span>
              {selling}
            </ins>{' '}
            <del className={`${className}__regular`}>
              <span className="visually-hidden">{intl.formatMessage({ id: 'product.price.before' })} </span>
              {regular}
            </del>
          </>
        ) : (
          <span className={`${className}__selling`}>{selling}</span>
        )}{' '}
        <span className={`${className}__vat`}>{vatNote}</span>
      </p>
      {price.isDiscounted && lowest ? (
        <p className={`${className}__lowest`}>
          {intl.formatMessage({ id: 'product.lowestPrice' }, { days: LOWEST_PRICE_DAYS, price: lowest })}
        </p>
      ) : null}
    </div>
  )
}
