/**
 * E-mail addresses (docs/product-rules.md#checkout: 'Sinun on annettava validi sähköpostiosoite'). The same pattern as
 * the commerce API's check (zod's `z.email()`, server/services/graphql/checkout/validation.ts),
 * so the form never accepts an address the server refuses, or the other way round: a local part
 * of letters, digits and `_ ' + - .` (no leading, trailing or doubled dot), a domain of labels
 * and a top-level domain of at least two letters. At most 254 characters (RFC 5321).
 */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export function isValidEmail(value: string): boolean {
  const email = value.trim()
  return email.length <= 254 && EMAIL.test(email)
}
