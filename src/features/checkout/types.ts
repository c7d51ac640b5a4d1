/**
 * Names for the parts of the checkout's generated operation types that the slice, the thunks and
 * the sections share. Its own module, so the slice and the API calls need not import each other.
 */
import type {
  CheckoutFieldsFragment,
  PlaceOrderMutation,
  ValidateOrderCreationQuery,
} from '../../graphql/generated'
import type { ListItem } from '../../graphql/list-items'

export type CheckoutData = CheckoutFieldsFragment
export type CheckoutCart = NonNullable<CheckoutData['cart']>
export type ShippingOption = ListItem<CheckoutData['shippingOptions']>
export type PaymentOption = ListItem<CheckoutData['paymentOptions']>
export type PlaceOrderResult = NonNullable<PlaceOrderMutation['placeOrder']>
export type OrderValidationResult = NonNullable<ValidateOrderCreationQuery['validateOrderCreation']>
