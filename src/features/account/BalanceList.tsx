/** The customer's balances, one row per currency (UserType.balances). */
import { useIntl } from 'react-intl'
import type { AccountUser } from './api'

export interface Balance {
  currency: string
  amount: number
  amountFormatted: string
}

/** The balances worth showing: non-zero, by currency code. */
export function balancesOf(user: Pick<AccountUser, 'balances'> | null): Balance[] {
  return (user?.balances ?? [])
    .filter((balance): balance is Balance => balance !== null && balance.amount !== 0)
    .map(({ currency, amount, amountFormatted }) => ({ currency, amount, amountFormatted }))
    .sort((a, b) => a.currency.localeCompare(b.currency))
}

export function BalanceList({ balances }: { balances: readonly Balance[] }) {
  const intl = useIntl()
  if (balances.length === 0) return <p>{intl.formatMessage({ id: 'account.balance.empty' })}</p>
  return (
    <table className="account-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'account.balance.currency' })}</th>
          <th scope="col" className="account-table__amount">
            {intl.formatMessage({ id: 'account.balance.amount' })}
          </th>
        </tr>
      </thead>
      <tbody>
        {balances.map((balance) => (
          <tr key={balance.currency}>
            <th scope="row">{balance.currency}</th>
            <td className="account-table__amount">{balance.amountFormatted}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
