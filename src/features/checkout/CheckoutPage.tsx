/**
 * The checkout (docs/product-rules.md#checkout: customer form, customer status, validation, checkout feedback;
 * docs/service-contracts.md#checkout-flow): the cart, the customer form, shipping options for the zip, payment options
 * for the customer, order message and entry code, terms, and the summary.
 *
 * Flow: the route loader (src/routes/checkout.tsx) runs createOrUpdateCheckout for the shopper's
 * cart; the page runs it again whenever the cart, the zip, the customer type, the e-mail, the
 * shipping or the payment changes (./thunks.ts; the newest answer wins). On submit the form rules
 * run first (errors on the fields, focus on the first invalid one); then `submitOrder` validates
 * and places the order: an invoice order goes to the confirmation page, a card order to the
 * payment provider's page. A logged-in customer's details fill the empty fields (./prefill.ts).
 */
import type { FailureMessage } from '../../lib/too-many-attempts'
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import type { RootState } from '../../app/store'
import { useGetApollo } from '../../app/apollo-access'
import { useSite, type Site } from '../../app/site'
import { listItems } from '../../graphql/list-items'
import { MARKETS } from '../../shared/markets'
import { isValidZip, normaliseZip } from '../../shared/validation'
import { hrefFor, routerPath, RouteLink } from '../../ui/RouteLink'
import { contentPageByKey } from '../../shared/content-pages'
import { cartItemCount } from '../cart/slice'
import { checkoutErrors, firstInvalidField, type CheckoutField, type CheckoutRuleInput } from './form-rules'
import type { CheckoutChoices, CheckoutUrls } from './slice'
import { fieldId } from './fields'
import { checkoutChoicesOf } from './slice'
import { useCheckoutFields } from './useCheckoutFields'
import { CheckoutCartSection } from './CheckoutCartSection'
import { CustomerSection } from './CustomerSection'
import { ShippingSection } from './ShippingSection'
import { PaymentSection } from './PaymentSection'
import { ExtrasSection } from './ExtrasSection'
import { OrderSection } from './OrderSection'
import './checkout.css'

/**
 * The checkout's operations (and their GraphQL text) are a chunk of their own: the route loader
 * priced the page, so hydrating it needs none of them; they load at the shopper's first change.
 */
const checkoutThunks = () => import('./thunks')

function focusField(field: CheckoutField) {
  const element =
    document.getElementById(fieldId(field)) ?? document.getElementById(`${fieldId(field)}-group`)
  element?.focus()
}

/** Where the payment provider sends the shopper back to, and the terms the order accepts. */
function checkoutUrls(site: Site): CheckoutUrls {
  const origin = window.location.origin
  const terms = contentPageByKey('terms')
  return {
    redirectUrl: new URL(hrefFor(site, 'checkout-confirm'), origin).href,
    checkoutPageUrl: new URL(hrefFor(site, 'checkout'), origin).href,
    termsPageUrl: terms
      ? new URL(hrefFor(site, 'content-page', { alias: terms.alias[site.locale] }), origin).href
      : origin,
  }
}

/** A change made to the cart elsewhere (line quantity, promo code, another tab) reloads the checkout. */
function selectCartVersion(state: RootState): string {
  const cart = state.cart.data
  if (!cart) return ''
  return [cartItemCount(cart), cart.promoCode ?? '', cart.summary?.total?.sellingPriceIncVat ?? ''].join('/')
}

/**
 * A customer who logs in here (the login dialog) gets the form filled from the account, as the
 * route loader does for one who arrives logged in; the page's refresh follows the new zip.
 */
function usePrefillOnLogin() {
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const userId = useAppSelector((state) => state.auth.user?.id ?? null)
  const prefilledFor = useRef(userId)
  useEffect(() => {
    if (!userId || prefilledFor.current === userId) return
    prefilledFor.current = userId
    void checkoutThunks().then(({ prefillCustomerForm }) => dispatch(prefillCustomerForm(getApollo)))
  }, [userId, dispatch, getApollo])
}

