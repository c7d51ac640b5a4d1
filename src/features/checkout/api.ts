/**
 * The checkout's calls to the commerce API (contracts.md §2.9): createOrUpdateCheckout on load
 * and on every change, validateOrderCreation before payment, placeOrder, and the newsletter
 * consent. Documents live in graphql/operations; Apollo's `gql` is imported on demand like
 * src/app/graphql.ts does, so the page's first load does not carry Apollo (ADR 0006).
 */
import type { ApolloClient, OperationVariables } from '@apollo/client'
import { normaliseZip, type CountryCode } from '../../lib/validation'
import type { CustomerForm, OrderValidation } from './slice'
import checkoutMutation from '../../../graphql/operations/checkout.graphql?raw'
import validateQuery from '../../../graphql/operations/validate-order-creation.graphql?raw'
import placeOrderMutation from '../../../graphql/operations/place-order.graphql?raw'
import newsletterMutation from '../../../graphql/operations/subscribe-to-newsletter.graphql?raw'

export interface FormattedPair {
  incVat: string | null
  exVat: string | null
}

export interface ShippingOption {
  id: number
  displayName: string | null
  isSelected: boolean
  isDefault: boolean
  feeIncVatFormatted: string | null
  feeExVatFormatted: string | null
  amountLeftToFreeShippingFormatted: string | null
}

export interface PaymentOption {
  id: number
  /** the payment kind: 'invoice' or 'card' */
  name: string | null
  displayName: string | null
  isSelected: boolean
  isDefault: boolean
  paymentType: string | null
  checkoutType: string | null
  feeIncVatFormatted: string | null
  feeExVatFormatted: string | null
}

interface IncExFormatted {
  sellingPriceIncVatFormatted: string | null
  sellingPriceExVatFormatted: string | null
}

export interface CheckoutCartItem {
  id: string
  skuId: number
  quantity: number
  product: {
    productId: number
    name: string | null
    alias: string
    brand: { name: string | null } | null
    skus: { skuId: number; name: string | null }[] | null
  } | null
  totalPrice: IncExFormatted | null
}

export interface CheckoutCart {
  id: string
  isCompleted: boolean
  promoCode: string | null
  items: CheckoutCartItem[] | null
  summary: {
    subTotal: IncExFormatted | null
    shipping: {
      displayName: string | null
      feeIncVatFormatted: string | null
      feeExVatFormatted: string | null
    } | null
    payment: {
      displayName: string | null
      feeIncVatFormatted: string | null
      feeExVatFormatted: string | null
    } | null
    balance: { pending: number; pendingFormatted: string | null } | null
    total:
      | (IncExFormatted & {
          isDiscounted: boolean
          discountIncVat: number
          discountIncVatFormatted: string | null
          discountExVatFormatted: string | null
          vatFormatted: string | null
        })
      | null
  } | null
}

export interface CheckoutData {
  checkoutStatus: 'OK' | 'CUSTOMER_BLACKLISTED' | null
  shippingOptions: ShippingOption[] | null
  paymentOptions: PaymentOption[] | null
  cart: CheckoutCart | null
}

export interface PlaceOrderResult {
  orderId: string | null
  publicId: string | null
  status: string | null
  redirectUrl: string | null
}

export interface CheckoutUrls {
  redirectUrl: string
  checkoutPageUrl: string
  termsPageUrl: string
}

export interface CheckoutChoices {
  form: CustomerForm
  country: CountryCode
  shippingId: string | null
  paymentId: string | null
  termsAccepted: boolean
  urls?: CheckoutUrls
}

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
export function checkoutInput(choices: CheckoutChoices): Record<string, unknown> {
  const { form } = choices
  const organisation = form.customerType === 'ORGANIZATION'
  const consents = [
    choices.termsAccepted ? 'terms' : null,
    form.newsletter ? 'newsletter' : null,
    form.smsConsent ? 'sms' : null,
  ].filter((consent): consent is string => consent !== null)
  const input: Record<string, unknown> = {
    email: trimmed(form.email),
    customerType: form.customerType,
    identityNumber: trimmed(organisation ? form.organizationId : form.personalId),
    shippingId: numberOrUndefined(choices.shippingId),
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

async function run<T>(
  apollo: ApolloClient,
  kind: 'query' | 'mutation',
  source: string,
  variables: OperationVariables,
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

export async function updateCheckout(
  apollo: ApolloClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<CheckoutData> {
  const data = await run<{ createOrUpdateCheckout: CheckoutData }>(apollo, 'mutation', checkoutMutation, {
    cartId,
    checkout: checkoutInput(choices),
  })
  return data.createOrUpdateCheckout
}

/** Spec §7: validateOrderCreation with the e-mail and the billing address, never cached. */
export async function validateOrder(
  apollo: ApolloClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<OrderValidation> {
  const data = await run<{ validateOrderCreation: OrderValidation }>(apollo, 'query', validateQuery, {
    cartId,
    checkout: checkoutInput(choices),
  })
  return data.validateOrderCreation
}

export async function placeOrder(
  apollo: ApolloClient,
  cartId: string,
  choices: CheckoutChoices,
): Promise<PlaceOrderResult> {
  const data = await run<{ placeOrder: PlaceOrderResult }>(apollo, 'mutation', placeOrderMutation, {
    cartId,
    checkout: checkoutInput(choices),
  })
  return data.placeOrder
}

export async function subscribeToNewsletter(apollo: ApolloClient, email: string): Promise<boolean> {
  const data = await run<{ subscribeToNewsletter: boolean | null }>(apollo, 'mutation', newsletterMutation, {
    email: email.trim(),
  })
  return data.subscribeToNewsletter === true
}

/** The `extensions.code` of the first GraphQL error of a failed operation, if any. */
export function graphQLErrorCode(error: unknown): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return undefined
  const code = (errors[0] as { extensions?: { code?: unknown } } | undefined)?.extensions?.code
  return typeof code === 'string' ? code : undefined
}

export function graphQLErrorMessage(error: unknown): string | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return undefined
  const message = (errors[0] as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : undefined
}

/**
 * The checkout message for a refused order (spec §8): blacklisted customers, sold-out items, the
 * rest as 'the order could not be created'.
 */
export function placeOrderErrorMessage(error: unknown): string {
  const code = graphQLErrorCode(error)
  const message = graphQLErrorMessage(error)
  if (message === 'Customer is blacklisted') return 'checkout.feedback.blacklisted'
  if (message === 'Email seems to be invalid') return 'checkout.feedback.invalidEmail'
  if (code === 'OUT_OF_STOCK') return 'checkout.error.outOfStock'
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
