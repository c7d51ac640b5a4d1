/**
 * Inspiration articles `/inspiration/{alias}` (docs/product-rules.md#content): the article from the commerce API's
 * content pages. An unknown alias is a real 404; an article's alias of another language answers
 * 301 to this language's alias, so the language switch and shared links keep the article.
 */
import { redirect, useLoaderData } from 'react-router'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { isLocaleCode, type LocaleCode } from '../shared/markets'

import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'

import contentPageQuery from '../graphql/operations/content-page'
import type { ContentPageQuery } from '../graphql/generated'

export type ContentPage = NonNullable<ContentPageQuery['contentPage']>

export interface InspirationData {
  article: ContentPage
}

/** Paragraphs of a content body (separated by a blank line). */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

export const loader: PageLoader<InspirationData> = async ({ params, apollo, request }) => {
  const alias = params.alias?.trim()
  if (!alias) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  const data = await runQuery(apollo, contentPageQuery, {
    alias,
    kind: 'INSPIRATION',
  })
  const article = data.contentPage
  if (!article) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  if (article.alias !== alias) {
    throw redirect(`/inspiration/${encodeURIComponent(article.alias)}${new URL(request.url).search}`, 301)
  }
  return { article }
}

export const meta: PageMeta<InspirationData> = ({ data }) => {
  const alternates: Partial<Record<LocaleCode, string>> = {}
  for (const { language, alias } of data.article.alternativeAliases) {
    if (isLocaleCode(language)) alternates[language] = `/inspiration/${encodeURIComponent(alias)}`
  }
  return {
    title: data.article.title,
    description: data.article.metaDescription ?? paragraphsOf(data.article.body)[0],
    alternates,
  }
}

export function Component() {
  const { article } = useLoaderData() as InspirationData
  const [lead, ...rest] = paragraphsOf(article.body)
  return (
    <InfoPage title={article.title} intro={lead} links={SHOP_LINKS}>
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </InfoPage>
  )
}