export function CheckoutPage() {
  const intl = useIntl()
  const site = useSite()
  const navigate = useNavigate()
  const dispatch = useAppDispatch()
  const getApollo = useGetApollo()
  const cartId = useAppSelector((state) => state.cart.id)
  const cartVersion = useAppSelector(selectCartVersion)
  const checkout = useAppSelector((state) => state.checkout)
  const { form, shippingId, paymentId, termsAccepted, options, load } = checkout
  const country = MARKETS[site.market].countryCode
  const [feedback, setFeedback] = useState<FailureMessage | null>(null)
  const [fatal, setFatal] = useState<unknown>(null)
  const feedbackRef = useRef<HTMLDivElement>(null)
  const thunksLoading = useRef(false)

  const shippingOptions = listItems(options?.shippingOptions)
  const chosenPayment = listItems(options?.paymentOptions).find((option) => String(option.id) === paymentId)
  const zipValid = isValidZip(country, form.zip)
  const ruleInput: CheckoutRuleInput = {
    form,
    country,
    paymentKind: chosenPayment?.name ?? null,
    shippingId,
    paymentId,
    shippingOptionCount: zipValid && options ? shippingOptions.length : null,
    termsAccepted,
  }

  const choices = useCallback(
    (): CheckoutChoices => checkoutChoicesOf({ form, shippingId, paymentId, termsAccepted }, country),
    [form, shippingId, paymentId, termsAccepted, country],
  )
  const refresh = useCallback(
    (current: CheckoutChoices) =>
      void checkoutThunks().then(({ refreshCheckout }) => dispatch(refreshCheckout(getApollo, current))),
    [dispatch, getApollo],
  )
  const fields = useCheckoutFields(ruleInput, (field) => {
    if (field === 'email') refresh(choices())
  })

  // Reload when a choice that changes the options or the totals changes.
  const zipKey = zipValid ? normaliseZip(form.zip) : ''
  const refreshKey = [cartId, cartVersion, zipKey, form.customerType, shippingId, paymentId].join('|')
  const latestChoices = useRef(choices)
  useEffect(() => {
    latestChoices.current = choices
  })
  // The route loader (loadCheckout) priced the checkout for the choices the page opens with, so
  // the first run asks again only when the loader got no answer; otherwise the browser would load
  // Apollo (~50 KiB) as it hydrates instead of at the shopper's first change (ADR 0006).
  const pricedKey = useRef(load === 'ready' || load === 'empty' ? refreshKey : null)
  useEffect(() => {
    if (pricedKey.current === refreshKey) return
    pricedKey.current = null
    refresh(latestChoices.current())
  }, [refreshKey, refresh])

  usePrefillOnLogin()

  // docs/product-rules.md#checkout: a failed order validation request shows the error page.
  if (fatal) throw fatal

  const showFeedback = (message: FailureMessage) => {
    setFeedback(message)
    // the alert is announced; focus follows so keyboard users start from the message
    requestAnimationFrame(() => feedbackRef.current?.focus())
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!cartId || checkout.status === 'validating' || checkout.status === 'placing') return
    fields.setShowAllErrors(true)
    fields.setServerErrors({})
    const first = firstInvalidField(checkoutErrors(ruleInput))
    if (first) {
      setFeedback({ id: 'validation.checkout.allFields' })
      focusField(first)
      return
    }
    setFeedback(null)
    // the thunks' chunk may still be on its way: a second click meanwhile places no second order
    if (thunksLoading.current) return
    thunksLoading.current = true
    const { submitOrder } = await checkoutThunks().finally(() => {
      thunksLoading.current = false
    })
    const outcome = await dispatch(submitOrder(getApollo, { ...choices(), urls: checkoutUrls(site) }))
    switch (outcome.kind) {
      case 'failed':
        setFatal(outcome.error)
        return
      case 'refused':
        if (outcome.fieldErrors) fields.setServerErrors(outcome.fieldErrors)
        showFeedback({ id: outcome.message, ...(outcome.values ? { values: outcome.values } : {}) })
        return
      case 'payment':
        window.location.assign(outcome.redirectUrl)
        return
      case 'confirmed': {
        const confirm = routerPath(hrefFor(site, 'checkout-confirm'), site.basename)
        void navigate(`${confirm}?oid=${encodeURIComponent(outcome.publicId)}`)
        return
      }
    }
  }

  const title = intl.formatMessage({ id: 'page.checkout.title' })

  if (load === 'empty') {
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

  return (
    <div className="checkout">
      <h1>{title}</h1>
      <CheckoutCartSection onRetry={() => refresh(choices())} />
      <form className="checkout-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <CustomerSection fields={fields} paymentKind={chosenPayment?.name ?? null} />
        <ShippingSection fields={fields} zipValid={zipValid} />
        <PaymentSection fields={fields} />
        <ExtrasSection />
        <OrderSection
          fields={fields}
          feedback={feedback}
          feedbackRef={feedbackRef}
          isCard={chosenPayment?.checkoutType === 'EXTERNAL'}
        />
      </form>
    </div>
  )
}
