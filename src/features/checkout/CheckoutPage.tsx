/**
 * The checkout (spec §3 customer form, §4 customer status, §5 validation, §8 checkout feedback;
 * contracts.md §2.9): the cart, the customer form, shipping options for the zip, payment options
 * for the customer, order message and entry code, terms, and the summary.
 *
 * Flow: createOrUpdateCheckout on load and whenever the zip, customer type, e-mail, shipping or
 * payment changes (the newest answer wins). On submit the form rules run first (errors on the
 * fields, focus on the first invalid one); then validateOrderCreation gives the customer status
 * (blacklisted, invalid e-mail, limited → the checkout stops with its message); then placeOrder:
 * an invoice order is completed and the shopper goes to the confirmation page, a card order is
 * pending and the shopper goes to the payment provider's page.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useGetApollo } from '../../app/apollo-access'
import { useSite } from '../../app/site'
import { changeCustomerType } from '../../app/global-slice'
import { MARKETS } from '../../shared/markets'
import { isValidZip, normaliseZip } from '../../shared/validation'
import { hrefFor, routerPath, RouteLink } from '../../ui/RouteLink'
import { contentPageByKey } from '../../shared/content-pages'
import { cartEmptied, cartItemCount } from '../cart/slice'
import { CartLines, FreeShippingProgress, MinimumOrderNotice, PromoCodeForm, useCart } from '../cart'
import {
  checkoutReset,
  customerStatusFrom,
  formChanged,
  orderPlacing,
  paymentSelected,
  shippingSelected,
  termsAcceptedSet,
  validationFailed,
  validationFinished,
  validationStarted,
  type CustomerForm,
} from './slice'
import {
  checkoutErrors,
  customerStatusMessage,
  fieldError,
  firstInvalidField,
  type CheckoutField,
  type CheckoutRuleInput,
  type FieldErrors,
} from './form-rules'
import {
  graphQLErrorCode,
  placeOrder,
  placeOrderErrorMessage,
  subscribeToNewsletter,
  updateCheckout,
  validateOrder,
  validationMessage,
  type CheckoutChoices,
  type CheckoutData,
} from './api'
import { CheckboxField, fieldId, RadioGroup, TextAreaField, TextField } from './fields'
import { CheckoutCartLines, CheckoutTotals } from './CheckoutSummary'
import './checkout.css'

type LoadState = 'loading' | 'ready' | 'empty' | 'failed'

const FEEDBACK_ID = 'checkout-feedback'

function focusField(field: CheckoutField) {
  const element =
    document.getElementById(fieldId(field)) ?? document.getElementById(`${fieldId(field)}-group`)
  element?.focus()
}

export function CheckoutPage() {
  const intl = useIntl()
  const site = useSite()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const cartId = useAppSelector((state) => state.cart.id)
  // a change made to the cart elsewhere (line quantity, promo code, another tab) reloads the checkout
  const cartVersion = useAppSelector((state) => {
    const cart = state.cart.data
    if (!cart) return ''
    return [cartItemCount(cart), cart.promoCode ?? '', cart.summary?.total?.sellingPriceIncVat ?? ''].join(
      '/',
    )
  })
  const checkout = useAppSelector((state) => state.checkout)
  const { form, shippingId, paymentId, termsAccepted } = checkout
  const country = MARKETS[site.market].countryCode

  const [data, setData] = useState<CheckoutData | null>(null)
  const storeCart = useCart()
  const storeCartEmpty = useAppSelector(
    (state) => state.cart.status === 'loaded' && cartItemCount(state.cart.data) === 0,
  )
  const [loadState, setLoadState] = useState<LoadState>(cartId && !storeCartEmpty ? 'loading' : 'empty')
  const [touched, setTouched] = useState<ReadonlySet<CheckoutField>>(new Set())
  const [showAllErrors, setShowAllErrors] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [feedback, setFeedback] = useState<string | null>(null)
  const [fatal, setFatal] = useState<unknown>(null)
  const [paymentsLimited, setPaymentsLimited] = useState(false)
  const requestSeq = useRef(0)
  const feedbackRef = useRef<HTMLDivElement>(null)

  // Spec §8: a failed order validation request shows the error page.
  if (fatal) throw fatal

  const shippingOptions = data?.shippingOptions ?? []
  const paymentOptions = data?.paymentOptions ?? []
  const chosenPayment = paymentOptions.find((option) => String(option.id) === paymentId) ?? null
  const zipValid = isValidZip(country, form.zip)
  const ruleInput: CheckoutRuleInput = {
    form,
    country,
    paymentKind: chosenPayment?.name ?? null,
    shippingId,
    paymentId,
    shippingOptionCount: zipValid && data ? shippingOptions.length : null,
    termsAccepted,
  }

  const choices = useCallback(
    (withUrls: boolean): CheckoutChoices => {
      const base: CheckoutChoices = {
        form,
        country,
        shippingId,
        paymentId,
        termsAccepted,
      }
      if (!withUrls) return base
      const origin = window.location.origin
      const terms = contentPageByKey('terms')
      return {
        ...base,
        urls: {
          redirectUrl: new URL(hrefFor(site, 'checkout-confirm'), origin).href,
          checkoutPageUrl: new URL(hrefFor(site, 'checkout'), origin).href,
          termsPageUrl: terms
            ? new URL(hrefFor(site, 'content-page', { alias: terms.alias[site.locale] }), origin).href
            : origin,
        },
      }
    },
    [form, country, shippingId, paymentId, termsAccepted, site],
  )

  /**
   * createOrUpdateCheckout with the current choices; an older answer never overwrites a newer
   * one. Only a complete zip is sent, so the options follow what the shopper has finished typing.
   */
  const refresh = useCallback(
    async (current: CheckoutChoices) => {
      if (!cartId) return
      const seq = ++requestSeq.current
      try {
        const apollo = await getApollo()
        const next = await updateCheckout(apollo, cartId, {
          ...current,
          form: {
            ...current.form,
            zip: isValidZip(current.country, current.form.zip) ? current.form.zip : '',
          },
        })
        if (seq !== requestSeq.current) return
        setData(next)
        const items = next.cart?.items ?? []
        setLoadState(next.cart && !next.cart.isCompleted && items.length > 0 ? 'ready' : 'empty')
        const shipping = next.shippingOptions ?? []
        if (!shipping.some((option) => String(option.id) === current.shippingId)) {
          const selected = shipping.find((option) => option.isSelected)
          dispatch(shippingSelected(selected ? String(selected.id) : null))
        }
        const payments = next.paymentOptions ?? []
        if (!payments.some((option) => String(option.id) === current.paymentId)) {
          // spec §6: a restricted customer gets limited payment options; the one chosen is gone
          if (current.paymentId !== null && payments.length > 0) setPaymentsLimited(true)
          const selected = payments.find((option) => option.isSelected)
          dispatch(paymentSelected(selected ? String(selected.id) : null))
        }
      } catch (error) {
        if (seq !== requestSeq.current) return
        const code = graphQLErrorCode(error)
        setLoadState(code === 'NOT_FOUND' || code === 'CART_COMPLETED' ? 'empty' : 'failed')
      }
    },
    [cartId, getApollo, dispatch],
  )

  // Load, and reload when a choice that changes the options or the totals changes.
  const zipKey = zipValid ? normaliseZip(form.zip) : ''
  const refreshKey = [cartId, cartVersion, zipKey, form.customerType, shippingId, paymentId].join('|')
  const latestChoices = useRef(choices)
  useEffect(() => {
    latestChoices.current = choices
  })
  useEffect(() => {
    void refresh(latestChoices.current(false))
  }, [refreshKey, refresh])

  const errorOf = (field: CheckoutField): string | undefined => {
    const server = serverErrors[field]
    if (server) return intl.formatMessage({ id: server })
    if (!showAllErrors && !touched.has(field)) return undefined
    const message = fieldError(field, ruleInput)
    return message ? intl.formatMessage({ id: message }) : undefined
  }

  const touch = (field: CheckoutField) => {
    setTouched((previous) => (previous.has(field) ? previous : new Set(previous).add(field)))
  }

  const change = (field: keyof CustomerForm & CheckoutField, value: string) => {
    dispatch(formChanged({ [field]: value }))
    if (serverErrors[field]) setServerErrors((previous) => ({ ...previous, [field]: undefined }))
  }

  const text = (
    field: keyof CustomerForm & CheckoutField,
    label: string,
    options: {
      autoComplete?: string
      required?: boolean
      type?: string
      inputMode?: 'numeric' | 'tel' | 'email' | 'text'
      hint?: string
    } = {},
  ) => (
    <TextField
      name={field}
      label={intl.formatMessage({ id: label })}
      value={String(form[field])}
      onValue={(value) => change(field, value)}
      onBlur={() => {
        touch(field)
        if (field === 'email') void refresh(choices(false))
      }}
      error={errorOf(field)}
      required={options.required}
      autoComplete={options.autoComplete}
      type={options.type ?? 'text'}
      inputMode={options.inputMode}
      hint={options.hint}
    />
  )

  const showFeedback = (message: string) => {
    setFeedback(message)
    // the alert is announced; focus follows so keyboard users start from the message
    requestAnimationFrame(() => feedbackRef.current?.focus())
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!cartId || checkout.status === 'validating' || checkout.status === 'placing') return
    setShowAllErrors(true)
    setServerErrors({})
    const errors = checkoutErrors(ruleInput)
    const first = firstInvalidField(errors)
    if (first) {
      setFeedback('validation.checkout.allFields')
      focusField(first)
      return
    }
    setFeedback(null)
    const current = choices(true)
    const apollo = await getApollo()
    dispatch(validationStarted())
    let validation
    try {
      validation = await validateOrder(apollo, cartId, current)
    } catch (error) {
      dispatch(validationFailed())
      setFatal(error)
      return
    }
    dispatch(validationFinished(validation))
    const status = customerStatusFrom(validation)
    const statusMessage = customerStatusMessage(status)
    if (statusMessage) {
      if (status === 'invalidemail') setServerErrors({ email: 'checkout.feedback.invalidEmail' })
      // limited: the payment options are asked for again, now without the ones this customer may not use
      if (status !== 'blacklisted') void refresh(current)
      showFeedback(statusMessage)
      return
    }
    if (!validation.isValid) {
      void refresh(current)
      showFeedback(validationMessage(validation.message))
      return
    }
    dispatch(orderPlacing())
    let result
    try {
      result = await placeOrder(apollo, cartId, current)
    } catch (error) {
      dispatch(validationFailed())
      showFeedback(placeOrderErrorMessage(error))
      return
    }
    if (form.newsletter) {
      // the consent is kept by the newsletter service; the order stands whatever it answers
      await subscribeToNewsletter(apollo, form.email).catch(() => false)
    }
    if (result.status === 'pending' && result.redirectUrl) {
      window.location.assign(result.redirectUrl)
      return
    }
    if (result.status === 'completed' && result.publicId) {
      // the cart is now the order (read-only on the server): the shopper starts a new one
      dispatch(checkoutReset())
      dispatch(cartEmptied())
      const confirm = routerPath(hrefFor(site, 'checkout-confirm'), site.basename)
      void navigate(`${confirm}?oid=${encodeURIComponent(result.publicId)}`)
      return
    }
    dispatch(validationFailed())
    showFeedback('checkout.error.orderNotCreated')
  }

  const busy = checkout.status === 'validating' || checkout.status === 'placing'
  const title = intl.formatMessage({ id: 'page.checkout.title' })
  const cart = data?.cart ?? null

  if (loadState === 'empty') {
    return (
      <div className="checkout checkout--empty">
        <h1>{title}</h1>
        <p>{intl.formatMessage({ id: 'checkout.cart.empty' })}</p>
        <p>
          <RouteLink to="home">{intl.formatMessage({ id: 'nav.backToShop' })}</RouteLink>
        </p>
      </div>
    )
  }

  const organisation = form.customerType === 'ORGANIZATION'
  const terms = contentPageByKey('terms')
  const isCard = chosenPayment?.checkoutType === 'EXTERNAL'

  return (
    <div className="checkout">
      <h1>{title}</h1>
      <section className="checkout-section" aria-labelledby="checkout-cart-title">
        <h2 id="checkout-cart-title">{intl.formatMessage({ id: 'checkout.cart.title' })}</h2>
        {loadState === 'failed' ? (
          <div role="alert">
            <p>{intl.formatMessage({ id: 'error.generic.text' })}</p>
            <button type="button" className="button" onClick={() => void refresh(choices(false))}>
              {intl.formatMessage({ id: 'checkout.retry' })}
            </button>
          </div>
        ) : storeCart && storeCart.items.length > 0 ? (
          <>
            {/* the cart feature's own lines (quantity, removal) and promo code form */}
            <CartLines />
            <FreeShippingProgress />
            <MinimumOrderNotice />
            <PromoCodeForm />
          </>
        ) : cart ? (
          <CheckoutCartLines cart={cart} />
        ) : (
          <p aria-live="polite">{intl.formatMessage({ id: 'checkout.cart.loading' })}</p>
        )}
      </section>

      <form className="checkout-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <section className="checkout-section" aria-labelledby="checkout-customer-title">
          <h2 id="checkout-customer-title">{intl.formatMessage({ id: 'checkout.customer.title' })}</h2>
          <p className="checkout-hint">{intl.formatMessage({ id: 'checkout.requiredHint' })}</p>
          {text('email', 'checkout.email', {
            autoComplete: 'email',
            required: true,
            type: 'email',
            inputMode: 'email',
          })}
          <RadioGroup
            name="customerType"
            legend={intl.formatMessage({ id: 'checkout.customerType.legend' })}
            value={form.customerType}
            required
            choices={[
              { value: 'PERSON', label: intl.formatMessage({ id: 'checkout.customerType.person' }) },
              {
                value: 'ORGANIZATION',
                label: intl.formatMessage({ id: 'checkout.customerType.organization' }),
              },
            ]}
            onValue={(value) => {
              const type = value === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON'
              dispatch(formChanged({ customerType: type }))
              dispatch(changeCustomerType(type))
            }}
            error={errorOf('customerType')}
          />
          {organisation ? (
            <>
              {text('company', 'checkout.company', { autoComplete: 'organization', required: true })}
              {text('organizationId', 'checkout.organizationId', { required: true })}
            </>
          ) : null}
          <div className="checkout-row">
            {text('firstName', 'checkout.firstName', { autoComplete: 'given-name', required: true })}
            {text('lastName', 'checkout.lastName', { autoComplete: 'family-name', required: true })}
          </div>
          {organisation
            ? null
            : text('personalId', 'checkout.personalId', {
                required: chosenPayment?.name === 'invoice',
                hint: intl.formatMessage({ id: 'checkout.personalId.hint' }),
              })}
          <div className="checkout-field">
            <label htmlFor={fieldId('gender')}>{intl.formatMessage({ id: 'checkout.gender' })}</label>
            <select
              id={fieldId('gender')}
              name="gender"
              value={form.gender}
              onChange={(event) =>
                dispatch(formChanged({ gender: event.target.value as CustomerForm['gender'] }))
              }
            >
              <option value="UNSPECIFIED">{intl.formatMessage({ id: 'checkout.gender.unspecified' })}</option>
              <option value="WOMAN">{intl.formatMessage({ id: 'checkout.gender.woman' })}</option>
              <option value="MAN">{intl.formatMessage({ id: 'checkout.gender.man' })}</option>
            </select>
          </div>
          {text('careOf', 'checkout.careOf')}
          {text('address', 'checkout.address', { autoComplete: 'address-line1', required: true })}
          {text('address2', 'checkout.address2', { autoComplete: 'address-line2' })}
          <div className="checkout-row">
            {text('zip', 'checkout.zip', {
              autoComplete: 'postal-code',
              required: true,
              inputMode: 'numeric',
            })}
            {text('city', 'checkout.city', { autoComplete: 'address-level2', required: true })}
          </div>
          <p className="checkout-country">
            {intl.formatMessage({ id: 'checkout.country' })}: {MARKETS[site.market].countryName}
          </p>
          {text('phone', 'checkout.phone', {
            autoComplete: 'tel',
            required: true,
            type: 'tel',
            inputMode: 'tel',
          })}
          <CheckboxField
            name="newsletter"
            label={intl.formatMessage({ id: 'checkout.newsletter' })}
            checked={form.newsletter}
            onChecked={(checked) => dispatch(formChanged({ newsletter: checked }))}
          />
          <CheckboxField
            name="smsConsent"
            label={intl.formatMessage({ id: 'checkout.sms' })}
            checked={form.smsConsent}
            onChecked={(checked) => dispatch(formChanged({ smsConsent: checked }))}
          />
        </section>

        <section className="checkout-section" aria-labelledby="checkout-shipping-title">
          <h2 id="checkout-shipping-title">{intl.formatMessage({ id: 'checkout.shipping.title' })}</h2>
          {!zipValid ? (
            <p>{intl.formatMessage({ id: 'checkout.shipping.enterZip' })}</p>
          ) : shippingOptions.length === 0 && data ? (
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
                detail:
                  form.customerType === 'ORGANIZATION' ? option.feeExVatFormatted : option.feeIncVatFormatted,
              }))}
              onValue={(value) => dispatch(shippingSelected(value))}
              error={errorOf('shipping')}
            />
          ) : showAllErrors && errorOf('shipping') && !(zipValid && shippingOptions.length === 0) ? (
            <p className="checkout-field__error" id="checkout-shipping-error">
              {errorOf('shipping')}
            </p>
          ) : null}
        </section>

        <section className="checkout-section" aria-labelledby="checkout-payment-title">
          <h2 id="checkout-payment-title">{intl.formatMessage({ id: 'checkout.payment.title' })}</h2>
          {paymentsLimited ||
          (checkout.customerStatus !== 'ok' &&
            checkout.customerStatus !== 'blacklisted' &&
            checkout.customerStatus !== 'invalidemail') ? (
            <p className="checkout-notice" role="status">
              {intl.formatMessage({ id: 'checkout.feedback.limited' })}
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
                  option.checkoutType === 'EXTERNAL'
                    ? intl.formatMessage({ id: 'checkout.payment.external' })
                    : intl.formatMessage(
                        { id: 'checkout.payment.fee' },
                        {
                          fee:
                            (form.customerType === 'ORGANIZATION'
                              ? option.feeExVatFormatted
                              : option.feeIncVatFormatted) ?? '',
                        },
                      ),
              }))}
              onValue={(value) => dispatch(paymentSelected(value))}
              error={errorOf('payment')}
            />
          ) : (
            <p aria-live="polite">{intl.formatMessage({ id: 'checkout.cart.loading' })}</p>
          )}
        </section>

        <section className="checkout-section" aria-labelledby="checkout-extra-title">
          <h2 id="checkout-extra-title">{intl.formatMessage({ id: 'checkout.extra.title' })}</h2>
          <TextAreaField
            name="message"
            label={intl.formatMessage({ id: 'checkout.message' })}
            value={form.message}
            maxLength={1000}
            onValue={(value) => dispatch(formChanged({ message: value }))}
          />
          <TextField
            name="entryCode"
            label={intl.formatMessage({ id: 'checkout.entryCode' })}
            value={form.entryCode}
            maxLength={50}
            autoComplete="off"
            onValue={(value) => dispatch(formChanged({ entryCode: value }))}
          />
        </section>

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
              touch('terms')
            }}
            error={errorOf('terms')}
          />
          {terms ? (
            <p>
              <RouteLink to="content-page" params={{ alias: terms.alias[site.locale] }} target="_blank">
                {intl.formatMessage({ id: 'checkout.terms.read' })}
              </RouteLink>
            </p>
          ) : null}
          <div
            id={FEEDBACK_ID}
            ref={feedbackRef}
            tabIndex={-1}
            role="alert"
            className={feedback ? 'checkout-feedback checkout-feedback--shown' : 'checkout-feedback'}
          >
            {feedback ? intl.formatMessage({ id: feedback }) : null}
          </div>
          <button
            type="submit"
            className="button button--primary checkout-submit"
            disabled={busy || loadState !== 'ready'}
          >
            {busy
              ? intl.formatMessage({ id: 'checkout.placing' })
              : intl.formatMessage({ id: isCard ? 'checkout.placeOrder.card' : 'checkout.placeOrder' })}
          </button>
        </section>
      </form>
    </div>
  )
}
