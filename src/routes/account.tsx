/**
 * The account landing page (/account, issue #10 item 4). A guest sees the login and the
 * registration and the 'forgot password' form; a customer sees an overview: name, e-mail, the
 * latest orders and the ways into the account's pages. Personal: never page-cached, fetched
 * fresh (src/features/account/api.ts).
 */
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useLoaderData, useRevalidator } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { useAppSelector } from '../app/hooks'
import { selectUser } from '../features/auth/slice'
import { fetchOverview, type AccountOrderSummary, type AccountUser } from '../features/account/api'
import { personalData } from '../features/account/loaders'
import { AccountFrame } from '../features/account/AccountFrame'
import { GuestAccount } from '../features/account/GuestAccount'
import { AccountOverview } from '../features/account/AccountOverview'
import { messageMeta } from '../ui/page-meta'

export type AccountData =
  { kind: 'guest' } | { kind: 'customer'; user: AccountUser | null; orders: AccountOrderSummary[] }

export const loader: PageLoader<AccountData> = async (args) => {
  if (args.store.getState().auth.user === null) return { kind: 'guest' }
  return { kind: 'customer', ...(await personalData(args, () => fetchOverview(args.apollo))) }
}

export const meta = messageMeta({
  title: 'page.account.title',
  description: 'page.account.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as AccountData
  const user = useAppSelector(selectUser)
  const revalidator = useRevalidator()
  const stale = (data.kind === 'guest') !== (user === null)
  // a login or logout on this page (or in another tab) shows the other view
  useEffect(() => {
    if (stale && revalidator.state === 'idle') void revalidator.revalidate()
  }, [stale, revalidator])

  if (data.kind === 'guest' || user === null) return <GuestAccount />
  return (
    <AccountFrame title={intl.formatMessage({ id: 'page.account.title' })}>
      <AccountOverview user={data.user} email={user.email} orders={data.orders} />
    </AccountFrame>
  )
}
