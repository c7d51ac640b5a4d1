/**
 * The order summary beside the button (docs/product-rules.md#checkout): totals, the terms, the checkout's feedback
 * (an alert that takes focus) and the place-order button, named for the payment kind.
 */
import type { FailureMessage } from '../../lib/too-many-attempts'
import type { Ref } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useSite } from '../../app/site'
import { RouteLink } from '../../ui/RouteLink'
import { contentPageByKey } from '../../shared/content-pages'
import { CheckboxField } from './fields'
import { CheckoutTotals } from './CheckoutSummary'
import { termsAcceptedSet } from './slice'
import type { CheckoutFields } from './useCheckoutFields'

interface OrderSectionProps {
  fields: CheckoutFields
  /** a message id, or null for no message */
  feedback: FailureMessage | null
  feedbackRef: Ref<HTMLDivElement>
  /** the chosen payment is paid on the provider's page */
  isCard: boolean
}

export function OrderSection({ fields, feedback, feedbackRef, isCard }: OrderSectionProps) {
  const intl = useIntl()
  const site = useSite()
  const dispatch = useAppDispatch()
  const { termsAccepted, status, load, options } = useAppSelector((state) => state.checkout)
  const cart = options?.cart ?? null
  const terms = contentPageByKey('terms')
  const busy = status === 'validating' || status === 'placing'
  return (
    <section className="checkout-section checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{intl.formatMessage({ id: 'checkout.summary.title' })}</h2>
      {cart ? <CheckoutTotals cart={cart} /> : null}
      <CheckboxField
        name="terms"
        required
        label={intl.formatMessage({ id: 'checkout.terms.accept' })}
        checked={termsAccepted}
        onChecked={(checked) => {
          dispatch(termsAcceptedSet(checked))
          fields.touch('terms')
        }}
        error={fields.errorOf('terms')}
      />
      {terms ? (
        <p>
          <RouteLink to="content-page" params={{ alias: terms.alias[site.locale] }} target="_blank">
            {intl.formatMessage({ id: 'checkout.terms.read' })}
          </RouteLink>
        </p>
      ) : null}
      <div
        id="checkout-feedback"
        ref={feedbackRef}
        tabIndex={-1}
        role="alert"
        className={feedback ? 'checkout-feedback checkout-feedback--shown' : 'checkout-feedback'}
      >
        {feedback ? intl.formatMessage({ id: feedback.id }, feedback.values) : null}
      </div>
      <button
        type="submit"
        className="button button--primary checkout-submit"
        disabled={busy || load !== 'ready'}
      >
        {busy
          ? intl.formatMessage({ id: 'checkout.placing' })
          : intl.formatMessage({ id: isCard ? 'checkout.placeOrder.card' : 'checkout.placeOrder' })}
      </button>
    </section>
  )
}
