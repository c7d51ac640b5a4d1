/** Discount campaign list `/dc/{campaign+}`: the campaign's products. */
import { splatSegments } from '../shared/paths'
import { listRoute } from '../ui/ListPage'

const route = listRoute({
  routeName: 'discount-campaign',
  texts: { title: 'page.discountCampaign.title', intro: 'page.discountCampaign.intro' },
  target: (params) => ({ kind: 'url', url: `/dc/${splatSegments(params).join('/')}` }),
})

export const loader = route.loader
export const meta = route.meta
export const Component = route.Component
