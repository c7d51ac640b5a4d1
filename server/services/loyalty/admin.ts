/**
 * The loyalty area of the back office (ADR 0027): `POST /admin/api/loyalty/payouts {asOf?}` runs
 * the quarter's payout as of a date (default today; the tests move the clock with it) and answers
 * the vouchers it made. A second payout in the same quarter is refused (409 ALREADY_PAID_OUT).
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { AdminRefusal, parseAdminInput, recordAdminAction, registerAdminRoutes } from '../shared/admin'
import { PayoutAlreadyRun, runPayout } from './payout'

const PayoutInput = z.object({
  asOf: z.iso.date().optional().describe('YYYY-MM-DD'),
})

export async function loyaltyAdmin(
  app: FastifyInstance,
  {
    database,
    config,
  }: { database: Database; config: Pick<Config, 'adminKey' | 'urlMode' | 'marketDomains' | 'publicUrl'> },
) {
  await registerAdminRoutes(app, { area: 'loyalty', config }, (admin) => {
    admin.post('/payouts', async (request) => {
      const { asOf } = parseAdminInput(PayoutInput, request.body)
      const date = asOf ?? new Date().toISOString().slice(0, 10)
      try {
        return await database.db.transaction().execute(async (trx) => {
          const result = await runPayout(trx, date, config)
          await recordAdminAction(trx, request, {
            action: 'loyalty.payout',
            target: result.period,
            details: { asOf: date, vouchers: result.vouchers.length },
          })
          return result
        })
      } catch (error) {
        if (error instanceof PayoutAlreadyRun) throw new AdminRefusal(409, 'ALREADY_PAID_OUT', error.message)
        throw error
      }
    })
  })
}
