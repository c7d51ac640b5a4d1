/**
 * The header of the default layout (issue #12 item 6, a header a phone can hold): the logo, the
 * search, the market-and-language control, favourites, the account and the cart on every width;
 * on a computer screen the main navigation below them, on smaller screens a menu button that
 * opens it as a drawer. No row overflows from 320 px up: below 1024 px the shopper's links show as
 * icons (their text stays their accessible name), below 768 px the search takes a row of its own.
 * Logout is in the account's menu, not here (issue 27 part 7).
 * It slides away while the shopper scrolls down (the store's headerHidden, set by the client
 * behaviours) and comes back on focus.
 */
import { useIntl } from 'react-intl'
import { useAppSelector } from '../hooks'
import { RouteLink } from '../../ui/RouteLink'
import { ChannelMenu } from '../../features/channel/ChannelMenu'
import { CartButton } from '../../features/cart/CartButton'
import { AccountLink } from '../../features/auth/AccountLink'
import { LazySearchField } from '../../features/search/LazySearchField'
import { MainNavigationLinks } from './MainNavigation'
import { NavigationDrawer } from './NavigationDrawer'
import { HeartIcon } from '../../ui/icons'

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
  const hidden = useAppSelector((state) => state.global.headerHidden)
  return (
    <header className={hidden ? 'site-header site-header--hidden' : 'site-header'}>
      <div className="site-header__bar">
        <NavigationDrawer />
        <Logo />
        <LazySearchField />
        <div className="site-header__channel">
          <ChannelMenu />
        </div>
        <nav className="site-header__user" aria-label={intl.formatMessage({ id: 'nav.userLabel' })}>
          <ul className="user-nav plain-list" role="list">
            <li>
              <RouteLink to="favorites" markCurrent className="user-nav__link">
                <HeartIcon />
                <span className="user-nav__text">{intl.formatMessage({ id: 'nav.favourites' })}</span>
              </RouteLink>
            </li>
            <li>
              <AccountLink />
            </li>
            <li>
              <CartButton />
            </li>
          </ul>
        </nav>
      </div>
      <nav className="main-nav" aria-label={intl.formatMessage({ id: 'nav.mainLabel' })}>
        <MainNavigationLinks className="main-nav__list" />
      </nav>
    </header>
  )
}
