/**
 * Phone numbers as shoppers type them: an optional leading +, digits with spaces, hyphens or
 * brackets between them, and 6 to 15 digits in all (E.164 allows at most 15).
 */
export function isValidPhone(value: string): boolean {
  const phone = value.trim()
  if (!/^\+?[\d\s()-]+$/.test(phone)) return false
  const digits = phone.replace(/\D/g, '').length
  return digits >= 6 && digits <= 15
}
