/**
 * Product page `/p/…/{alias}`, `/product/{alias?}`: named after its alias until the product
 * feature loads the product itself (sizes, price, stock, images, reviews).
 */
import { useIntl } from 'react-intl'
import { useParams } from 'react-router'
import { aliasFromParams } from '../lib/paths'
import type { PageMeta } from '../app/route-types'
import { InfoPage, SHOP_LINKS, nameFromAlias } from '../ui/InfoPage'

export const meta: PageMeta<unknown> = ({ intl, params }) => ({
  title: nameFromAlias(aliasFromParams(params)) ?? intl.formatMessage({ id: 'page.product.title' }),
  description: intl.formatMessage({ id: 'page.product.intro' }),
})

export function Component() {
  const intl = useIntl()
  const params = useParams()
  return (
    <InfoPage
      title={nameFromAlias(aliasFromParams(params)) ?? intl.formatMessage({ id: 'page.product.title' })}
      intro={intl.formatMessage({ id: 'page.product.intro' })}
      links={SHOP_LINKS}
    />
  )
}
