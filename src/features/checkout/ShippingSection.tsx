/** Delivery (docs/product-rules.md#checkout): the shipping options for the zip, once the zip is complete. */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { listItems } from '../../graphql/list-items'
import { formatEstimateRange } from '../../shared/delivery-estimate'
import { RadioGroup } from './fields'
import { shippingSelected } from './slice'
import { PickupPointPicker } from './PickupPointPicker'
import { normaliseZip } from '../../shared/validation'
import type { CheckoutFields } from './useCheckoutFields'

export function ShippingSection({ fields, zipValid }: { fields: CheckoutFields; zipValid: boolean }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { form, shippingId, options } = useAppSelector((state) => state.checkout)
  const shippingOptions = listItems(options?.shippingOptions)
  const error = fields.errorOf('shipping')
  return (
    <section className="checkout-section" aria-labelledby="checkout-shipping-title">
      <h2 id="checkout-shipping-title">{intl.formatMessage({ id: 'checkout.shipping.title' })}</h2>
      {!zipValid ? (
        <p>{intl.formatMessage({ id: 'checkout.shipping.enterZip' })}</p>
      ) : shippingOptions.length === 0 && options ? (
        <p role="status" className="checkout-notice" id="checkout-shipping-group" tabIndex={-1}>
          {intl.formatMessage({ id: 'checkout.feedback.noShipping' })}
        </p>
      ) : null}
      {zipValid && shippingOptions.length > 0 ? (
        <RadioGroup
          name="shipping"
          legend={intl.formatMessage({ id: 'checkout.shipping.legend' })}
          value={shippingId}
          required
          choices={shippingOptions.map((option) => ({
            value: String(option.id),
            label: option.displayName ?? '',
            detail: [
              form.customerType === 'ORGANIZATION' ? option.feeExVatFormatted : option.feeIncVatFormatted,
              // "Perillä ti 8.12.–ke 9.12.": the carrier's days after the cut-off (ADR 0079)
              option.deliveryEstimate
                ? intl.formatMessage(
                    { id: 'checkout.shipping.estimate' },
                    { range: formatEstimateRange(option.deliveryEstimate, intl.locale) },
                  )
                : null,
            ]
              .filter(Boolean)
              .join(' · '),
          }))}
          onValue={(value) => dispatch(shippingSelected(value))}
          error={error}
        />
      ) : null}
      {zipValid &&
      shippingId &&
      shippingOptions.some((option) => String(option.id) === shippingId && option.isPickup) ? (
        <PickupPointPicker shippingId={shippingId} postcode={normaliseZip(form.zip)} />
      ) : null}
      {fields.showAllErrors && error && !zipValid ? (
        <p className="checkout-field__error" id="checkout-shipping-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
