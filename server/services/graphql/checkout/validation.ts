/**
 * Order-creation rules. Field messages are the Geins ones (docs/service-contracts.md#commerce-api); the customer-status
 * inputs of docs/product-rules.md#checkout come from data: blocked or invalid e-mails from customer_email_rules, member
 * types and the payment kinds they may not use from member_types (NOCREDIT-* blocks invoice).
 */
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { AddressJson, PaymentKind } from '../../../db/schema'
import type { CommerceDB } from '../cart/db'
import {
  isCountryCode,
  isValidOrganisationId,
  isValidPersonalId,
  isValidZip,
} from '../../../../src/shared/validation'
import { isUuid } from '../../../../src/shared/validation/ids'
import type { BuyerType } from '../../../../src/shared/customer-types'

export const CUSTOMER_BLACKLISTED = 'Customer is blacklisted'
export const EMAIL_INVALID = 'Email seems to be invalid'
export const ZIP_INVALID = 'Zip is invalid'
export const IDENTITY_NUMBER_INVALID = 'Identity number is invalid'

export interface CheckoutFields {
  email?: string | null
  billingAddress?: AddressJson | null
  shippingAddress?: AddressJson | null
  paymentId?: number | null
  shippingId?: number | null
  /** a private person's personal id or an organisation's number, checked when given */
  identityNumber?: string | null
  customerType?: BuyerType | null
}

const emailSchema = z.email()

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailSchema.safeParse(email).success
}

export function normaliseEmail(email: string | null | undefined): string {
  return (email ?? '').trim().toLowerCase()
}

const blank = (value: string | null | undefined) => !value || value.trim() === ''

/**
 * The address and choice messages in the order Geins reports them; empty when all is well.
 * `countryCode` is the market's country: an address in another country cannot be delivered to.
 */
export function fieldErrors(
  checkout: CheckoutFields,
  countryCode: string,
  offered: { paymentIds: number[]; shippingIds: number[] },
): string[] {
  const errors: string[] = []
  const billing = checkout.billingAddress ?? {}
  if (blank(billing.firstName)) errors.push('First name is required')
  if (blank(billing.lastName)) errors.push('Last name is required')
  if (blank(billing.addressLine1)) errors.push('Address is required')
  if (blank(billing.city)) errors.push('City is required')
  if (blank(billing.zip)) errors.push('Zip is required')
  // the storefront's own rules (src/shared/validation): a zip, personal id or organisation number
  // of the market's country
  const country = isCountryCode(countryCode) ? countryCode : null
  if (country) {
    const zips = [billing.zip, checkout.shippingAddress?.zip].filter((zip) => !blank(zip))
    if (zips.some((zip) => !isValidZip(country, (zip ?? '').replace(/\s+/g, '')))) errors.push(ZIP_INVALID)
    const identity = checkout.identityNumber
    if (!blank(identity)) {
      const valid =
        checkout.customerType === 'ORGANIZATION'
          ? isValidOrganisationId(country, identity ?? '')
          : isValidPersonalId(country, identity ?? '')
      if (!valid) errors.push(IDENTITY_NUMBER_INVALID)
    }
  }
  const sameCountry = (country: string | undefined) =>
    blank(country) || country?.trim().toUpperCase() === countryCode
  if (!sameCountry(billing.country)) errors.push('Invalid Billing Country')
  if (checkout.shippingAddress && !sameCountry(checkout.shippingAddress.country))
    errors.push('Invalid Shipping Country')
  if (
    checkout.paymentId === null ||
    checkout.paymentId === undefined ||
    !offered.paymentIds.includes(checkout.paymentId)
  ) {
    errors.push('Payment must be selected')
  }
  if (
    checkout.shippingId === null ||
    checkout.shippingId === undefined ||
    !offered.shippingIds.includes(checkout.shippingId)
  ) {
    errors.push('Shipping must be selected')
  }
  return errors
}

export interface CustomerStanding {
  /** 'Customer is blacklisted' / 'Email seems to be invalid' when the e-mail blocks the order. */
  emailMessage: string | null
  memberType: string | null
  blockedPaymentKinds: PaymentKind[]
}

/**
 * The customer's standing for an e-mail and the signed-in user. The e-mail rules (blacklisted,
 * invalid) apply to the address whoever types it. The member type and the payment kinds it
 * blocks are the signed-in user's own (ctx.user): an account's member or credit status is never
 * looked up by the e-mail, so an anonymous caller or another user learns nothing about the
 * account behind an address — a guest is a guest whatever e-mail it types (docs/adr/0020).
 * An e-mail of the wrong shape is invalid without asking the database.
 */
export async function customerStanding(
  db: Kysely<CommerceDB>,
  email: string,
  userId: string | null,
): Promise<CustomerStanding> {
  const normalised = normaliseEmail(email)
  const memberQuery = db
    .selectFrom('users')
    .leftJoin('member_types', 'member_types.member_type', 'users.member_type')
    .select(['users.member_type', 'member_types.blocked_payment_kinds'])
  const [rule, member] = await Promise.all([
    normalised && isValidEmail(normalised)
      ? db
          .selectFrom('customer_email_rules')
          .select('message')
          .where('email', '=', normalised)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    userId && isUuid(userId)
      ? memberQuery.where('users.user_id', '=', userId).executeTakeFirst()
      : Promise.resolve(undefined),
  ])
  const memberType = member?.member_type ?? null
  const emailMessage = !normalised || !isValidEmail(normalised) ? EMAIL_INVALID : (rule?.message ?? null)
  return { emailMessage, memberType, blockedPaymentKinds: member?.blocked_payment_kinds ?? [] }
}
