/**
 * The browser's calls to the loyalty service (docs/product-rules.md#loyalty, same origin at
 * /api/loyalty; the session cookie says who the shopper is). docs/product-rules.md#loyalty: a network failure or a
 * refusal is logged and gives null; cart notifications are fire and forget.
 */
import type { CartEvent, LoyaltyContact, LoyaltyOverview } from '../../shared/loyalty-api'
import { BROWSER_LOYALTY_URI, CSRF_HEADER } from '../../shared/storefront-api'

export type { CartEvent, LoyaltyContact, LoyaltyOverview } from '../../shared/loyalty-api'

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T | null> {
  try {
    const response = await fetch(`${BROWSER_LOYALTY_URI}${path}`, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [CSRF_HEADER]: '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) {
      console.warn(`Loyalty service answered ${response.status} for ${path.split('?')[0]}`)
      return null
    }
    return response.status === 204 ? null : ((await response.json()) as T)
  } catch (error) {
    console.warn('Loyalty service could not be reached', error)
    return null
  }
}

/** get-contact: the customer's contact, created on first use (docs/product-rules.md#loyalty: contact sync on login). */
export function getContact(input: { email: string; countryCode: string; newsletter?: boolean }) {
  const query = new URLSearchParams({
    email: input.email,
    countryCode: input.countryCode,
    newsletter: String(input.newsletter ?? false),
    hasAccount: 'true',
  })
  return call<LoyaltyContact>('GET', `/get-contact?${query}`)
}

export function setDiscoveryKey(discoveryKey: string) {
  return call<{ discoveryKey: string }>('GET', `/set-discovery-key?${new URLSearchParams({ discoveryKey })}`)
}

/** member: join (true) or leave (false) the programme. */
export function setMember(id: string, isMember: boolean) {
  const query = new URLSearchParams({ id, isMember: String(isMember), date: new Date().toISOString() })
  return call<LoyaltyContact>('POST', `/member?${query}`)
}

/** save-consent with removeAccount=true: the loyalty account is removed. */
export function removeLoyaltyAccount(id: string) {
  return call<{ removed: boolean }>(
    'POST',
    `/save-consent?${new URLSearchParams({ id, removeAccount: 'true' })}`,
  )
}

export function fetchOverview() {
  return call<LoyaltyOverview>('GET', '/overview')
}

export async function sendCartEvent(event: CartEvent): Promise<void> {
  await call('POST', '/cart-events', event)
}
