/**
 * Checkout for a customer (issue #10 item 7): the logged-in customer's e-mail, personal id and
 * address (getUser) fill the checkout form. Only empty fields are filled, so nothing the shopper
 * typed is overwritten; the customer type follows the account while the form is untouched.
 */
import type { CheckoutUserQuery, SavedAddressFragment } from '../../graphql/generated'
import { emptyCustomerForm, type CustomerForm } from './slice'

export type CheckoutUser = NonNullable<CheckoutUserQuery['getUser']>

type AddressFormField =
  | 'firstName'
  | 'lastName'
  | 'careOf'
  | 'address'
  | 'address2'
  | 'zip'
  | 'city'
  | 'phone'
  | 'company'
  | 'entryCode'

/** A saved address (the SavedAddress fragment) as the customer form's fields: the checkout and the account's settings. */
export function addressFormFields(
  address: SavedAddressFragment | null | undefined,
): Pick<CustomerForm, AddressFormField> {
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    careOf: address?.careOf ?? '',
    address: address?.addressLine1 ?? '',
    address2: address?.addressLine2 ?? '',
    zip: address?.zip ?? '',
    city: address?.city ?? '',
    phone: address?.mobile || address?.phone || '',
    company: address?.company ?? '',
    entryCode: address?.entryCode ?? '',
  }
}

/** The form as the account says it. */
export function customerFormFromUser(user: CheckoutUser): Partial<CustomerForm> {
  return {
    email: user.email,
    ...(user.customerType === 'ORGANIZATION' || user.customerType === 'PERSON'
      ? { customerType: user.customerType }
      : {}),
    personalId: user.personalId ?? '',
    organizationId: user.organizationId ?? '',
    ...addressFormFields(user.address),
  }
}

type TextField = {
  [K in keyof CustomerForm]: string extends CustomerForm[K] ? K : never
}[keyof CustomerForm]

/** The changes that fill the form's empty text fields from the account. */
export function prefillChanges(form: CustomerForm, fromUser: Partial<CustomerForm>): Partial<CustomerForm> {
  const changes: Partial<CustomerForm> = {}
  const empty = emptyCustomerForm()
  const untouched = (Object.keys(empty) as (keyof CustomerForm)[]).every(
    (key) => key === 'customerType' || form[key] === empty[key],
  )
  for (const [key, value] of Object.entries(fromUser) as [keyof CustomerForm, unknown][]) {
    if (key === 'customerType') {
      if (untouched && value !== form.customerType)
        changes.customerType = value as CustomerForm['customerType']
      continue
    }
    const field = key as TextField
    if (typeof value === 'string' && value.trim() !== '' && form[field].trim() === '') changes[field] = value
  }
  return changes
}
