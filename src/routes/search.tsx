/** Search results `/s/{search}`: the query as heading; results come with the search feature. Never indexed. */
import { useIntl } from 'react-intl'
import { useParams } from 'react-router'
import type { PageMeta } from '../app/route-types'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'

export const meta: PageMeta<unknown> = ({ intl, params }) => ({
  title: intl.formatMessage({ id: 'page.search.title' }, { query: params.search ?? '' }),
  description: intl.formatMessage({ id: 'page.search.intro' }, { query: params.search ?? '' }),
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  const query = useParams().search ?? ''
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.search.title' }, { query })}
      intro={intl.formatMessage({ id: 'page.search.intro' }, { query })}
      links={SHOP_LINKS}
    />
  )
}
