/**
 * The quarterly payout (docs/product-rules.md#loyalty: four times a year, 2.50 € per 1,000 points): for every member,
 * the points credited by the payout's date become a bonus voucher in their market's currency
 * (full 1,000-point steps; the rest stays on the account), the points are booked out, and a
 * `bonus-voucher` mail is queued — all in one transaction with the payout's row, which makes a
 * quarter's payout happen once.
 */
import type { Transaction } from 'kysely'
import { toJson, type DB } from '../../db/schema'
import type { NoticeMailPayload } from '../../contracts/mail'
import { LOYALTY_MONEY, VOUCHER_VALID_DAYS, payoutFor, payoutPeriod } from '../../../src/shared/loyalty'
import { MARKETS, isMarketAlias, type MarketAlias } from '../../../src/shared/markets'
import { formatMoney } from '../../../src/shared/money'
import { pointsBalance, syncContactPoints } from './points'
import { newVoucherCode } from './vouchers'
import { mailLanguage, membershipUrl, type UrlConfig } from './links'

export interface PayoutResult {
  period: string
  asOf: string
  vouchers: { code: string; contactId: string; points: number; amount: number; currency: string }[]
}

export class PayoutAlreadyRun extends Error {
  constructor(readonly period: string) {
    super(`The payout of ${period} has already been made.`)
  }
}

/** The end of a 'YYYY-MM-DD' day in UTC: a payout "as of" a date counts everything credited that day. */
export function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`)
}

/** The market a member's voucher is for: their last order's, else their account's, else the default. */
async function memberMarket(
  trx: Transaction<DB>,
  userId: string,
): Promise<{ market: MarketAlias; language: string | null }> {
  const lastOrder = await trx
    .selectFrom('orders')
    .select(['market_alias', 'language'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (lastOrder && isMarketAlias(lastOrder.market_alias))
    return { market: lastOrder.market_alias, language: lastOrder.language }
  const user = await trx
    .selectFrom('users')
    .select('market_alias')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return { market: isMarketAlias(user?.market_alias) ? user.market_alias : 'fi', language: null }
}

export async function runPayout(
  trx: Transaction<DB>,
  asOfDate: string,
  config: UrlConfig,
  now: Date = new Date(),
): Promise<PayoutResult> {
  const asOf = endOfDay(asOfDate)
  const period = payoutPeriod(asOf)
  const inserted = await trx
    .insertInto('loyalty_payouts')
    .values({ period, as_of: asOf })
    .onConflict((oc) => oc.column('period').doNothing())
    .returning('payout_id')
    .executeTakeFirst()
  if (!inserted) throw new PayoutAlreadyRun(period)

  const members = await trx
    .selectFrom('loyalty_contacts as c')
    .innerJoin('users as u', 'u.user_id', 'c.user_id')
    .select(['c.contact_id', 'c.user_id', 'c.is_member', 'c.joined_at', 'u.email', 'u.first_name'])
    .where('c.is_member', '=', true)
    .orderBy('c.contact_id')
    .forUpdate()
    .execute()

  const vouchers: PayoutResult['vouchers'] = []
  for (const member of members) {
    const userId = member.user_id as string
    await syncContactPoints(trx, member, now)
    const balance = await pointsBalance(trx, member.contact_id, asOf)
    const { market, language } = await memberMarket(trx, userId)
    const currency = MARKETS[market].currency
    const payout = payoutFor(balance.points, currency)
    if (payout.points === 0) continue
    const code = newVoucherCode()
    const expiresAt = new Date(asOf.getTime() + VOUCHER_VALID_DAYS * 86_400_000)
    await trx
      .insertInto('loyalty_point_transactions')
      .values({
        contact_id: member.contact_id,
        kind: 'payout',
        order_id: null,
        points: -payout.points,
        valid_from: asOf,
      })
      .execute()
    await trx
      .insertInto('loyalty_vouchers')
      .values({
        code,
        contact_id: member.contact_id,
        user_id: userId,
        payout_id: inserted.payout_id,
        market_alias: market,
        currency_code: currency,
        amount: payout.value,
        minimum_purchase: LOYALTY_MONEY[currency].voucherMinimumPurchase,
        points: payout.points,
        expires_at: expiresAt,
      })
      .execute()
    const lang = mailLanguage(market, language)
    const locale = lang.iso
    const payload: NoticeMailPayload = {
      firstName: member.first_name,
      params: {
        code,
        amount: formatMoney(payout.value, currency, locale),
        minimum: formatMoney(LOYALTY_MONEY[currency].voucherMinimumPurchase, currency, locale),
        points: new Intl.NumberFormat(locale).format(payout.points),
        expires: new Intl.DateTimeFormat(locale, {
          dateStyle: 'long',
          timeZone: MARKETS[market].timeZone,
        }).format(expiresAt),
      },
      actionUrl: membershipUrl(config, market, lang.code),
    }
    await trx
      .insertInto('mail_messages')
      .values({
        kind: 'bonus-voucher',
        order_id: null,
        recipient: member.email,
        language: lang.code,
        status: 'queued',
        payload: toJson(payload),
      })
      .execute()
    vouchers.push({
      code,
      contactId: member.contact_id,
      points: payout.points,
      amount: payout.value,
      currency,
    })
  }
  await trx
    .updateTable('loyalty_payouts')
    .set({ voucher_count: vouchers.length })
    .where('payout_id', '=', inserted.payout_id)
    .execute()
  return { period, asOf: asOf.toISOString(), vouchers }
}
