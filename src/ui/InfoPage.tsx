/**
 * The frame of a page that shows a heading, a short introduction and where to go next; pages
 * with richer content put it in between as children.
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import type { RouteName, RouteParams } from '../shared/paths'
import { RouteLink } from './RouteLink'

export interface PageLink {
  to: RouteName
  params?: RouteParams
  /** message id of the link text */
  label: string
}

export interface InfoPageProps {
  title: string
  intro?: ReactNode
  links?: readonly PageLink[]
  /** message id of the links' heading; 'page.linksTitle' by default */
  linksTitle?: string
  children?: ReactNode
}

export function InfoPage({
  title,
  intro,
  links = [],
  linksTitle = 'page.linksTitle',
  children,
}: InfoPageProps) {
  const intl = useIntl()
  return (
    <article className="info-page">
      <h1>{title}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
      {children}
      {links.length > 0 ? (
        <nav className="section" aria-labelledby="page-links-title">
          <h2 id="page-links-title">{intl.formatMessage({ id: linksTitle })}</h2>
          <ul className="link-grid plain-list" role="list">
            {links.map((link) => (
              <li key={`${link.to}:${link.params?.['*'] ?? link.params?.alias ?? ''}`}>
                <RouteLink to={link.to} params={link.params}>
                  {intl.formatMessage({ id: link.label })}
                </RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  )
}

/** Where a shopper usually goes on from a page without products of its own. */
export const SHOP_LINKS: readonly PageLink[] = [
  { to: 'new-arrivals', label: 'nav.newArrivals' },
  { to: 'bestsellers', label: 'nav.bestsellers' },
  { to: 'brands', label: 'nav.brands' },
  { to: 'incoming', label: 'nav.incoming' },
]

/** The account area's pages, linked from each of them. */
export const ACCOUNT_LINKS: readonly PageLink[] = [
  { to: 'account-orders', label: 'page.accountOrders.title' },
  { to: 'account-invoices', label: 'page.accountInvoices.title' },
  { to: 'account-balance', label: 'page.accountBalance.title' },
  { to: 'account-membership', label: 'page.accountMembership.title' },
  { to: 'account-settings', label: 'page.accountSettings.title' },
]

/** A readable name from a URL alias when the page's data is not loaded: `musta-mekko` → `Musta mekko`. */
export function nameFromAlias(alias: string | undefined): string | undefined {
  if (!alias) return undefined
  let decoded = alias
  try {
    decoded = decodeURIComponent(alias)
  } catch {
    // keep the raw alias
  }
  const words = decoded.replace(/[-_+]+/g, ' ').trim()
  if (!words) return undefined
  return words.charAt(0).toLocaleUpperCase() + words.slice(1)
}
