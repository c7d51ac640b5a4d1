/** What every loyalty endpoint asks of a request: who the shopper is, whether it is our site, its input. */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { DB } from '../../db/schema'
import type { TokenVerifier, VerifiedUser } from '../shared/auth-tokens'
import { PRIVATE_NO_STORE } from '../shared/cache-control'
import { COOKIES, parseCookies } from '../../../src/shared/cookies'
import { CSRF_HEADER } from '../../../src/shared/storefront-api'
import type { Contact } from './contacts'

export function sendJson(reply: FastifyReply, status: number, body: unknown) {
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

export interface LoyaltyRequests {
  /** The verified shopper of the request, or null (a visitor). */
  shopper(request: FastifyRequest): Promise<VerifiedUser | null>
  /** The signed-in customer, or the refusal sent (401). */
  customer(request: FastifyRequest, reply: FastifyReply): Promise<VerifiedUser | null>
  /** The customer's own contact named by `id`; another's is 403, whatever exists. */
  ownContact(user: VerifiedUser, id: string, reply: FastifyReply): Promise<Contact | null>
  /** The input parsed, or the 400 sent with each field's message. */
  parse<T extends z.ZodType>(schema: T, value: unknown, reply: FastifyReply): z.infer<T> | null
  /** onRequest hook: a change from another site is 403. */
  refuseCrossSite(request: FastifyRequest, reply: FastifyReply): Promise<unknown>
}

export function createLoyaltyRequests(
  db: Kysely<DB>,
  verifier: Pick<TokenVerifier, 'verify'>,
  publicUrl: string,
): LoyaltyRequests {
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
    if (crossSite(request, publicUrl)) return sendJson(reply, 403, { error: 'cross-site' })
  }

  return { shopper, customer, ownContact, parse, refuseCrossSite }
}
