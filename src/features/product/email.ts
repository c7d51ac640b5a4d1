/** E-mail addresses as the back-in-stock form accepts them (spec §5: 'Sinun on annettava validi sähköpostiosoite'). */

/** One @, a non-empty local part, a dotted domain, no spaces; at most 254 characters (RFC 5321). */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export function isValidEmail(value: string): boolean {
  const email = value.trim()
  return email.length <= 254 && EMAIL.test(email)
}
