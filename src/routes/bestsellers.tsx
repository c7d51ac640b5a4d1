/** Bestsellers (docs/product-rules.md#catalogue-and-lists): the products selling most right now (MOST_SOLD). */
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'bestsellers',
  texts: { title: 'page.bestsellers.title', intro: 'page.bestsellers.intro' },
  target: () => ({ kind: 'url', url: '/l/bestsellers' }),
  ownTexts: true,
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
