/** Incoming products (docs/product-rules.md#catalogue-and-lists): products not yet released or sold out with a restock date ahead. */
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'incoming',
  texts: { title: 'page.incoming.title', intro: 'page.incoming.intro' },
  target: () => ({ kind: 'url', url: '/l/incoming' }),
  ownTexts: true,
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
