/** What the browser may send to the session endpoints. */
import { z } from 'zod'
import { BUYER_TYPE_TUPLE } from '../../../src/shared/customer-types'

const email = z.string().trim().toLowerCase().pipe(z.email().max(320))
const digest = z.string().min(1).max(200)
export const LoginBody = z.object({
  username: email,
  password: digest,
  rememberMe: z.boolean().default(false),
})
const optionalText = z.string().max(200).optional()
export const UserInput = z
  .object({
    address: z
      .object({
        firstName: optionalText,
        lastName: optionalText,
        addressLine1: optionalText,
        addressLine2: optionalText,
        zip: optionalText,
        city: optionalText,
        country: optionalText,
        company: optionalText,
        mobile: optionalText,
        phone: optionalText,
      })
      .strict()
      .optional(),
    newsletter: z.boolean().optional(),
    sms: z.boolean().optional(),
    personalId: optionalText,
    organizationId: optionalText,
    customerType: z.enum(BUYER_TYPE_TUPLE).optional(),
  })
  .strict()
export type UserInput = z.infer<typeof UserInput>
export const RegisterBody = LoginBody.extend({
  user: UserInput.optional(),
  /** the language of the registration mail */
  language: z.enum(['fi', 'sv', 'nb', 'da']).optional(),
  /** the account page in the shopper's market and language: the mail's link (a path on this site) */
  accountPath: z.string().max(2000).optional(),
})
export const PasswordBody = z.object({ password: digest, newPassword: digest })
