/** POST /notifications/{name}: the behaviour the browser reports (docs/service-contracts.md#search-api). */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { MARKETS } from '../../../../src/shared/markets'
import type { LimitRule } from '../../shared/rate-limit'
import { endSession, removeRecentlyViewed, removeRecentSearches } from '../behaviour'
import type { SearchContext } from '../context'
import { BadRequest, parseBody, parseSessionScope, type RawQuery } from '../params'
import { normaliseQuery } from '../text'
import { answer, TooManyNotifications } from './answer'

/**
 * Notifications per address (ADR 0024): the browser sends them directly, a shopper a few a
 * minute; a loop that inflates a product's popularity stops here.
 */
export const NOTIFICATION_LIMIT: LimitRule = { name: 'search-notification', limit: 120, windowMs: 60_000 }

const ticketBody = z.object({ ticket: z.string().min(1).max(600) })
const favouriteBody = z.union([
  z.object({ productKey: z.string().min(1).max(100) }),
  z.object({ variantKey: z.string().min(1).max(100) }),
])
const removeSearchesBody = z.union([
  z.object({ removeAll: z.literal(true) }),
  z.object({ phrases: z.array(z.string().max(200)).max(100) }),
])
const removeViewedBody = z.union([
  z.object({ removeAll: z.literal(true) }),
  z.object({ productKeys: z.array(z.string().max(100)).max(100) }),
])

export function registerNotificationRoutes(app: FastifyInstance, ctx: SearchContext, mount: string) {
  const { db, limiter, tickets, record, checkSession, ensureIndex, productIdsOfKeys, phraseLanguage } = ctx
  app.post<{ Params: { name: string } }>(`${mount}/notifications/:name`, async (request, reply) =>
    answer(reply, async () => {
      const scope = parseSessionScope(request.query as RawQuery)
      // the browser calls this directly: request.ip (TRUST_PROXY decides what it believes)
      const decision = await limiter.hit(NOTIFICATION_LIMIT, request.ip)
      if (!decision.allowed) {
        throw new TooManyNotifications(decision.retryAfterSeconds, MARKETS[scope.market].defaultLocale)
      }
      const name = request.params.name
      if (name === 'end') {
        await endSession(db, scope.sessionKey)
        return undefined
      }
      await checkSession(scope)
      await ensureIndex()
      switch (name) {
        case 'click':
        case 'add-to-cart': {
          const { ticket } = parseBody(request.body, ticketBody) ?? { ticket: '' }
          const facts = tickets.read(ticket)
          if (!facts) throw new BadRequest('ticket is missing or not one this service issued')
          await record({
            kind: name,
            scope,
            ...(facts.productId > 0 ? { productId: facts.productId } : {}),
            source: facts.source,
            ...(facts.phrase ? { phrase: facts.phrase } : {}),
            ...(facts.phrase ? { language: await phraseLanguage(facts.phrase, scope) } : {}),
          })
          return undefined
        }
        case 'add-favorite':
        case 'remove-favorite': {
          const body = parseBody(request.body, favouriteBody)
          if (!body) throw new BadRequest('productKey or variantKey is required')
          const key = 'productKey' in body ? body.productKey : body.variantKey
          const [productId] = await productIdsOfKeys([key])
          if (productId === undefined) throw new BadRequest(`${key} is not a product of the catalogue`)
          await record({ kind: name, scope, productId })
          return undefined
        }
        case 'remove-recent-searches': {
          const body = parseBody(request.body, removeSearchesBody)
          if (!body) throw new BadRequest('removeAll or phrases is required')
          await removeRecentSearches(
            db,
            scope.sessionKey,
            'removeAll' in body ? 'all' : body.phrases.map(normaliseQuery),
          )
          return undefined
        }
        case 'remove-recently-viewed': {
          const body = parseBody(request.body, removeViewedBody)
          if (!body) throw new BadRequest('removeAll or productKeys is required')
          await removeRecentlyViewed(
            db,
            scope.customerKey,
            'removeAll' in body ? 'all' : await productIdsOfKeys(body.productKeys),
          )
          return undefined
        }
        default:
          throw new BadRequest(
            `unknown notification ${name}: one of click, add-to-cart, add-favorite, remove-favorite, remove-recent-searches, remove-recently-viewed, end`,
          )
      }
    }),
  )
}
