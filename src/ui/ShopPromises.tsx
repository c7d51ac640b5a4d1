/**
 * The shop promises of docs/product-rules.md#shop-and-shoppers. The free-shipping threshold is the API's (the channel's markets);
 * without it the promise is left out rather than guessed.
 */
import { FormattedMessage, useIntl } from 'react-intl'
import { freeShippingAmount, SHOP_PROMISES } from '../app/i18n'
import { useSite } from '../app/site'
import { useAppSelector } from '../app/hooks'
import { freeShippingThresholdOf } from '../features/channel/slice'
import { MARKETS } from '../shared/markets'

export function ShopPromises({ className = 'promises plain-list' }: { className?: string }) {
  const intl = useIntl()
  const { market } = useSite()
  const threshold = useAppSelector((state) => freeShippingThresholdOf(state.channel, market))
  const { from, to } = SHOP_PROMISES.serviceHours
  return (
    <ul className={className} role="list">
      {threshold !== null && (
        <li>
          <FormattedMessage
            id="promise.freeShipping"
            values={{ amount: freeShippingAmount(intl, threshold, MARKETS[market].currency) }}
          />
        </li>
      )}
      <li>
        <FormattedMessage id="promise.returns" values={{ days: MARKETS[market].returnWindowDays }} />
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
