/**
 * Payment (docs/product-rules.md#checkout): the payment options for this customer, with a notice when the customer's
 * status limits them, and one naming the options whose provider cannot be reached now. An option
 * paid at a provider says what happens next (`checkout.payment.next.{kind}`: the card page, the
 * phone number and the wallet's app); the shop's own invoice says its fee.
 */
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { listItems } from '../../graphql/list-items'
import { RadioGroup } from './fields'
import { paymentSelected } from './slice'
import type { CheckoutFields } from './useCheckoutFields'
import { paidAtProvider } from '../../shared/payment-kinds'

const UNLIMITED_STATUSES = ['ok', 'blacklisted', 'invalidemail']

export function PaymentSection({ fields }: { fields: CheckoutFields }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const { form, paymentId, options, customerStatus, paymentsLimited } = useAppSelector(
    (state) => state.checkout,
  )
  const paymentOptions = listItems(options?.paymentOptions)
  const unavailable = options?.unavailablePaymentOptions ?? []
  const organisation = form.customerType === 'ORGANIZATION'
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title">{intl.formatMessage({ id: 'checkout.payment.title' })}</h2>
      {paymentsLimited || !UNLIMITED_STATUSES.includes(customerStatus) ? (
        <p className="checkout-notice" role="status">
          {intl.formatMessage({ id: 'checkout.feedback.limited' })}
        </p>
      ) : null}
      {unavailable.length > 0 ? (
        <p className="checkout-notice" role="status">
          {intl.formatMessage(
            { id: 'checkout.payment.unavailable' },
            { options: intl.formatList(unavailable, { type: 'conjunction' }) },
          )}
        </p>
      ) : null}
      {paymentOptions.length > 0 ? (
        <RadioGroup
          name="payment"
          legend={intl.formatMessage({ id: 'checkout.payment.legend' })}
          value={paymentId}
          required
          choices={paymentOptions.map((option) => ({
            value: String(option.id),
            label: option.displayName ?? '',
            detail:
              option.checkoutType === 'EXTERNAL' && paidAtProvider(option.name)
                ? intl.formatMessage({ id: `checkout.payment.next.${option.name}` })
                : intl.formatMessage(
                    { id: 'checkout.payment.fee' },
                    { fee: (organisation ? option.feeExVatFormatted : option.feeIncVatFormatted) ?? '' },
                  ),
          }))}
          onValue={(value) => dispatch(paymentSelected(value))}
          error={fields.errorOf('payment')}
        />
      ) : (
        <p aria-live="polite">{intl.formatMessage({ id: 'checkout.cart.loading' })}</p>
      )}
    </section>
  )
}
