/** New arrivals (docs/product-rules.md#catalogue-and-lists): the newest products first (LATEST, by first available date). */
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'new-arrivals',
  texts: { title: 'page.newArrivals.title', intro: 'page.newArrivals.intro' },
  target: () => ({ kind: 'url', url: '/l/new-arrivals' }),
  ownTexts: true,
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
