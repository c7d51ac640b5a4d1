/**
 * The checkout's actions against the commerce API (docs/service-contracts.md#checkout-flow). The /kassa route loader
 * and the checkout page dispatch these; the answers go into the checkout slice, and the page only
 * renders the state and reacts to an order's outcome (navigation, focus, messages).
 *
 * Each thunk takes the Apollo client lazily (`getApollo`): the loader hands over the request's
 * client, the page its `useGetApollo()` (docs/adr/0006-data-loading.md).
 */
import type { ApolloClient } from '@apollo/client'

import type { AppDispatch, RootState } from '../../app/store'

import { runMutation } from '../../app/graphql'

import { runQuery } from '../../app/graphql'

import checkoutUserOperation from '../../graphql/operations/checkout-user'
import savedAddressFields from '../../../graphql/operations/saved-address.graphql?raw'
import { customerFormFromUser, prefillChanges } from './prefill'

import { orderConfirmed, type OrderConfirmedPayload } from '../payment/slice'

import completeCartMutation from '../../graphql/operations/confirm-complete-cart'
import { cartEmptied, cartItemCount, cartLoaded, cartLost } from '../cart/slice'

import { asCartData } from '../cart/view'

import { toCartApiError } from '../cart/errors'

import { isLostCart } from '../cart/rules'

import { voucherIdChecked } from '../loyalty/slice'

import { isValidZip } from '../../shared/validation'

import { MARKETS, type MarketAlias } from '../../shared/markets'

import {
  graphQLErrorCode,
  PAYMENT_UNAVAILABLE,
  placeOrder,
  placeOrderErrorMessage,
  previewCheckout,
  previewCheckoutWithCart,
  subscribeToNewsletter,
  updateCheckout,
  validateOrder,
  validationMessage,
} from './api'

import { customerStatusMessage, type FieldErrors } from './form-rules'

import { failureMessage } from '../../lib/too-many-attempts'

import {
  checkoutChoicesOf,
  checkoutEmpty,
  checkoutLoaded,
  formChanged,
  checkoutLoadFailed,
  checkoutRequested,
  checkoutReset,
  customerStatusFrom,
  orderPlacing,
  validationFailed,
  validationFinished,
  validationStarted,
  type CheckoutChoices,
} from './slice'
import { withFragments } from '../../graphql/operation'

/** checkoutUser with the SavedAddress fragment it spreads. */
const checkoutUserQuery = withFragments(checkoutUserOperation, savedAddressFields)

export type CheckoutApollo = Pick<ApolloClient, 'query' | 'mutate'>
export type GetCheckoutApollo = () => Promise<CheckoutApollo>

type Thunk<T> = (dispatch: AppDispatch, getState: () => RootState) => Promise<T>

/** Only a complete zip is sent, so the options follow what the shopper has finished typing. */
function withCompleteZip(choices: CheckoutChoices): CheckoutChoices {
  const zip = isValidZip(choices.country, choices.form.zip) ? choices.form.zip : ''
  return { ...choices, form: { ...choices.form, zip } }
}

/**
 * createOrUpdateCheckout with these choices (or `ask`: the route loader's checkoutPreview, which
 * saves nothing). An older answer never overwrites a newer one (the slice drops answers to all
 * but the latest call).
 */
export function refreshCheckout(
  getApollo: GetCheckoutApollo,
  choices: CheckoutChoices,
  ask: typeof updateCheckout = updateCheckout,
): Thunk<void> {
  return async (dispatch, getState) => {
    const cartId = getState().cart.id
    if (!cartId) return
    dispatch(checkoutRequested())
    const seq = getState().checkout.requestSeq
    try {
      const apollo = await getApollo()
      const data = await ask(apollo, cartId, withCompleteZip(choices))
      dispatch(checkoutLoaded({ seq, data, shippingId: choices.shippingId, paymentId: choices.paymentId }))
    } catch (error) {
      const code = graphQLErrorCode(error)
      dispatch(checkoutLoadFailed({ seq, cartGone: code === 'NOT_FOUND' || code === 'CART_COMPLETED' }))
    }
  }
}

