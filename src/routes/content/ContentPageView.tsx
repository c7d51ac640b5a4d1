/** One information page of the registry, with the shop's figures in the market's currency. */
import { useIntl } from 'react-intl'
import { freeShippingAmount, SHOP_PROMISES } from '../../app/i18n'
import { useSite } from '../../app/site'
import { useAppSelector } from '../../app/hooks'
import { freeShippingThresholdOf } from '../../features/channel/slice'
import type { PageLoaderArgs, PageMeta } from '../../app/route-types'
import { InfoPage, SHOP_LINKS } from '../../ui/InfoPage'
import { redirect } from 'react-router'
import { MARKETS, type LocaleCode, type MarketAlias } from '../../shared/markets'
import { contentPageByAlias, contentPageByKey, type ContentPageDefinition } from '../../shared/content-pages'

export interface ContentPageData {
  /** the page's key in the registry */
  key: string
  /** the market's free-shipping threshold from the API (decimal), for the texts that promise it */
  freeShippingThreshold: number | null
}

/** The values every information page text may use. */
function figures(
  intl: ReturnType<typeof useIntl>,
  market: MarketAlias,
  freeShippingThreshold: number | null,
) {
  return {
    amount: freeShippingAmount(intl, freeShippingThreshold, MARKETS[market].currency),
    days: MARKETS[market].returnWindowDays,
    hours: SHOP_PROMISES.orderEmailHours,
    from: SHOP_PROMISES.serviceHours.from,
    to: SHOP_PROMISES.serviceHours.to,
  }
}

/**
 * The loader step of a content route: a 404 for an unknown alias, and for an alias of another
 * language a permanent redirect to the page's alias in this language (`prefix` is the route's
 * path before the alias, relative to the basename, e.g. '' or '/content').
 */
export function requireContentPage(
  alias: string | undefined,
  { locale, market, request, store }: Pick<PageLoaderArgs, 'locale' | 'market' | 'request' | 'store'>,
  prefix = '',
): ContentPageData {
  const page = contentPageByAlias(alias)
  if (!page) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  if (page.alias[locale] !== alias) {
    throw redirect(`${prefix}/${encodeURIComponent(page.alias[locale])}${new URL(request.url).search}`, 301)
  }
  return { key: page.key, freeShippingThreshold: freeShippingThresholdOf(store.getState().channel, market) }
}

export const contentPageMeta: PageMeta<ContentPageData | null> = ({ data, intl, market }) => {
  const page = contentPageByKey(data?.key)
  if (!page)
    return {
      title: intl.formatMessage({ id: 'content.indexTitle' }),
      description: intl.formatMessage({ id: 'content.indexIntro' }),
    }
  const values = figures(intl, market, data?.freeShippingThreshold ?? null)
  return {
    title: intl.formatMessage({ id: page.title }),
    description: page.paragraphs.map((id) => intl.formatMessage({ id }, values)).join(' '),
    // each language has its own alias (the others answer 301); the head links to these, as the sitemap does
    alternates: contentPageAlternates(page),
  }
}

/** The page's path in every language: `/{alias}` with that language's alias. */
function contentPageAlternates(page: ContentPageDefinition): Partial<Record<LocaleCode, string>> {
  const paths: Partial<Record<LocaleCode, string>> = {}
  for (const [locale, alias] of Object.entries(page.alias) as [LocaleCode, string][]) {
    paths[locale] = `/${encodeURIComponent(alias)}`
  }
  return paths
}

/** The page's paragraphs with the market's figures (the page and the content panel show them). */
export function ContentPageParagraphs({ page }: { page: ContentPageDefinition }) {
  const intl = useIntl()
  const { market } = useSite()
  const threshold = useAppSelector((state) => freeShippingThresholdOf(state.channel, market))
  const values = figures(intl, market, threshold)
  return page.paragraphs.map((id) => <p key={id}>{intl.formatMessage({ id }, values)}</p>)
}

export function ContentPageView({ page }: { page: ContentPageDefinition }) {
  const intl = useIntl()
  return (
    <InfoPage title={intl.formatMessage({ id: page.title })} links={SHOP_LINKS}>
      <ContentPageParagraphs page={page} />
    </InfoPage>
  )
}
