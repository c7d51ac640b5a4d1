/**
 * The checkout's layout: nothing that leads away from the purchase but the logo and a link back
 * to the shop. The market and language control stays, since the market decides currency, shipping
 * and payment options (docs/product-rules.md#markets-and-urls: a checkout-market change reloads the cart).
 */
import { useIntl } from 'react-intl'
import { Outlet } from 'react-router'
import { RouteLink } from '../../ui/RouteLink'
import { ChannelMenu } from '../../features/channel/ChannelMenu'
import { Logo } from './SiteHeader'
import { MAIN_ID, SkipLink } from './DefaultLayout'
import { ShopChrome } from './ShopChrome'
import '../../styles/global.css'
import '../../styles/layout.css'
import '../../styles/pages.css'

export function UndistractedLayout() {
  const intl = useIntl()
  return (
    <div className="site">
      <SkipLink />
      <header className="site-header undistracted-header">
        <div className="site-header__bar">
          <Logo />
          <ChannelMenu />
          <RouteLink to="home">{intl.formatMessage({ id: 'nav.backToShop' })}</RouteLink>
        </div>
      </header>
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <ShopChrome />
    </div>
  )
}