/**
 * Issue #10 item 7: a logged-in customer's e-mail, personal id and address fill the form's empty
 * fields (getUser, never cached). Without a user, or when the API cannot answer, the form stays
 * as it is: the shopper can still type it.
 */
export function prefillCustomerForm(getApollo: GetCheckoutApollo): Thunk<void> {
  return async (dispatch, getState) => {
    const userId = getState().auth.user?.id
    if (!userId) return
    let user
    try {
      const data = await runQuery(await getApollo(), checkoutUserQuery, {}, { fetchPolicy: 'no-cache' })
      user = data.getUser
    } catch {
      return
    }
    // the answer is for the user still logged in only
    if (!user || user.id !== getState().auth.user?.id) return
    const changes = prefillChanges(getState().checkout.form, customerFormFromUser(user))
    if (Object.keys(changes).length > 0) dispatch(formChanged(changes))
  }
}

/**
 * Whether the cart in the store is still to be loaded (the server render of the checkout skips
 * the header's getCart, src/app/server-state.ts) and the checkout preview prices it where getCart
 * would: in the checkout market, which is this page's market. Then the preview brings the cart.
 */
export function cartAwaitsCheckout(state: RootState, market: MarketAlias): boolean {
  const { cart, channel } = state
  return (
    cart.id !== null && cart.status === 'loading' && cart.data === null && channel.checkoutMarket === market
  )
}

/**
 * The preview and the shopper's cart from one answer (one pricing of the cart): the cart goes
 * where getCart's would (the header, the drawer, the checkout's own cart lines), with getCart's
 * outcomes: a cart the API no longer has or will not give this shopper (unknown, completed,
 * another customer's) starts an empty cart and an empty checkout; any other failure leaves the
 * cart loading for the browser (its retry rule) and the checkout failed (the page's retry).
 */
function previewWithCart(apollo: CheckoutApollo, cartId: string, choices: CheckoutChoices): Thunk<void> {
  return async (dispatch, getState) => {
    dispatch(checkoutRequested())
    const seq = getState().checkout.requestSeq
    try {
      const { checkout, cart } = await previewCheckoutWithCart(apollo, cartId, withCompleteZip(choices))
      dispatch(cartLoaded(asCartData(cart)))
      // docs/product-rules.md#checkout keep-or-drop: the voucher id goes unless the loaded cart's code is that voucher
      dispatch(voucherIdChecked(cart.promoCode))
      if (cart.items.length === 0) dispatch(checkoutEmpty())
      else
        dispatch(
          checkoutLoaded({
            seq,
            data: checkout,
            shippingId: choices.shippingId,
            paymentId: choices.paymentId,
          }),
        )
    } catch (error) {
      const lost = isLostCart(toCartApiError(error))
      if (lost) {
        dispatch(cartLost(cartId))
        dispatch(voucherIdChecked(null))
      }
      dispatch(checkoutLoadFailed({ seq, cartGone: lost }))
    }
  }
}

/** The route loader's step: the checkout for the shopper's cart, or 'empty' when there is none. */
export function loadCheckout(apollo: CheckoutApollo, market: MarketAlias): Thunk<void> {
  return async (dispatch, getState) => {
    // first, so the options are priced for the customer's own zip and type
    await dispatch(prefillCustomerForm(async () => apollo))
    const { cart, checkout } = getState()
    const cartKnownEmpty = cart.status === 'loaded' && cartItemCount(cart.data) === 0
    if (!cart.id || cartKnownEmpty) {
      dispatch(checkoutEmpty())
      return
    }
    // A page GET writes nothing (ADR 0042): checkoutPreview prices the cart for the shipping and
    // payment its answer shows selected (the API's defaults when none, or one no longer offered,
    // was chosen), so the page opens with the totals of what it shows and need not ask again
    // (and load Apollo) as it hydrates.
    const choices = checkoutChoicesOf(checkout, MARKETS[market].countryCode)
    if (cartAwaitsCheckout(getState(), market)) await dispatch(previewWithCart(apollo, cart.id, choices))
    else await dispatch(refreshCheckout(async () => apollo, choices, previewCheckout))
  }
}

