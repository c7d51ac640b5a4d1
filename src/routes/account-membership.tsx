/**
 * Account membership (login required): level, points, pending points with their dates, bonus
 * vouchers and history of the loyalty programme; leaving it and removing the loyalty account.
 */
import { useIntl } from 'react-intl'
import { AccountFrame } from '../features/account/AccountFrame'
import { MembershipOverview } from '../features/loyalty/MembershipOverview'
import { messageMeta } from '../ui/page-meta'

export const meta = messageMeta({
  title: 'page.accountMembership.title',
  description: 'page.accountMembership.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  return (
    <AccountFrame
      title={intl.formatMessage({ id: 'page.accountMembership.title' })}
      intro={intl.formatMessage({ id: 'page.accountMembership.intro' })}
    >
      <MembershipOverview />
    </AccountFrame>
  )
}
