/**
 * The cart at the top of the checkout and the order summary beside the button: lines, subtotal,
 * shipping, payment fee, discount, total and VAT, including or excluding VAT as the customer
 * type shows prices (state.global.vatIncluded).
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../../app/hooks'
import { listItems } from '../../graphql/list-items'
import type { CheckoutCart } from './api'

type Summary = NonNullable<CheckoutCart['summary']>
/** A formatted amount with and without VAT, as the summary's subtotal and total carry it. */
type IncEx = Pick<
  NonNullable<Summary['subTotal']>,
  'sellingPriceIncVatFormatted' | 'sellingPriceExVatFormatted'
>
/** A formatted fee with and without VAT, as shipping and payment carry it. */
type FeePair = Pick<NonNullable<Summary['shipping']>, 'feeIncVatFormatted' | 'feeExVatFormatted'>

function useVatIncluded(): boolean {
  return useAppSelector((state) => state.global.vatIncluded)
}

const price = (value: IncEx | null | undefined, vatIncluded: boolean) =>
  (vatIncluded ? value?.sellingPriceIncVatFormatted : value?.sellingPriceExVatFormatted) ?? ''

const fee = (value: FeePair | null | undefined, vatIncluded: boolean) =>
  (vatIncluded ? value?.feeIncVatFormatted : value?.feeExVatFormatted) ?? ''

export function CheckoutCartLines({ cart }: { cart: CheckoutCart }) {
  const intl = useIntl()
  const vatIncluded = useVatIncluded()
  return (
    <ul className="checkout-cart plain-list" role="list">
      {listItems(cart.items).map((item) => {
        const size = listItems(item.product?.skus).find((sku) => sku.skuId === item.skuId)?.name
        return (
          <li key={item.id} className="checkout-cart__line">
            <span className="checkout-cart__name">
              {[item.product?.brand?.name, item.product?.name].filter(Boolean).join(' ')}
            </span>
            <span className="checkout-cart__meta">
              {size ? intl.formatMessage({ id: 'checkout.cart.size' }, { size }) : null}{' '}
              {intl.formatMessage({ id: 'checkout.cart.quantity' }, { quantity: item.quantity })}
            </span>
            <span className="checkout-cart__price">{price(item.totalPrice, vatIncluded)}</span>
          </li>
        )
      })}
    </ul>
  )
}

export function CheckoutTotals({ cart }: { cart: CheckoutCart }) {
  const intl = useIntl()
  const vatIncluded = useVatIncluded()
  const summary = cart.summary
  const total = summary?.total
  const discount = vatIncluded ? total?.discountIncVatFormatted : total?.discountExVatFormatted
  const rows: { label: string; value: string; id: string }[] = [
    {
      id: 'subtotal',
      label: intl.formatMessage({ id: 'checkout.summary.subtotal' }),
      value: price(summary?.subTotal, vatIncluded),
    },
  ]
  if (total?.isDiscounted && (total.discountIncVat ?? 0) > 0 && discount) {
    rows.push({
      id: 'discount',
      label: intl.formatMessage({ id: 'checkout.summary.discount' }),
      value: `−${discount}`,
    })
  }
  if (summary?.shipping) {
    rows.push({
      id: 'shipping',
      label: intl.formatMessage({ id: 'checkout.summary.shipping' }),
      value: fee(summary.shipping, vatIncluded),
    })
  }
  if (summary?.payment) {
    rows.push({
      id: 'payment',
      label: intl.formatMessage({ id: 'checkout.summary.paymentFee' }),
      value: fee(summary.payment, vatIncluded),
    })
  }
  return (
    <dl className="checkout-totals">
      {rows.map((row) => (
        <div key={row.id} className="checkout-totals__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="checkout-totals__row checkout-totals__row--total">
        <dt>{intl.formatMessage({ id: 'checkout.summary.total' })}</dt>
        <dd>{price(total, vatIncluded)}</dd>
      </div>
      <div className="checkout-totals__row checkout-totals__row--vat">
        <dt>
          {intl.formatMessage({
            id: vatIncluded ? 'checkout.summary.vatIncluded' : 'checkout.summary.vatExcluded',
          })}
        </dt>
        <dd>{total?.vatFormatted ?? ''}</dd>
      </div>
    </dl>
  )
}
