/** One information page of the registry, with the shop's figures in the market's currency. */
import { useIntl } from 'react-intl'
import { freeShippingAmount, SHOP_PROMISES } from '../../app/i18n'
import { useSite } from '../../app/site'
import type { PageMeta } from '../../app/route-types'
import { InfoPage, SHOP_LINKS } from '../../ui/InfoPage'
import { contentPageByAlias, type ContentPageDefinition } from './known-pages'

export interface ContentPageData {
  alias: string
}

/** The values every information page text may use. */
function figures(intl: ReturnType<typeof useIntl>, market: Parameters<typeof freeShippingAmount>[1]) {
  return {
    amount: freeShippingAmount(intl, market),
    days: SHOP_PROMISES.returnDays,
    hours: SHOP_PROMISES.orderEmailHours,
    from: SHOP_PROMISES.serviceHours.from,
    to: SHOP_PROMISES.serviceHours.to,
  }
}

/** Throws the 404 the router shows as the not-found page when the alias is not a known page. */
export function requireContentPage(alias: string | undefined): ContentPageData {
  const page = contentPageByAlias(alias)
  if (!page) throw new Response('Not Found', { status: 404, statusText: 'Not Found' })
  return { alias: page.alias }
}

export const contentPageMeta: PageMeta<ContentPageData | null> = ({ data, intl, market }) => {
  const page = contentPageByAlias(data?.alias)
  if (!page)
    return {
      title: intl.formatMessage({ id: 'content.indexTitle' }),
      description: intl.formatMessage({ id: 'content.indexIntro' }),
    }
  const values = figures(intl, market)
  return {
    title: intl.formatMessage({ id: page.title }),
    description: page.paragraphs.map((id) => intl.formatMessage({ id }, values)).join(' '),
  }
}

export function ContentPageView({ page }: { page: ContentPageDefinition }) {
  const intl = useIntl()
  const { market } = useSite()
  const values = figures(intl, market)
  return (
    <InfoPage title={intl.formatMessage({ id: page.title })} links={SHOP_LINKS}>
      {page.paragraphs.map((id) => (
        <p key={id}>{intl.formatMessage({ id }, values)}</p>
      ))}
    </InfoPage>
  )
}
