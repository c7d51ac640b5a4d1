/**
 * The default layout (docs/product-rules.md#markets-and-urls Layouts): skip link, header with navigation and the market and
 * language switch, the page in <main>, footer with the shop promises.
 */
import type { ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { Outlet } from 'react-router'
import { SiteHeader } from './SiteHeader'
import { SiteFooter } from './SiteFooter'
import { ShopChrome } from './ShopChrome'
import '../../styles/global.css'
import '../../styles/layout.css'
import '../../styles/pages.css'

export const MAIN_ID = 'main'

export function SkipLink() {
  const intl = useIntl()
  return (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {intl.formatMessage({ id: 'nav.skipToContent' })}
    </a>
  )
}

/** The default frame around any content: the layout's pages, or the error page. */
export function DefaultFrame({ children }: { children: ReactNode }) {
  return (
    <div className="site">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex lets the skip link move keyboard focus into the main content */}
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <ShopChrome />
    </div>
  )
}

export function DefaultLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  )
}
