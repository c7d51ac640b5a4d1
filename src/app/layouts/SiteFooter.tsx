/** The footer of the default layout: the shop promises, the shop's pages and the content pages. */
import { useIntl } from 'react-intl'
import { RouteLink } from '../../ui/RouteLink'
import { useSite } from '../site'
import { ShopPromises } from '../../ui/ShopPromises'
import { CONTENT_PAGES } from '../../shared/content-pages'
import { useAppDispatch } from '../hooks'
import { consentSettingsOpened } from '../../features/consent/slice'

export function SiteFooter() {
  const intl = useIntl()
  const { locale } = useSite()
  const dispatch = useAppDispatch()
  const text = (id: string) => intl.formatMessage({ id })
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-promises">
          <h2 id="footer-promises">{text('footer.promisesTitle')}</h2>
          <ShopPromises />
        </section>
        <nav aria-labelledby="footer-shop">
          <h2 id="footer-shop">{text('footer.shopTitle')}</h2>
          <ul className="plain-list" role="list">
            <li>
              <RouteLink to="new-arrivals">{text('nav.newArrivals')}</RouteLink>
            </li>
            <li>
              <RouteLink to="bestsellers">{text('nav.bestsellers')}</RouteLink>
            </li>
            <li>
              <RouteLink to="brands">{text('nav.brands')}</RouteLink>
            </li>
            <li>
              <RouteLink to="member">{text('footer.member')}</RouteLink>
            </li>
            <li>
              <RouteLink to="register-return">{text('footer.registerReturn')}</RouteLink>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info">{text('footer.infoTitle')}</h2>
          <ul className="plain-list" role="list">
            {CONTENT_PAGES.map((page) => (
              <li key={page.key}>
                <RouteLink to="content-page" params={{ alias: page.alias[locale] }}>
                  {text(page.title)}
                </RouteLink>
              </li>
            ))}
            <li>
              <RouteLink to="privacy">{text('footer.privacy')}</RouteLink>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                aria-haspopup="dialog"
                onClick={() => dispatch(consentSettingsOpened())}
              >
                {text('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
        <p>{text('footer.tagline')}</p>
      </div>
    </footer>
  )
}
