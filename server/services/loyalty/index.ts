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
import type { FastifyInstance } from 'fastify'
import { createTokenVerifier } from '../shared/auth-tokens'
import { sessionRevocations } from '../shared/session-revocations'
import { createServiceFetch } from '../shared/service-fetch'
import { createMemoryRateLimiter } from '../shared/rate-limit'
import { BROWSER_LOYALTY_URI } from '../../../src/shared/storefront-api'
import { loyaltyAdmin } from './admin'
import { createLoyaltyRequests, sendJson } from './requests'
import { registerActivityRoutes, registerContactRoutes } from './routes'
import type { LoyaltyServiceOptions } from './options'

export { VISITOR_CONTACT_LIMIT } from './routes'
export type { LoyaltyServiceOptions } from './options'

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

  const requests = createLoyaltyRequests(db, verifier, config.publicUrl)
  const deps = { db, config, limiter, requests }

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
      registerContactRoutes(loyalty, deps)
      registerActivityRoutes(loyalty, deps)
    },
    { prefix: BROWSER_LOYALTY_URI },
  )

  await loyaltyAdmin(app, { database: options.database, config })
}
