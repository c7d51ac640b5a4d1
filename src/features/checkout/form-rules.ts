/**
 * The checkout form's rules (docs/product-rules.md#checkout: customer form, validation): which fields a shopper must
 * fill in and which values are valid in the market's country, as message ids of locales/*.json.
 * Pure, so the rules are tested without rendering and the page shows exactly what they say.
 *
 * - Always: e-mail (valid), first and last name, address, zip (valid in the country), city and
 *   mobile phone (valid).
 * - Private person: the personal id is required when paying by invoice (a credit purchase needs
 *   the buyer's identity) and must be valid whenever it is given.
 * - Organisation: company name and a valid organisation number.
 * - Before payment: a shipping option (none offered for the zip is its own message), a payment
 *   option, and the terms accepted.
 */
import {
  isFilled,
  isValidEmail,
  isValidOrganisationId,
  isValidPersonalId,
  isValidPhone,
  isValidZip,
  type CountryCode,
} from '../../shared/validation'
import type { CustomerForm } from './slice'
import { asksPersonalId } from '../../shared/payment-kinds'

export type CheckoutField =
  | 'email'
  | 'customerType'
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
  | 'shipping'
  | 'payment'
  | 'terms'

/** The fields in the order the page shows them: focus goes to the first invalid one. */
export const FIELD_ORDER: readonly CheckoutField[] = [
  'email',
  'customerType',
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
  'shipping',
  'payment',
  'terms',
]

export type FieldErrors = Partial<Record<CheckoutField, string>>

export interface CheckoutRuleInput {
  form: CustomerForm
  country: CountryCode
  /** the chosen payment option's kind (shared/payment-kinds.ts), null when none is chosen */
  paymentKind: string | null
  shippingId: string | null
  paymentId: string | null
  /** how many shipping options the zip has (null while not known yet) */
  shippingOptionCount: number | null
  termsAccepted: boolean
}

export const MESSAGES = {
  required: 'validation.required',
  mandatory: 'validation.mandatory',
  email: 'validation.email',
  personalId: 'validation.personalId',
  organizationId: 'validation.organizationId',
  zip: 'validation.zip',
  zipMissing: 'validation.checkout.zip',
  phone: 'validation.phone',
  terms: 'validation.checkout.terms',
  shipping: 'validation.checkout.shippingMethod',
  noShipping: 'checkout.feedback.noShipping',
  payment: 'validation.checkout.paymentMethod',
} as const

/** The message for one text field, or undefined when it is fine. */
export function fieldError(
  field: CheckoutField,
  input: CheckoutRuleInput,
  today: Date = new Date(),
): string | undefined {
  const { form, country } = input
  const organisation = form.customerType === 'ORGANIZATION'
  switch (field) {
    case 'email':
      if (!isFilled(form.email)) return MESSAGES.required
      return isValidEmail(form.email) ? undefined : MESSAGES.email
    case 'customerType':
      return form.customerType === 'PERSON' || organisation ? undefined : MESSAGES.mandatory
    case 'company':
      return organisation && !isFilled(form.company) ? MESSAGES.required : undefined
    case 'organizationId':
      if (!organisation) return undefined
      if (!isFilled(form.organizationId)) return MESSAGES.required
      return isValidOrganisationId(country, form.organizationId, today) ? undefined : MESSAGES.organizationId
    case 'personalId':
      if (organisation) return undefined
      if (!isFilled(form.personalId)) return asksPersonalId(input.paymentKind) ? MESSAGES.required : undefined
      return isValidPersonalId(country, form.personalId, today) ? undefined : MESSAGES.personalId
    case 'firstName':
    case 'lastName':
    case 'address':
    case 'city':
      return isFilled(form[field]) ? undefined : MESSAGES.required
    case 'zip':
      if (!isFilled(form.zip)) return MESSAGES.zipMissing
      return isValidZip(country, form.zip) ? undefined : MESSAGES.zip
    case 'phone':
      if (!isFilled(form.phone)) return MESSAGES.required
      return isValidPhone(form.phone) ? undefined : MESSAGES.phone
    case 'shipping':
      if (input.shippingOptionCount === 0) return MESSAGES.noShipping
      return input.shippingId ? undefined : MESSAGES.shipping
    case 'payment':
      return input.paymentId ? undefined : MESSAGES.payment
    case 'terms':
      return input.termsAccepted ? undefined : MESSAGES.terms
    case 'careOf':
    case 'address2':
      return undefined
  }
}

/** Every error of the form, keyed by field, in page order. */
export function checkoutErrors(input: CheckoutRuleInput, today: Date = new Date()): FieldErrors {
  const errors: FieldErrors = {}
  for (const field of FIELD_ORDER) {
    const message = fieldError(field, input, today)
    if (message) errors[field] = message
  }
  return errors
}

export function firstInvalidField(errors: FieldErrors): CheckoutField | undefined {
  return FIELD_ORDER.find((field) => errors[field] !== undefined)
}

/** docs/product-rules.md#checkout checkout feedback for a customer status that stops the checkout. */
export function customerStatusMessage(status: string): string | undefined {
  if (status === 'ok') return undefined
  if (status === 'blacklisted') return 'checkout.feedback.blacklisted'
  if (status === 'invalidemail') return 'checkout.feedback.invalidEmail'
  // 'limited' or the NOCREDIT-{status} suffix: credit payments are not offered
  return 'checkout.feedback.limited'
}
