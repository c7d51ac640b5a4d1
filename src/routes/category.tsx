/** Category list `/c/…/{category}`; `/list/{alias?}` names any list by its bare alias (`/l/all`, every product, without one). */
import { aliasFromParams, splatSegments } from '../shared/paths'
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'category',
  texts: { title: 'page.category.title', intro: 'page.category.intro' },
  target: (params) =>
    params['*'] !== undefined
      ? { kind: 'url', url: `/c/${splatSegments(params).join('/')}` }
      : { kind: 'alias', alias: aliasFromParams(params) ?? 'all' },
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
