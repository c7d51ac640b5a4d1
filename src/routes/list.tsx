/** Generic list `/l/*` (new arrivals, bestsellers, sale, outlet, …): each with its own default sort. */
import { splatSegments } from '../shared/paths'
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'list',
  texts: { title: 'page.list.title', intro: 'page.list.intro' },
  target: (params) => ({ kind: 'url', url: `/l/${splatSegments(params).join('/')}` }),
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
