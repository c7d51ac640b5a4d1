/**
 * Style gallery `/lumostyle` (members only: the check-is-member middleware answers 404 to others).
 * Its text is the shop's style page from the commerce API's content pages.
 */
import { useLoaderData } from 'react-router'
import type { PageLoader, PageMeta } from '../app/route-types'
import { runQuery } from '../app/graphql'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'
import { paragraphsOf } from './inspiration'
import contentPageQuery from '../../graphql/operations/content-page.graphql?raw'
import type { ContentPageQuery, ContentPageQueryVariables } from '../graphql/generated'

/** The style page's alias, the same in every language (as the route's path). */
export const STYLE_PAGE_ALIAS = 'lumostyle'

export interface StyleGalleryData {
  page: NonNullable<ContentPageQuery['contentPage']>
}

export const loader: PageLoader<StyleGalleryData> = async ({ apollo }) => {
  const data = await runQuery<ContentPageQuery, ContentPageQueryVariables>(apollo, contentPageQuery, {
    alias: STYLE_PAGE_ALIAS,
    kind: 'STYLE',
  })
  if (!data.contentPage) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  return { page: data.contentPage }
}

export const meta: PageMeta<StyleGalleryData> = ({ data }) => ({
  title: data.page.title,
  description: data.page.metaDescription ?? paragraphsOf(data.page.body)[0],
  noindex: true,
})

export function Component() {
  const { page } = useLoaderData() as StyleGalleryData
  const [lead, ...rest] = paragraphsOf(page.body)
  return (
    <InfoPage title={page.title} intro={lead} links={SHOP_LINKS}>
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </InfoPage>
  )
}
