/**
 * The search service's admin operations (ADR 0027, ADR 0054), behind the admin key:
 *
 *   GET    /admin/api/search/popular?language=fi  → { rules, popular: [{ phrase, shoppers }], blocked: [{ term, blockedBy, blockedAt }] }
 *   POST   /admin/api/search/blocked { term }     → blocks a term: no popular search equal to it or
 *                                                   holding it as a word is shown, in any language
 *   DELETE /admin/api/search/blocked/:term        → unblocks it (404 when it was not blocked)
 *
 * `npm run admin -- popular-searches` is the command line over them.
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Config } from '../../config'
import type { DB } from '../../db/schema'
import { LOCALE_CODES } from '../../../src/shared/markets'
import { AdminRefusal, parseAdminInput, recordAdminAction, registerAdminRoutes } from '../shared/admin'
import { popularSearches, type PopularSearchRules } from './behaviour'
import type { SearchDatabase, SearchDB } from './db'
import { normaliseQuery } from './text'

const popularQuery = z.object({ language: z.enum(LOCALE_CODES).default('fi') })
const term = z.string().transform(normaliseQuery).pipe(z.string().min(1, 'a word or phrase').max(100))
const blockBody = z.object({ term })
const termParams = z.object({ term })

/** The transaction as the audit log takes it (a search view of the database is the shared one and more). */
function auditable(trx: Kysely<SearchDB>): Kysely<DB> {
  return trx
}

export async function registerSearchAdmin(
  app: FastifyInstance,
  { db, config, rules }: { db: SearchDatabase; config: Pick<Config, 'adminKey'>; rules: PopularSearchRules },
): Promise<void> {
  const blockedTerms = async () =>
    (await db.selectFrom('search_blocked_terms').selectAll().orderBy('term').execute()).map((row) => ({
      term: row.term,
      blockedBy: row.blocked_by,
      blockedAt: new Date(row.blocked_at).toISOString(),
    }))

  await registerAdminRoutes(app, { area: 'search', config }, (admin) => {
    admin.get('/popular', async (request) => {
      const { language } = parseAdminInput(popularQuery, request.query)
      return {
        language,
        rules,
        popular: await popularSearches(db, language, rules, 50),
        blocked: await blockedTerms(),
      }
    })

    admin.post('/blocked', async (request) => {
      const body = parseAdminInput(blockBody, request.body)
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('search_blocked_terms')
          .values({ term: body.term, blocked_by: request.adminActor ?? 'admin' })
          .onConflict((oc) => oc.column('term').doNothing())
          .execute()
        await recordAdminAction(auditable(trx), request, {
          action: 'search.block-term',
          target: body.term,
        })
        return { term: body.term, blocked: true }
      })
    })

    admin.delete('/blocked/:term', async (request) => {
      const params = parseAdminInput(termParams, request.params)
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('search_blocked_terms')
          .where('term', '=', params.term)
          .executeTakeFirst()
        if (Number(deleted.numDeletedRows) === 0) {
          throw new AdminRefusal(404, 'NOT_BLOCKED', `"${params.term}" is not a blocked term.`)
        }
        await recordAdminAction(auditable(trx), request, {
          action: 'search.unblock-term',
          target: params.term,
        })
        return { term: params.term, blocked: false }
      })
    })
  })
}
