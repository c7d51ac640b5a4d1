/**
 * The loyalty endpoints the browser calls (mounted at BROWSER_LOYALTY_URI by ./index.ts): the
 * contact routes (get-contact, set-discovery-key, member, save-consent) and the activity routes
 * (overview, cart-events).
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { DB } from '../../db/schema'
import { toJson } from '../../db/schema'
import { shopOrigin } from '../../shop-origin'
import { PRIVATE_NO_STORE } from '../shared/cache-control'
import type { LimitRule, RateLimiter } from '../shared/rate-limit'
import { COOKIES, parseCookies } from '../../../src/shared/cookies'
import { CART_EVENT_KINDS, CART_EVENT_REASONS } from '../../../src/shared/loyalty-api'
import { MARKET_ALIASES } from '../../../src/shared/markets'
import {
  contactView,
  removeLoyaltyAccount,
  saveConsent,
  setDiscoveryKey,
  setMembership,
  userContact,
} from './contacts'
import type { LoyaltyServiceOptions } from './options'
import { loyaltyOverview } from './overview'
import { sendJson, type LoyaltyRequests } from './requests'

/**
 * A visitor's discovery key makes a contact without a login: at most this many new keys per
 * address and hour, so a script cannot fill the table.
 */
export const VISITOR_CONTACT_LIMIT: LimitRule = { name: 'loyalty-visitor', limit: 20, windowMs: 60 * 60_000 }

const flag = z.enum(['true', 'false']).transform((value) => value === 'true')

const GetContactQuery = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((value) => value.toUpperCase())
    .optional(),
  newsletter: flag.optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
  hasAccount: flag.optional(),
  isMember: flag.optional(),
})

const DiscoveryKeyQuery = z.object({ discoveryKey: z.string().trim().min(1).max(100) })

const MemberQuery = z.object({
  id: z.string().uuid(),
  isMember: flag,
  date: z.string().datetime({ offset: true }).optional(),
})

const ConsentQuery = z.object({
  id: z.string().uuid(),
  removeAccount: flag.optional(),
  acceptsEmail: flag.optional(),
  acceptsSms: flag.optional(),
})

export const CartEventBody = z.object({
  kind: z.enum(CART_EVENT_KINDS),
  reason: z.enum(CART_EVENT_REASONS),
  market: z.enum(MARKET_ALIASES).optional(),
  items: z
    .array(z.object({ skuId: z.number().int().positive(), quantity: z.number().int().min(1).max(50) }))
    .max(100)
    .default([]),
})

export interface LoyaltyRouteDeps {
  db: Kysely<DB>
  config: LoyaltyServiceOptions['config']
  limiter: RateLimiter
  requests: LoyaltyRequests
}

export function registerContactRoutes(
  loyalty: FastifyInstance,
  { db, config, limiter, requests }: LoyaltyRouteDeps,
) {
  const { shopper, customer, ownContact, parse, refuseCrossSite } = requests

  loyalty.get('/get-contact', async (request, reply) => {
    const user = await customer(request, reply)
    if (!user) return reply
    const query = parse(GetContactQuery, request.query, reply)
    if (!query) return reply
    // a customer reads only their own contact: the e-mail must be the token's
    if (query.email !== user.email.toLowerCase()) return sendJson(reply, 403, { error: 'forbidden' })
    const contact = await userContact(db, user, {
      countryCode: query.countryCode,
      newsletter: query.newsletter,
    })
    return sendJson(reply, 200, contactView(contact))
  })

  loyalty.get('/set-discovery-key', { onRequest: refuseCrossSite }, async (request, reply) => {
    const query = parse(DiscoveryKeyQuery, request.query, reply)
    if (!query) return reply
    const user = await shopper(request)
    if (!user) {
      const known = await db
        .selectFrom('loyalty_contacts')
        .select('contact_id')
        .where('discovery_key', '=', query.discoveryKey)
        .executeTakeFirst()
      const decision = known ? null : await limiter.hit(VISITOR_CONTACT_LIMIT, request.ip)
      if (decision && !decision.allowed)
        return reply
          .code(429)
          .header('retry-after', String(decision.retryAfterSeconds))
          .header('cache-control', PRIVATE_NO_STORE)
          .send({ error: 'too-many-requests' })
    }
    const contact = await setDiscoveryKey(db, user, query.discoveryKey)
    if (!contact) return sendJson(reply, 409, { error: 'discovery-key-taken' })
    return sendJson(reply, 200, { discoveryKey: contact.discovery_key })
  })

  loyalty.post('/member', { onRequest: refuseCrossSite }, async (request, reply) => {
    const user = await customer(request, reply)
    if (!user) return reply
    const query = parse(MemberQuery, request.query, reply)
    if (!query) return reply
    const contact = await ownContact(user, query.id, reply)
    if (!contact) return reply
    // the client's date is when the shopper clicked; the server's clock decides which orders count
    // the welcome mail links to the host the shopper is on (ADR 0057)
    const place = { ...config, publicUrl: shopOrigin(request, config) }
    const updated = await setMembership(db, contact, query.isMember, new Date(), place)
    return sendJson(reply, 200, contactView(updated))
  })

  loyalty.post('/save-consent', { onRequest: refuseCrossSite }, async (request, reply) => {
    const user = await customer(request, reply)
    if (!user) return reply
    const query = parse(ConsentQuery, request.query, reply)
    if (!query) return reply
    const contact = await ownContact(user, query.id, reply)
    if (!contact) return reply
    if (query.removeAccount) {
      await removeLoyaltyAccount(db, contact)
      return sendJson(reply, 200, { removed: true })
    }
    const updated = await saveConsent(db, contact, query)
    return sendJson(reply, 200, contactView(updated))
  })
}

export function registerActivityRoutes(loyalty: FastifyInstance, { db, requests }: LoyaltyRouteDeps) {
  const { shopper, customer, parse, refuseCrossSite } = requests

  loyalty.get('/overview', async (request, reply) => {
    const user = await customer(request, reply)
    if (!user) return reply
    const contact = await userContact(db, user)
    return sendJson(reply, 200, await loyaltyOverview(db, contact, new Date()))
  })

  loyalty.post(
    '/cart-events',
    { onRequest: refuseCrossSite, bodyLimit: 32 * 1024 },
    async (request, reply) => {
      const body = parse(CartEventBody, request.body, reply)
      if (!body) return reply
      const user = await shopper(request)
      const discoveryKey = parseCookies(request.headers.cookie)[COOKIES.loyaltyDiscovery]
      const contact = user
        ? await userContact(db, user)
        : discoveryKey
          ? await db
              .selectFrom('loyalty_contacts')
              .selectAll()
              .where('discovery_key', '=', discoveryKey)
              .where('user_id', 'is', null)
              .executeTakeFirst()
          : undefined
      // a visitor the service does not know yet has no contact to follow: nothing to record
      if (!contact) return reply.code(204).header('cache-control', PRIVATE_NO_STORE).send()
      await db
        .insertInto('loyalty_cart_events')
        .values({
          contact_id: contact.contact_id,
          kind: body.kind,
          reason: body.reason,
          market_alias: body.market ?? null,
          items: toJson(body.kind === 'empty-cart' ? [] : body.items),
        })
        .execute()
      return reply.code(204).header('cache-control', PRIVATE_NO_STORE).send()
    },
  )
}
