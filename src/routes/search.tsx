/** Search results `/s/{search}`: the products query's searchText (relevance first); never indexed. */
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'search',
  texts: { title: 'page.search.title', intro: 'page.search.intro' },
  target: (params) => ({ kind: 'search', text: (params.search ?? '').trim() }),
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
