/**
 * Account balance (login required): the customer's balance in each currency (getUser.balances),
 * e.g. refunds paid to the balance. Personal: never page-cached, fetched fresh.
 */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { fetchUser } from '../features/account/api'
import { personalData } from '../features/account/loaders'
import { AccountFrame } from '../features/account/AccountFrame'
import { BalanceList, balancesOf, type Balance } from '../features/account/BalanceList'
import { messageMeta } from '../ui/page-meta'

export interface AccountBalanceData {
  balances: Balance[]
}

export const loader: PageLoader<AccountBalanceData> = async (args) => ({
  balances: balancesOf(await personalData(args, () => fetchUser(args.apollo))),
})

export const meta = messageMeta({
  title: 'page.accountBalance.title',
  description: 'page.accountBalance.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as AccountBalanceData
  return (
    <AccountFrame
      title={intl.formatMessage({ id: 'page.accountBalance.title' })}
      intro={intl.formatMessage({ id: 'page.accountBalance.intro' })}
    >
      <BalanceList balances={data.balances} />
    </AccountFrame>
  )
}
