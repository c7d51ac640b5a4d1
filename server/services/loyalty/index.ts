/**
 * The loyalty service (issue #11, docs/adr/0028-loyalty-service.md), mounted at /api/loyalty
 * (LOYALTY_URL) in the shape of the spec's loyalty proxy (docs/product-rules.md#loyalty), server side only: the browser
 * calls it on its own origin and never sees a key. The shopper is the verified token's user, from
 * `Authorization: Bearer` or the HttpOnly session cookie; every request that changes something
 * needs the storefront's CSRF header and our own origin, like the other same-origin endpoints.
 *
 *   GET  /get-contact?email&countryCode&newsletter…   the customer's contact (created on first use)
 *   GET  /set-discovery-key?discoveryKey              the search service's customer key on the contact
 *                                                     (409 when another customer's contact holds it)
 *   POST /member?id&isMember&date                     join (true) or leave (false)
 *   POST /save-consent?id[&removeAccount=true]        consents, or remove the loyalty account
 *   GET  /overview                                    level, points, pending points, vouchers, history
 *   POST /cart-events {kind, reason, market, items}   the cart for the loyalty analytics (docs/product-rules.md#loyalty)
 *
 * The back office's payout is `POST /admin/api/loyalty/payouts` (./admin.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../config'
import { shopOrigin } from '../../shop-origin'
import type { Database } from '../../db'
import { toJson } from '../../db/schema'
import { createTokenVerifier, type TokenVerifier, type VerifiedUser } from '../shared/auth-tokens'
import { sessionRevocations } from '../shared/session-revocations'
import { createServiceFetch } from '../shared/service-fetch'
import { PRIVATE_NO_STORE } from '../shared/cache-control'
import { createMemoryRateLimiter, type LimitRule, type RateLimiter } from '../shared/rate-limit'
import { COOKIES, parseCookies } from '../../../src/shared/cookies'
import { BROWSER_LOYALTY_URI, CSRF_HEADER } from '../../../src/shared/storefront-api'
import { MARKET_ALIASES } from '../../../src/shared/markets'
import {
  contactView,
  removeLoyaltyAccount,
  saveConsent,
  setDiscoveryKey,
  setMembership,
  userContact,
  type Contact,
} from './contacts'
import { loyaltyOverview } from './overview'
import { loyaltyAdmin } from './admin'

export interface LoyaltyServiceOptions {
  database: Database
  config: Pick<
    Config,
    | 'services'
    | 'host'
    | 'port'
    | 'publicUrl'
    | 'originFromRequest'
    | 'urlMode'
    | 'marketDomains'
    | 'adminKey'
  >
  /** The process's abuse limiter (ADR 0024); in process by default. */
  limiter?: RateLimiter
  /** The app's token verifier (server/app.ts shares one); built from AUTH_URL when not given. */
  verifier?: Pick<TokenVerifier, 'verify'>
  fetch?: typeof fetch
}

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
  kind: z.enum(['cart', 'empty-cart']),
  reason: z.enum(['add', 'remove', 'purchase', 'logout']),
  market: z.enum(MARKET_ALIASES).optional(),
  items: z
    .array(z.object({ skuId: z.number().int().positive(), quantity: z.number().int().min(1).max(50) }))
    .max(100)
    .default([]),
})

function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', PRIVATE_NO_STORE).send(body)
}

function bearer(request: FastifyRequest): string | undefined {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
  return header ?? (parseCookies(request.headers.cookie)[COOKIES.auth] || undefined)
}

/** A change from another site is refused: our CSRF header must be there and a present Origin ours. */
function crossSite(request: FastifyRequest, publicUrl: string): boolean {
  if (request.headers[CSRF_HEADER] === undefined) return true
  const origin = request.headers.origin
  if (origin === undefined) return false
  const own = new Set([`${request.protocol}://${request.host}`.toLowerCase(), new URL(publicUrl).origin])
  return !own.has(origin.toLowerCase())
}

export default async function loyaltyService(app: FastifyInstance, options: LoyaltyServiceOptions) {
  const { config } = options
  const db = options.database.db
  const limiter = options.limiter ?? createMemoryRateLimiter()
  const verifier =
    options.verifier ??
    createTokenVerifier({
      authUrl: config.services.auth,
      fetch: options.fetch ?? createServiceFetch(app, config),
      revocations: sessionRevocations(db),
      onError: (error) => app.log.warn({ err: error }, 'auth service keys or revocations could not be read'),
    })

  async function shopper(request: FastifyRequest): Promise<VerifiedUser | null> {
    const token = bearer(request)
    return token ? ((await verifier.verify(token)) as VerifiedUser | null) : null
  }

  /** The signed-in customer, or the refusal sent (401). */
  async function customer(request: FastifyRequest, reply: FastifyReply): Promise<VerifiedUser | null> {
    const user = await shopper(request)
    if (!user) {
      reply.header('www-authenticate', 'Bearer realm="lumo-loyalty"')
      await sendJson(reply, 401, { error: 'unauthenticated' })
      return null
    }
    return user
  }

  /** The customer's own contact named by `id`; another's is 403, whatever exists. */
  async function ownContact(user: VerifiedUser, id: string, reply: FastifyReply): Promise<Contact | null> {
    const contact = await db
      .selectFrom('loyalty_contacts')
      .selectAll()
      .where('contact_id', '=', id)
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    if (!contact) {
      await sendJson(reply, 403, { error: 'forbidden' })
      return null
    }
    return contact
  }

  function parse<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply): z.infer<T> | null {
    const result = schema.safeParse(value ?? {})
    if (result.success) return result.data
    void sendJson(reply, 400, {
      error: 'invalid-input',
      fields: Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
    })
    return null
  }

  const refuseCrossSite = async (request: FastifyRequest, reply: FastifyReply) => {
    if (crossSite(request, config.publicUrl)) return sendJson(reply, 403, { error: 'cross-site' })
  }

  await app.register(
    async (loyalty) => {
      // a valid token of an account deleted since: no user row for a contact to hang on
      loyalty.setErrorHandler((error, request, reply) => {
        if ((error as { code?: unknown }).code === '23503')
          return sendJson(reply, 404, { error: 'unknown-user' })
        // two customers racing for one discovery key: the loser is told as set-discovery-key tells
        if ((error as { code?: unknown }).code === '23505')
          return sendJson(reply, 409, { error: 'discovery-key-taken' })
        const status = (error as { statusCode?: number }).statusCode
        if (status && status >= 400 && status < 500)
          return sendJson(reply, status, { error: (error as Error).message })
        request.log.error({ err: error }, 'loyalty request failed')
        return sendJson(reply, 500, { error: 'internal' })
      })
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
    },
    { prefix: BROWSER_LOYALTY_URI },
  )

  await loyaltyAdmin(app, { database: options.database, config })
}
