/**
 * Tickets (docs/service-contracts.md#search-api, docs/product-rules.md#search): every product and variant the service shows carries one,
 * and the storefront sends it back with the click and add-to-cart notifications. A ticket names
 * the product, the variant and where it was shown (a search phrase, a recommendation list), so a
 * click teaches the ranking of that phrase and that list. Signed, so that notifications cannot
 * name made-up products or sources.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface TicketFacts {
  productId: number
  skuId?: number
  /** 'search', 'autocomplete', 'landing', 'product-page', 'cart', 'rec:ALTERNATIVES', … */
  source: string
  /** the search phrase the product was found with */
  phrase?: string
}

interface Payload {
  p: number
  v?: number
  s: string
  q?: string
}

const SIGNATURE_BYTES = 12

export interface Tickets {
  issue(facts: TicketFacts): string
  read(ticket: string): TicketFacts | null
}

export function createTickets(secret: string): Tickets {
  const sign = (body: string) =>
    createHmac('sha256', `search-ticket:${secret}`).update(body).digest().subarray(0, SIGNATURE_BYTES)
  return {
    issue({ productId, skuId, source, phrase }) {
      const payload: Payload = { p: productId, s: source }
      if (skuId !== undefined) payload.v = skuId
      if (phrase) payload.q = phrase.slice(0, 100)
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${body}.${sign(body).toString('base64url')}`
    },
    read(ticket) {
      const [body, signature, extra] = ticket.split('.')
      if (!body || !signature || extra !== undefined || ticket.length > 600) return null
      const given = Buffer.from(signature, 'base64url')
      const expected = sign(body)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      try {
        const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload
        if (!Number.isSafeInteger(payload.p) || typeof payload.s !== 'string') return null
        return {
          productId: payload.p,
          source: payload.s,
          ...(Number.isSafeInteger(payload.v) ? { skuId: payload.v } : {}),
          ...(typeof payload.q === 'string' ? { phrase: payload.q } : {}),
        }
      } catch {
        return null
      }
    },
  }
}
