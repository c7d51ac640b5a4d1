/**
 * The layout of the checkout's end points (confirmation, payment failure): the logo, the page,
 * and the shop promises, which answer what happens next (order e-mail, returns, service hours).
 */
import { useIntl } from 'react-intl'
import { Outlet } from 'react-router'
import { ShopPromises } from '../../ui/ShopPromises'
import { Logo } from './SiteHeader'
import { MAIN_ID, SkipLink } from './DefaultLayout'
import { ShopChrome } from './ShopChrome'
import '../../styles/global.css'
import '../../styles/layout.css'
import '../../styles/pages.css'

export function UndistractedSpecialLayout() {
  const intl = useIntl()
  return (
    <div className="site">
      <SkipLink />
      <header className="site-header undistracted-header">
        <div className="site-header__bar">
          <Logo />
        </div>
      </header>
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <section className="site-footer__inner" aria-labelledby="footer-promises">
          <h2 id="footer-promises">{intl.formatMessage({ id: 'footer.promisesTitle' })}</h2>
          <ShopPromises />
        </section>
      </footer>
      <ShopChrome />
    </div>
  )
}
