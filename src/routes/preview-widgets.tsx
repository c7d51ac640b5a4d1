/** Widget preview (an editors' tool; never indexed). */
import { SHOP_LINKS } from '../ui/InfoPage'
import { simplePage } from '../ui/SimplePage'

const page = simplePage({
  title: 'page.previewWidgets.title',
  intro: 'page.previewWidgets.intro',
  links: SHOP_LINKS,
  noindex: true,
})

export const meta = page.meta
export const Component = page.Component
