/**
 * The likes service (docs/product-rules.md#favourites, docs/architecture.md#one-process-many-services), mounted at /likes (LIKES_URL):
 *
 *   GET  /likes/users/{userId}/products   → the saved product ids, newest first (JSON list);
 *                                           Last-Modified = when the list last changed
 *   POST /likes/users/{userId}/products   ← a JSON list of product ids (the whole list, newest
 *                                           first, at most 1000) → the list as saved
 *   GET  /likes/users/{userId}/migrated   → true | false: were the metaData favourites moved here
 *   POST /likes/users/{userId}/migrated   (no body) → 204, marks the migration done
 *
 * Every call needs `Authorization: Bearer <token>` from the auth service: no or a bad token is
 * 401, a token of another user 403 (object-level authorisation on every id, docs/quality-bars.md#security). The
 * storefront's browser reaches it through the same-origin proxy (server/ssr/likes-proxy.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { createTokenVerifier } from '../shared/auth-tokens'
import { sessionRevocations } from '../shared/session-revocations'
import { createServiceFetch } from '../shared/service-fetch'
import type { DB } from '../../db/schema'
import type { LikesDatabase, LikesDB } from './db'
import { parseFavouriteIds } from './favourite-ids'
import { isMigrated, loadFavourites, markMigrated, saveFavourites } from './store'
import { PRIVATE_NO_STORE } from '../shared/cache-control'

/** What the service needs of server/services/shared/auth-tokens.ts's verifier. */
export interface BearerVerifier {
  verify(token: string): Promise<{ id: string } | null>
}

export interface LikesServiceOptions {
  database: Database
  config: Pick<Config, 'services' | 'host' | 'port'>
  /** How the auth service's JWKS is fetched; in process for this process's own AUTH_URL by default. */
  fetch?: typeof fetch
  /** Replaces the auth service's token verifier (tests of the service alone). */
  verifier?: BearerVerifier
}

export const LIKES_BODY_LIMIT = 64 * 1024

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')
  return match?.[1]
}

function refuse(reply: FastifyReply, status: number, error: string) {
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="lumo-likes"')
  return reply.code(status).header('cache-control', PRIVATE_NO_STORE).send({ error })
}

/** A foreign key violation: the token's user has no row (deleted since the token was issued). */
function isUnknownUser(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503'
}

export default async function likesService(app: FastifyInstance, options: LikesServiceOptions) {
  const db: LikesDatabase = options.database.db.withTables<Omit<LikesDB, keyof DB>>()
  const verifier =
    options.verifier ??
    createTokenVerifier({
      authUrl: options.config.services.auth,
      fetch: options.fetch ?? createServiceFetch(app, options.config),
      revocations: sessionRevocations(options.database.db),
      onError: (error) => app.log.warn({ err: error }, 'auth service keys or revocations could not be read'),
    })

  /** The path's user when the bearer token is that user's; otherwise the refusal is sent. */
  async function authorised(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const token = bearerToken(request)
    const user = token ? await verifier.verify(token) : null
    if (!user) {
      await refuse(reply, 401, 'unauthenticated')
      return null
    }
    const { userId } = request.params as { userId: string }
    if (user.id !== userId) {
      await refuse(reply, 403, 'forbidden')
      return null
    }
    return userId
  }

  const products = '/likes/users/:userId/products'
  const migrated = '/likes/users/:userId/migrated'

  app.get(products, async (request, reply) => {
    const userId = await authorised(request, reply)
    if (!userId) return reply
    const saved = await loadFavourites(db, userId)
    if (saved.updatedAt) reply.header('last-modified', saved.updatedAt.toUTCString())
    return reply.header('cache-control', PRIVATE_NO_STORE).send(saved.ids)
  })

  app.post(products, { bodyLimit: LIKES_BODY_LIMIT }, async (request, reply) => {
    const userId = await authorised(request, reply)
    if (!userId) return reply
    const parsed = parseFavouriteIds(request.body)
    if (!parsed.ok) {
      return reply
        .code(400)
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ error: 'invalid-ids', problems: parsed.problems })
    }
    try {
      const updatedAt = await saveFavourites(db, userId, parsed.ids)
      return reply
        .header('last-modified', updatedAt.toUTCString())
        .header('cache-control', PRIVATE_NO_STORE)
        .send(parsed.ids)
    } catch (error) {
      if (isUnknownUser(error)) return refuse(reply, 404, 'unknown-user')
      throw error
    }
  })

  app.get(migrated, async (request, reply) => {
    const userId = await authorised(request, reply)
    if (!userId) return reply
    return reply.header('cache-control', PRIVATE_NO_STORE).send(await isMigrated(db, userId))
  })

  app.post(migrated, async (request, reply) => {
    const userId = await authorised(request, reply)
    if (!userId) return reply
    try {
      await markMigrated(db, userId)
    } catch (error) {
      if (isUnknownUser(error)) return refuse(reply, 404, 'unknown-user')
      throw error
    }
    return reply.code(204).send()
  })
}
