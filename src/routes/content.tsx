/** `/content/{alias?}`: an information page by alias (404 when unknown), or without one the list of them. */
import { useIntl } from 'react-intl'
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { InfoPage } from '../ui/InfoPage'
import { useSite } from '../app/site'
import { CONTENT_PAGES, contentPageByKey } from '../shared/content-pages'
import {
  ContentPageView,
  contentPageMeta,
  requireContentPage,
  type ContentPageData,
} from './content/ContentPageView'

export const loader: PageLoader<ContentPageData | null> = async (args) =>
  args.params.alias ? requireContentPage(args.params.alias, args, '/content') : null

export const meta = contentPageMeta

export function Component() {
  const intl = useIntl()
  const { locale } = useSite()
  const data = useLoaderData() as ContentPageData | null
  const page = contentPageByKey(data?.key)
  if (page) return <ContentPageView page={page} />
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'content.indexTitle' })}
      intro={intl.formatMessage({ id: 'content.indexIntro' })}
      linksTitle="footer.infoTitle"
      links={CONTENT_PAGES.map((known) => ({
        to: 'content-page',
        params: { alias: known.alias[locale] },
        label: known.title,
      }))}
    />
  )
}
