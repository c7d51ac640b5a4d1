/** Payment failure `/checkout/{provider}-fail` (undistracted-special layout): nothing was ordered; back to the checkout. */
import { useIntl } from 'react-intl'
import { messageMeta } from '../ui/page-meta'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'

export const meta = messageMeta({
  title: 'page.checkoutFail.title',
  description: 'page.checkoutFail.intro',
  noindex: true,
})

export function Component() {
  const intl = useIntl()
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.checkoutFail.title' })}
      intro={intl.formatMessage({ id: 'page.checkoutFail.intro' })}
      links={[{ to: 'checkout', label: 'page.checkoutFail.retry' }, ...SHOP_LINKS]}
    />
  )
}
