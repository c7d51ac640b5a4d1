/**
 * The recommendation tickets of the products the shopper opened from a search or recommendation
 * list, kept for the tab's session: a later add-to-cart of that product sends its ticket too
 * (docs/service-contracts.md#search-api, "the ticket remembered in addedToCart").
 */
const STORAGE_KEY = 'lumo.search-tickets'
const MAX_TICKETS = 50

function read(): Record<string, string> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    const value: unknown = raw ? JSON.parse(raw) : {}
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, string>)
      : {}
  } catch {
    return {}
  }
}

export function rememberTicket(productKey: string, ticket: string): void {
  if (typeof window === 'undefined') return
  const tickets = read()
  delete tickets[productKey]
  tickets[productKey] = ticket
  const keys = Object.keys(tickets)
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_TICKETS))) delete tickets[key]
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tickets))
  } catch {
    // storage full or disabled: the add-to-cart just goes without a ticket
  }
}

export function rememberedTicket(productKey: string): string | undefined {
  if (typeof window === 'undefined') return undefined
  return read()[productKey]
}
