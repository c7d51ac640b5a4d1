/** Brand list `/b/{brand+}`: the brand's products. */
import { splatSegments } from '../shared/paths'
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'brand',
  texts: { title: 'page.brand.title', intro: 'page.brand.intro' },
  target: (params) => ({ kind: 'url', url: `/b/${splatSegments(params).join('/')}` }),
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
