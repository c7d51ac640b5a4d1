/** `/content/{alias?}`: an information page by alias (404 when unknown), or without one the list of them. */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { InfoPage } from '../ui/InfoPage'
import { CONTENT_PAGES, contentPageByAlias } from './content/known-pages'
import {
  ContentPageView,
  contentPageMeta,
  requireContentPage,
  type ContentPageData,
} from './content/ContentPageView'

export const loader: PageLoader<ContentPageData | null> = async ({ params }) =>
  params.alias ? requireContentPage(params.alias) : null

export const meta = contentPageMeta

export function Component() {
  const intl = useIntl()
  const data = useLoaderData() as ContentPageData | null
  const page = contentPageByAlias(data?.alias)
  if (page) return <ContentPageView page={page} />
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'content.indexTitle' })}
      intro={intl.formatMessage({ id: 'content.indexIntro' })}
      linksTitle="footer.infoTitle"
      links={CONTENT_PAGES.map((known) => ({
        to: 'content-page',
        params: { alias: known.alias },
        label: known.title,
      }))}
    />
  )
}
