/**
 * The header of the default layout: skip link target aside, a bar with the market and language
 * switch, the logo, the shopper's links (favourites, cart, account or login, logout) and the
 * main navigation.
 * It slides away while the shopper scrolls down (the store's headerHidden, set by the client
 * behaviours) and comes back on focus.
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../hooks'
import { useSite } from '../site'
import { RouteLink } from '../../ui/RouteLink'
import { CATEGORY_ENTRY_POINTS, LIST_PAGE_LINKS } from '../../ui/navigation'
import { ChannelSwitches } from '../../features/channel/ChannelSwitches'
import { CartButton } from '../../features/cart/CartButton'
import { AccountLink } from '../../features/auth/AccountLink'

export function Logo() {
  const intl = useIntl()
  return (
    <RouteLink to="home" className="logo" aria-label={intl.formatMessage({ id: 'nav.logoLabel' })}>
      Lumo
    </RouteLink>
  )
}

export function SiteHeader() {
  const intl = useIntl()
  const { locale } = useSite()
  const hidden = useAppSelector((state) => state.global.headerHidden)
  return (
    <header className={hidden ? 'site-header site-header--hidden' : 'site-header'}>
      <div className="site-header__utility">
        <ChannelSwitches />
      </div>
      <div className="site-header__bar">
        <Logo />
        <nav aria-label={intl.formatMessage({ id: 'nav.userLabel' })}>
          <ul className="user-nav plain-list" role="list">
            <li>
              <RouteLink to="favorites" markCurrent>
                {intl.formatMessage({ id: 'nav.favourites' })}
              </RouteLink>
            </li>
            <li>
              <CartButton />
            </li>
            <li>
              <AccountLink />
            </li>
          </ul>
        </nav>
      </div>
      <nav className="main-nav" aria-label={intl.formatMessage({ id: 'nav.mainLabel' })}>
        <ul className="main-nav__list plain-list" role="list">
          {CATEGORY_ENTRY_POINTS.map((category) => (
            <li key={category.label}>
              <RouteLink to="category" params={{ '*': category.alias[locale] }} markCurrent>
                {intl.formatMessage({ id: category.label })}
              </RouteLink>
            </li>
          ))}
          {LIST_PAGE_LINKS.map((link) => (
            <li key={link.route}>
              <RouteLink to={link.route} markCurrent>
                {intl.formatMessage({ id: link.label })}
              </RouteLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  )
}
