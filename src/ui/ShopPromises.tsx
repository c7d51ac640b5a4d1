/** The shop promises of spec §1, with the free-shipping threshold in the market's currency. */
import { FormattedMessage, useIntl } from 'react-intl'
import { freeShippingAmount, SHOP_PROMISES } from '../app/i18n'
import { useSite } from '../app/site'

export function ShopPromises({ className = 'promises plain-list' }: { className?: string }) {
  const intl = useIntl()
  const { market } = useSite()
  const { from, to } = SHOP_PROMISES.serviceHours
  return (
    <ul className={className} role="list">
      <li>
        <FormattedMessage id="promise.freeShipping" values={{ amount: freeShippingAmount(intl, market) }} />
      </li>
      <li>
        <FormattedMessage id="promise.returns" values={{ days: SHOP_PROMISES.returnDays }} />
      </li>
      <li>
        <FormattedMessage id="promise.customerService" values={{ from, to }} />
      </li>
      <li>
        <FormattedMessage id="promise.orderEmail" values={{ hours: SHOP_PROMISES.orderEmailHours }} />
      </li>
    </ul>
  )
}