/** How placing the order ended, for the page to act on. */
export type OrderOutcome =
  /** a card order: pay on the provider's page */
  | { kind: 'payment'; redirectUrl: string }
  /** an invoice order: placed; the checkout and the cart are reset */
  | { kind: 'confirmed'; publicId: string }
  /** the order was not placed: the message (a message id) says why */
  | { kind: 'refused'; message: string; values?: { minutes: number }; fieldErrors?: FieldErrors }
  /** validateOrderCreation failed: docs/product-rules.md#checkout shows the error page */
  | { kind: 'failed'; error: unknown }

/**
 * docs/product-rules.md#checkout: validateOrderCreation gives the customer status (blacklisted, invalid e-mail,
 * limited → the order stops with its message); then placeOrder, and the newsletter consent when
 * given (the order stands whatever the newsletter service answers).
 */
export function submitOrder(getApollo: GetCheckoutApollo, choices: CheckoutChoices): Thunk<OrderOutcome> {
  return async (dispatch, getState) => {
    const cartId = getState().cart.id
    if (!cartId) return { kind: 'refused', message: 'checkout.error.orderNotCreated' }
    const apollo = await getApollo()
    dispatch(validationStarted())
    let validation
    try {
      validation = await validateOrder(apollo, cartId, choices)
    } catch (error) {
      dispatch(validationFailed())
      return { kind: 'failed', error }
    }
    dispatch(validationFinished(validation))
    const status = customerStatusFrom(validation)
    const statusMessage = customerStatusMessage(status)
    if (statusMessage) {
      // limited: the payment options are asked for again, now without the ones this customer may not use
      if (status !== 'blacklisted') void dispatch(refreshCheckout(getApollo, choices))
      return {
        kind: 'refused',
        message: statusMessage,
        ...(status === 'invalidemail' ? { fieldErrors: { email: 'checkout.feedback.invalidEmail' } } : {}),
      }
    }
    if (!validation.isValid) {
      void dispatch(refreshCheckout(getApollo, choices))
      return { kind: 'refused', message: validationMessage(validation.message) }
    }
    dispatch(orderPlacing())
    let result
    try {
      result = await placeOrder(apollo, cartId, choices)
    } catch (error) {
      dispatch(validationFailed())
      // the provider went away: the options are asked for again, now without it and with a notice
      if (graphQLErrorCode(error) === PAYMENT_UNAVAILABLE) void dispatch(refreshCheckout(getApollo, choices))
      // an abuse limit (ADR 0024) says when to try again; the rest as docs/product-rules.md#checkout
      const { id, values } = failureMessage(error, placeOrderErrorMessage(error))
      return { kind: 'refused', message: id, ...(values ? { values } : {}) }
    }
    if (choices.form.newsletter) {
      await subscribeToNewsletter(apollo, choices.form.email).catch(() => false)
    }
    if (result.status === 'pending' && result.redirectUrl) {
      return { kind: 'payment', redirectUrl: result.redirectUrl }
    }
    if (result.status === 'completed' && result.publicId) {
      // the cart is now the order (read-only on the server): the shopper starts a new one
      dispatch(checkoutReset())
      dispatch(cartEmptied())
      return { kind: 'confirmed', publicId: result.publicId }
    }
    dispatch(validationFailed())
    return { kind: 'refused', message: 'checkout.error.orderNotCreated' }
  }
}

/**
 * The confirmation page's step once the order is confirmed: the purchase is recorded (once, by
 * the payment listeners) and the order's cart is completed. placeOrder completed the cart
 * already; this is the storefront's half of the contract, so a failure here changes nothing.
 */
export function confirmPlacedOrder(
  getApollo: GetCheckoutApollo,
  confirmed: OrderConfirmedPayload,
): Thunk<void> {
  return async (dispatch) => {
    dispatch(orderConfirmed(confirmed))
    if (!confirmed.cartId) return
    try {
      await runMutation(await getApollo(), completeCartMutation, { id: confirmed.cartId })
    } catch {
      // the cart is completed by placeOrder whatever this answers
    }
  }
}
