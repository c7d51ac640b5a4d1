/** Home (spec §1–2): the campaign hero, the category entry points, the newsletter offer and the shop promises. */
import { useIntl } from 'react-intl'
import type { PageMeta } from '../app/route-types'
import { freeShippingAmount, SHOP_PROMISES } from '../app/i18n'
import { useSite } from '../app/site'
import { RouteLink } from '../ui/RouteLink'
import { ShopPromises } from '../ui/ShopPromises'
import { CATEGORY_ENTRY_POINTS, LIST_PAGE_LINKS } from '../ui/navigation'

export const meta: PageMeta<null> = ({ intl, market }) => ({
  title: intl.formatMessage({ id: 'page.home.title' }),
  description: intl.formatMessage(
    { id: 'app.description' },
    { amount: freeShippingAmount(intl, market), days: SHOP_PROMISES.returnDays },
  ),
})

export function Component() {
  const intl = useIntl()
  const { locale } = useSite()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">{text('home.hero.title')}</h1>
        <p>{text('home.hero.text')}</p>
        <RouteLink to="new-arrivals" className="button">
          {text('home.hero.cta')}
        </RouteLink>
      </section>

      <nav className="section" aria-labelledby="home-categories">
        <h2 id="home-categories">{text('home.categories.title')}</h2>
        <ul className="link-grid plain-list" role="list">
          {CATEGORY_ENTRY_POINTS.map((category) => (
            <li key={category.label}>
              <RouteLink to="category" params={{ '*': category.alias[locale] }}>
                {text(category.label)}
              </RouteLink>
            </li>
          ))}
          {LIST_PAGE_LINKS.map((link) => (
            <li key={link.route}>
              <RouteLink to={link.route}>{text(link.label)}</RouteLink>
            </li>
          ))}
        </ul>
      </nav>

      <section className="section notice" aria-labelledby="home-newsletter">
        <h2 id="home-newsletter">{text('home.newsletter.title')}</h2>
        <p>{text('home.newsletter.text', { percent: SHOP_PROMISES.newsletterDiscountPercent })}</p>
        <RouteLink to="member" className="button button--secondary">
          {text('home.newsletter.cta')}
        </RouteLink>
      </section>

      <section className="section" aria-labelledby="home-promises">
        <h2 id="home-promises">{text('home.promises.title')}</h2>
        <ShopPromises />
      </section>
    </>
  )
}
