/**
 * The frame of every account page: its heading, the account's own navigation (the current page
 * marked) and the logout. Moving between account pages keeps the scroll position (docs/product-rules.md#accounts-and-auth,
 * src/app/client/scroll-rules.ts), so the navigation stays where the shopper used it.
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { RouteLink } from '../../ui/RouteLink'
import type { RouteName } from '../../shared/paths'
import { LogoutButton } from '../auth/LogoutButton'
import '../checkout/checkout.css'
import './account.css'

export const ACCOUNT_NAV: readonly { to: RouteName; label: string }[] = [
  { to: 'account', label: 'page.account.title' },
  { to: 'account-orders', label: 'page.accountOrders.title' },
  { to: 'account-invoices', label: 'page.accountInvoices.title' },
  { to: 'account-balance', label: 'page.accountBalance.title' },
  { to: 'account-membership', label: 'page.accountMembership.title' },
  { to: 'account-settings', label: 'page.accountSettings.title' },
]

export function AccountFrame({
  title,
  intro,
  children,
}: {
  title: string
  intro?: ReactNode
  children: ReactNode
}) {
  const intl = useIntl()
  return (
    <div className="account">
      <nav className="account-nav" aria-label={intl.formatMessage({ id: 'account.nav.label' })}>
        <ul className="plain-list" role="list">
          {ACCOUNT_NAV.map((link) => (
            <li key={link.to}>
              <RouteLink to={link.to} markCurrent>
                {intl.formatMessage({ id: link.label })}
              </RouteLink>
            </li>
          ))}
        </ul>
        <LogoutButton className="button button--secondary" />
      </nav>
      <article className="account-main">
        <h1>{title}</h1>
        {intro ? <p className="page-intro">{intro}</p> : null}
        {children}
      </article>
    </div>
  )
}
