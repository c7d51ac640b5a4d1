/**
 * The settings page's profile form (docs/product-rules.md#accounts-and-auth customer form: names, gender, address, phone, the
 * personal id or organisation number): read from the user, checked with the checkout's own field
 * rules (one rule per field, shared: src/features/checkout/form-rules.ts) and written back as an
 * updateUser input. The consents are a form of their own (newsletter and SMS), so that a customer
 * without a saved address can still change them.
 */
import type { Gender, UserInputType } from '../../graphql/generated'
import type { CountryCode } from '../../shared/validation'
import { checkoutInput } from '../checkout/api'
import { fieldError, type CheckoutField } from '../checkout/form-rules'
import { addressFormFields } from '../checkout/prefill'
import { emptyCustomerForm, type CustomerForm } from '../checkout/slice'
import type { AccountUser } from './api'

export type ProfileField = Extract<
  CheckoutField,
  | 'company'
  | 'organizationId'
  | 'firstName'
  | 'lastName'
  | 'personalId'
  | 'careOf'
  | 'address'
  | 'address2'
  | 'zip'
  | 'city'
  | 'phone'
>

/** The fields in page order: focus goes to the first invalid one. */
export const PROFILE_FIELDS: readonly ProfileField[] = [
  'company',
  'organizationId',
  'firstName',
  'lastName',
  'personalId',
  'careOf',
  'address',
  'address2',
  'zip',
  'city',
  'phone',
]

export type ProfileErrors = Partial<Record<ProfileField, string>>

const GENDERS: readonly Gender[] = ['UNSPECIFIED', 'WOMAN', 'MAN']

/** The form as the user's saved data fills it. */
export function profileFormFrom(user: AccountUser): CustomerForm {
  const address = user.address
  const gender = user.gender && GENDERS.includes(user.gender) ? user.gender : 'UNSPECIFIED'
  return {
    ...emptyCustomerForm(),
    customerType: user.customerType === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON',
    email: user.email,
    ...addressFormFields(address),
    country: address?.country ?? '',
    gender: gender as CustomerForm['gender'],
    personalId: user.personalId ?? '',
    organizationId: user.organizationId ?? '',
    newsletter: user.newsletter === true,
    smsConsent: user.sms === true,
  }
}

/** The profile's errors as message ids, keyed by field (the personal id is optional here). */
export function profileErrors(form: CustomerForm, country: CountryCode, today = new Date()): ProfileErrors {
  const input = {
    form,
    country,
    paymentKind: null,
    shippingId: null,
    paymentId: null,
    shippingOptionCount: null,
    termsAccepted: true,
  }
  const errors: ProfileErrors = {}
  for (const field of PROFILE_FIELDS) {
    const message = fieldError(field, input, today)
    if (message) errors[field] = message
  }
  return errors
}

/** The updateUser input for the profile: the address in the market's country. */
export function profileInput(form: CustomerForm, country: CountryCode): UserInputType {
  const { billingAddress, identityNumber } = checkoutInput({
    form,
    country,
    shippingId: null,
    paymentId: null,
    termsAccepted: false,
  })
  const organisation = form.customerType === 'ORGANIZATION'
  return {
    customerType: form.customerType,
    gender: form.gender as Gender,
    address: billingAddress,
    personalId: organisation ? undefined : (identityNumber ?? ''),
    organizationId: organisation ? (identityNumber ?? '') : undefined,
  }
}

/**
 * The consents form's input: the two flags, and the customer type the user has (the input's
 * customerType defaults to PERSON, so leaving it out would turn an organisation into a person).
 */
export function consentsInput(
  user: Pick<AccountUser, 'customerType'>,
  newsletter: boolean,
  sms: boolean,
): UserInputType {
  return { customerType: user.customerType ?? 'PERSON', newsletter, sms }
}
