/** A users row (with its balances) → UserType. */
import type { User } from '../../../db/schema'
import type { MarketRow, RequestScope } from '../context'
import { presentAddress } from '../orders/present'
import { formatMoney, toDecimal } from '../pricing/money'
import type { CurrencyCode } from '../../../../src/shared/markets'
import type { ResolversTypes } from '../generated'

export interface BalanceRow {
  currency_code: CurrencyCode
  amount: number
}

export function presentUser(
  user: User,
  balances: readonly BalanceRow[],
  scope: RequestScope,
  markets: readonly MarketRow[],
): ResolversTypes['UserType'] {
  const inScopeCurrency = balances.find((b) => b.currency_code === scope.market.currencyCode)
  return {
    id: user.user_id,
    email: user.email,
    address: presentAddress(user.address),
    gender: user.gender,
    customerType: user.customer_type === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON',
    newsletter: user.newsletter,
    sms: user.sms,
    personalId: user.personal_id,
    organizationId: user.organization_id,
    memberType: user.member_type ?? '',
    memberId: user.member_id ?? '',
    balances: balances.map((balance) => ({
      currency: balance.currency_code,
      amount: toDecimal(balance.amount),
      amountFormatted: formatMoney(balance.amount, balance.currency_code, scope.locale),
    })),
    balance: toDecimal(inScopeCurrency?.amount ?? 0),
    balanceFormatted: formatMoney(inScopeCurrency?.amount ?? 0, scope.market.currencyCode, scope.locale),
    metaData: user.meta_data,
    availableChannels: [
      {
        channelId: scope.channelId,
        availableMarkets: markets.filter((m) => !m.isVirtual).map((m) => m.alias),
      },
    ],
    createdAt: user.created_at.toISOString(),
  }
}
