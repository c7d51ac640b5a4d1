/**
 * The checkout's calls to the commerce API (docs/service-contracts.md#checkout-flow): checkoutPreview when the page
 * is rendered on the server (it saves nothing), createOrUpdateCheckout on every change,
 * validateOrderCreation before payment, placeOrder, and the newsletter consent. Documents live in graphql/operations; Apollo's `gql` is imported on demand like
 * src/app/graphql.ts does, so the page's first load does not carry Apollo (ADR 0006).
 */
import type { ApolloClient, OperationVariables } from '@apollo/client'

import type { CheckoutInputType } from '../../graphql/generated'
import type { CheckoutData, OrderValidationResult, PlaceOrderResult } from './types'

import { normaliseZip } from '../../shared/validation'

import { QUANTITY_LIMIT_REASON } from '../../shared/order-limits'

import type { CheckoutChoices } from './slice'

import type { CartView } from '../cart/types'

import { cartView } from '../cart/view'

import checkoutOperation from '../../graphql/operations/checkout'
import checkoutPreviewOperation from '../../graphql/operations/checkout-preview'
import checkoutFields from '../../../graphql/operations/checkout-fields.graphql?raw'
import cartFields from '../../../graphql/operations/cart-fragment.graphql?raw'
import orderMoneyFields from '../../../graphql/operations/order-money-fragment.graphql?raw'
import validateQuery from '../../graphql/operations/validate-order-creation'
import placeOrderMutation from '../../graphql/operations/place-order'
import newsletterMutation from '../../graphql/operations/subscribe-to-newsletter'

/** The createOrUpdateCheckout answer: options for the shopper's choices and the priced cart. */
export type {
  CheckoutCart,
  CheckoutData,
  OrderValidationResult,
  PaymentOption,
  PlaceOrderResult,
  ShippingOption,
} from './types'
import { withFragments, type Operation } from '../../graphql/operation'

const trimmed = (value: string): string | undefined => {
  const text = value.trim()
  return text === '' ? undefined : text
}

const numberOrUndefined = (value: string | null): number | undefined => {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined
}

/**
 * The CheckoutInputType for the shopper's choices. The identity number is the personal id of a
 * private person or the organisation number of an organisation; the address is both the billing
 * and the delivery address, in the market's country.
 */
export function checkoutInput(choices: CheckoutChoices): CheckoutInputType {
  const { form } = choices
  const organisation = form.customerType === 'ORGANIZATION'
  const consents = [
    choices.termsAccepted ? 'terms' : null,
    form.newsletter ? 'newsletter' : null,
    form.smsConsent ? 'sms' : null,
  ].filter((consent): consent is string => consent !== null)
  const input: CheckoutInputType = {
    email: trimmed(form.email),
    customerType: form.customerType,
    identityNumber: trimmed(organisation ? form.organizationId : form.personalId),
    shippingId: numberOrUndefined(choices.shippingId),
    pickupPoint: choices.pickupPointId ?? undefined,
    paymentId: numberOrUndefined(choices.paymentId),
    message: trimmed(form.message),
    acceptedConsents: consents,
    merchantData: JSON.stringify({ gender: form.gender }),
    billingAddress: {
      firstName: trimmed(form.firstName),
      lastName: trimmed(form.lastName),
      careOf: trimmed(form.careOf),
      addressLine1: trimmed(form.address),
      addressLine2: trimmed(form.address2),
      zip: trimmed(normaliseZip(form.zip)),
      city: trimmed(form.city),
      country: choices.country,
      company: organisation ? trimmed(form.company) : undefined,
      mobile: trimmed(form.phone),
      entryCode: trimmed(form.entryCode),
    },
  }
  if (choices.urls) input.checkoutUrls = choices.urls
  return input
}

let apolloModule: Promise<typeof import('@apollo/client')> | undefined

type CheckoutClient = Pick<ApolloClient, 'query' | 'mutate'>

async function run<T, V extends OperationVariables>(
  apollo: CheckoutClient,
  kind: 'query' | 'mutation',
  source: Operation<T, V>,
  variables: V,
): Promise<T> {
  apolloModule ??= import('@apollo/client')
  const { gql } = await apolloModule
  const result =
    kind === 'query'
      ? await apollo.query<T>({ query: gql(source), variables, fetchPolicy: 'no-cache' })
      : await apollo.mutate<T>({ mutation: gql(source), variables, fetchPolicy: 'no-cache' })
  if (result.data === undefined || result.data === null) throw new Error('The commerce API returned no data')
  return result.data as T
}

/** No answer where the schema allows null: the checkout treats it as a failed call. */
function required<T>(value: T | null, operation: string): T {
  if (value === null) throw new Error(`The commerce API answered no ${operation}`)
  return value
}

