/**
 * UserInputType → the changes to the user's row. GraphQL has checked the types; this bounds the
 * lengths, trims, and checks personal and organisation ids against the market's country rules.
 * A field that is null or omitted is not changed; an empty string clears a text field.
 */
import { z } from 'zod'
import type { AddressJson, Gender, UsersTable } from '../../../db/schema'
import { toJson } from '../../../db/schema'
import { isCountryCode, isValidOrganisationId, isValidPersonalId } from '../../../../src/shared/validation'
import { badUserInput } from '../errors'
import { addressInput, text } from '../checkout/input'
import type { Updateable } from 'kysely'
import { BUYER_TYPE_TUPLE } from '../../../../src/shared/customer-types'

/** The storefront's own JSON (favourites, preferences): bounded so a row stays small. */
export const MAX_META_DATA_LENGTH = 64 * 1024

const userInput = z.object({
  address: addressInput.nullish(),
  gender: z.enum(['UNSET', 'UNSPECIFIED', 'WOMAN', 'MAN']).nullish(),
  newsletter: z.boolean().nullish(),
  sms: z.boolean().nullish(),
  personalId: text(20),
  organizationId: text(20),
  customerType: z.enum(BUYER_TYPE_TUPLE).nullish(),
  metaData: z
    .string()
    .max(MAX_META_DATA_LENGTH, `must be at most ${MAX_META_DATA_LENGTH} characters`)
    .nullish(),
})

export type UserChanges = Updateable<UsersTable>

function addressJson(address: z.infer<typeof addressInput>): AddressJson {
  return Object.fromEntries(
    Object.entries(address).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  ) as AddressJson
}

/** Validates the input; a bad field is BAD_USER_INPUT naming it (`user.personalId: ...`). */
export function parseUserInput(input: unknown, marketCountry: string): UserChanges {
  const parsed = userInput.safeParse(input ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.join('.') ?? 'user'
    throw badUserInput(`user.${field}: ${issue?.message ?? 'invalid value'}`, field)
  }
  const value = parsed.data
  const country = isCountryCode(marketCountry) ? marketCountry : 'FI'
  if (value.personalId && !isValidPersonalId(country, value.personalId))
    throw badUserInput('user.personalId: not a valid personal identity number', 'personalId')
  if (value.organizationId && !isValidOrganisationId(country, value.organizationId))
    throw badUserInput('user.organizationId: not a valid organisation number', 'organizationId')
  const changes: UserChanges = {}
  if (value.address) {
    const address = addressJson(value.address)
    changes.address = toJson(address)
    // the name and phone columns mirror the address for the services that greet the customer
    changes.first_name = address.firstName ?? null
    changes.last_name = address.lastName ?? null
    changes.phone = address.mobile ?? address.phone ?? null
  }
  if (value.gender) changes.gender = value.gender as Gender
  if (typeof value.newsletter === 'boolean') changes.newsletter = value.newsletter
  if (typeof value.sms === 'boolean') changes.sms = value.sms
  if (typeof value.personalId === 'string') changes.personal_id = value.personalId || null
  if (typeof value.organizationId === 'string') changes.organization_id = value.organizationId || null
  if (value.customerType) changes.customer_type = value.customerType
  if (typeof value.metaData === 'string') changes.meta_data = value.metaData
  return changes
}
