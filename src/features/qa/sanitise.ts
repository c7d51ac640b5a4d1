/**
 * What Redux DevTools and a QA export may show of a shopper's state: everything that makes the
 * page what it is (cart lines, list, product, page), nothing that says who the shopper is or
 * lets someone act as them. Personal fields — names, e-mail, phone, addresses, personal and
 * organisation numbers, the order message — and secrets — tokens, keys, signatures, the cart
 * id (whoever holds it can change the cart) — are replaced by REDACTED wherever they appear, in
 * the state and in every action. Empty values stay empty, so "the shopper had not filled this
 * in" is still visible.
 */

export const REDACTED = '[redacted]'

/** Field names (compared in lower case) whose values are personal or secret wherever they are. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  // who the shopper is
  'email',
  'softloginemail',
  'firstname',
  'lastname',
  'fullname',
  'phone',
  'mobile',
  'personalid',
  'organizationid',
  'careof',
  'address',
  'address2',
  'addressline1',
  'addressline2',
  'billingaddress',
  'shippingaddress',
  'zip',
  'city',
  'entrycode',
  'company',
  'companyname',
  'ordermessage',
  // who they are to our services
  'userid',
  'favoritesuserid',
  'customerkey',
  'sessionkey',
  'discoverykey',
  // secrets
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'logintoken',
  'password',
  'newpassword',
  'passworddigest',
  'signature',
  'authorization',
  'cartid',
])

/**
 * Paths (from the state's root; actions: from the payload) whose field names are too common to
 * redact everywhere: the checkout form's free-text message, the signed-in user's id, the cart's id.
 */
const PERSONAL_PATHS: readonly string[][] = [
  ['checkout', 'form', 'message'],
  ['auth', 'user', 'id'],
  ['auth', 'user', 'name'],
  ['cart', 'id'],
  ['cart', 'data', 'id'],
  ['loyalty', 'id'],
]

function redactAll(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value
  if (Array.isArray(value)) return value.map(redactAll)
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactAll(v)]),
    )
  }
  if (typeof value === 'boolean') return value
  return REDACTED
}

function isPersonalPath(path: readonly string[]): boolean {
  return PERSONAL_PATHS.some(
    (personal) => personal.length === path.length && personal.every((part, index) => part === path[index]),
  )
}

function sanitiseValue(value: unknown, path: string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => sanitiseValue(item, path))
  if (value === null || typeof value !== 'object') return value
  const result: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    const fieldPath = [...path, key]
    result[key] =
      PERSONAL_FIELDS.has(key.toLowerCase()) || isPersonalPath(fieldPath)
        ? redactAll(field)
        : sanitiseValue(field, fieldPath)
  }
  return result
}

/** The state with personal data and secrets redacted (a copy; the store's state is untouched). */
export function sanitiseState<S>(state: S): S {
  return sanitiseValue(state, []) as S
}

/**
 * An action with personal data and secrets redacted: its payload (a thunk's arguments in
 * `meta.arg` too) by field name, and by the state's paths where an action carries a whole slice.
 */
export function sanitiseAction<A extends { type: string }>(action: A): A {
  return { ...(sanitiseValue(action, []) as A), type: action.type }
}
