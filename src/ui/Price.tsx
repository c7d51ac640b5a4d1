/**
 * The one price component of the shop (product cards, product page, cart, checkout): the selling
 * price; when discounted, the regular price struck through and the 30-day lowest-price notice;
 * inc or ex VAT per the store's `vatIncluded` (the customer type's setting, docs/product-rules.md#customer-types-and-prices), with an
 * "ex VAT" marker when without. Pass the `...PriceFields` selection as `price` and, where the
 * page shows a reduced price to a shopper, `...LowestPriceFields` as `lowestPrice`
 * (graphql/operations/price-fields.graphql). The decisions are in src/lib/pricing.ts.
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../app/hooks'
import {
  LOWEST_PRICE_DAYS,
  lowestPriceNotice,
  priceDisplay,
  type LowestPriceFields,
  type PriceFields,
} from '../lib/pricing'
import './price.css'

export interface PriceProps {
  price: PriceFields
  lowestPrice?: LowestPriceFields | null
  /** 'large' on the product page */
  size?: 'small' | 'large'
  className?: string
}

export function Price({ price, lowestPrice, size = 'small', className }: PriceProps) {
  const intl = useIntl()
  const vatIncluded = useAppSelector((state) => state.global.vatIncluded)
  const shown = priceDisplay(price, vatIncluded)
  const notice = lowestPriceNotice(price, lowestPrice, vatIncluded)
  const classes = ['price', `price--${size}`, className].filter(Boolean).join(' ')
  return (
    <div className={classes}>
      <span className="price__amounts">
        <span className={shown.regular ? 'price__selling price__selling--reduced' : 'price__selling'}>
          {shown.regular ? (
            <span className="visually-hidden">{intl.formatMessage({ id: 'price.now' })} </span>
          ) : null}
          {shown.selling}
        </span>
        {shown.regular ? (
          <>
            {' '}
            <del className="price__regular">
              <span className="visually-hidden">{intl.formatMessage({ id: 'price.regular' })} </span>
              {shown.regular}
            </del>
          </>
        ) : null}
        {shown.exVat ? (
          <>
            {' '}
            <span className="price__vat">{intl.formatMessage({ id: 'price.exVat' })}</span>
          </>
        ) : null}
      </span>
      {notice ? (
        <span className="price__lowest">
          {intl.formatMessage({ id: 'product.lowestPrice' }, { days: LOWEST_PRICE_DAYS, price: notice })}
        </span>
      ) : null}
    </div>
  )
}