/** createOrUpdateCheckout and checkoutPreview with the fragments they spread. */
const checkoutMutation = withFragments(checkoutOperation, checkoutFields, orderMoneyFields)
const checkoutPreviewQuery = withFragments(
  checkoutPreviewOperation,
  checkoutFields,
  orderMoneyFields,
  cartFields,
)

export async function updateCheckout(
  apollo: CheckoutClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<CheckoutData> {
  const data = await run(apollo, 'mutation', checkoutMutation, { cartId, checkout: checkoutInput(choices) })
  return required(data.createOrUpdateCheckout, 'checkout')
}

/**
 * checkoutPreview: the answer updateCheckout would give for these choices, saving nothing, priced
 * for the options it shows selected (the page's server render: a GET never writes, ADR 0042).
 */
export async function previewCheckout(
  apollo: CheckoutClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<CheckoutData> {
  const data = await run(apollo, 'query', checkoutPreviewQuery, { cartId, checkout: checkoutInput(choices) })
  return required(data.checkoutPreview, 'checkout')
}

/**
 * checkoutPreview that also brings the shopper's cart as getCart gives it (the Cart fragment),
 * from the same pricing: the server render of the checkout fills the header's cart from it
 * instead of pricing the cart a second time with getCart.
 */
export async function previewCheckoutWithCart(
  apollo: CheckoutClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<{ checkout: CheckoutData; cart: CartView }> {
  const data = await run(apollo, 'query', checkoutPreviewQuery, {
    cartId,
    checkout: checkoutInput(choices),
    withCart: true,
  })
  const { shopperCart, ...checkout } = required(data.checkoutPreview, 'checkout')
  return { checkout, cart: cartView(shopperCart, 'checkoutPreview') }
}

/** docs/product-rules.md#checkout: validateOrderCreation with the e-mail and the billing address, never cached. */
export async function validateOrder(
  apollo: CheckoutClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<OrderValidationResult> {
  const data = await run(apollo, 'query', validateQuery, { cartId, checkout: checkoutInput(choices) })
  return required(data.validateOrderCreation, 'order validation')
}

export async function placeOrder(
  apollo: CheckoutClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<PlaceOrderResult> {
  const data = await run(apollo, 'mutation', placeOrderMutation, { cartId, checkout: checkoutInput(choices) })
  return required(data.placeOrder, 'order')
}

export async function subscribeToNewsletter(apollo: CheckoutClient, email: string): Promise<boolean> {
  const data = await run(apollo, 'mutation', newsletterMutation, { email: email.trim() })
  return data.subscribeToNewsletter === true
}

/** The `extensions.code` of the first GraphQL error of a failed operation, if any. */
/** A string in the first GraphQL error's `extensions` (its `code`, its `reason`). */
export function graphQLErrorExtension(error: unknown, name: string): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return undefined
  const value = (errors[0] as { extensions?: Record<string, unknown> } | undefined)?.extensions?.[name]
  return typeof value === 'string' ? value : undefined
}

export function graphQLErrorCode(error: unknown): string | undefined {
  return graphQLErrorExtension(error, 'code')
}

export function graphQLErrorMessage(error: unknown): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return undefined
  const message = (errors[0] as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : undefined
}

/** placeOrder's code when the chosen payment's provider cannot be reached now (issue #15 item 4). */
export const PAYMENT_UNAVAILABLE = 'PaymentUnavailable'

/**
 * The checkout message for a refused order (docs/product-rules.md#checkout): blacklisted customers, sold-out items, the
 * rest as 'the order could not be created'.
 */
export function placeOrderErrorMessage(error: unknown): string {
  const code = graphQLErrorCode(error)
  const message = graphQLErrorMessage(error)
  if (message === 'Customer is blacklisted') return 'checkout.feedback.blacklisted'
  if (message === 'Email seems to be invalid') return 'checkout.feedback.invalidEmail'
  if (code === 'OUT_OF_STOCK') return 'checkout.error.outOfStock'
  if (code === PAYMENT_UNAVAILABLE) return 'checkout.error.paymentUnavailable'
  if (graphQLErrorExtension(error, 'reason') === QUANTITY_LIMIT_REASON) return 'checkout.error.quantityLimit'
  if (code === 'FORBIDDEN') return 'checkout.error.userBlocked'
  return 'checkout.error.orderNotCreated'
}

/** validateOrderCreation's message for a cart that cannot be ordered as it is. */
export function validationMessage(message: string | null | undefined): string {
  if (message === 'Insufficient stock amount') return 'checkout.error.outOfStock'
  if (message === 'Zip is invalid') return 'validation.zip'
  if (message === 'Shipping must be selected') return 'checkout.feedback.noShipping'
  return 'checkout.error.orderNotCreated'
}
