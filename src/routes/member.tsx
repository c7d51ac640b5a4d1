/**
 * The member programme `/lumo-member` (docs/product-rules.md#loyalty: points, bonus four times a year at 2.50 € per
 * 1,000 points): what membership gives, and joining (a guest logs in first).
 */
import { useIntl } from 'react-intl'
import type { PageMeta } from '../app/route-types'
import { SHOP_PROMISES } from '../app/i18n'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'
import { MARKETS } from '../shared/markets'
import { useAppSelector } from '../app/hooks'
import { JoinMembership } from '../features/loyalty/JoinMembership'
import { membershipOfferValues as introValues } from '../features/loyalty/membership-offer'

export const meta: PageMeta<unknown> = ({ intl, market }) => ({
  title: intl.formatMessage({ id: 'page.member.title' }),
  description: intl.formatMessage({ id: 'page.member.intro' }, introValues(intl, MARKETS[market].currency)),
})

export function Component() {
  const intl = useIntl()
  const currency = useAppSelector((state) => state.channel.currency)
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.member.title' })}
      intro={intl.formatMessage({ id: 'page.member.intro' }, introValues(intl, currency))}
      links={[{ to: 'account-membership', label: 'page.accountMembership.title' }, ...SHOP_LINKS]}
    >
      <JoinMembership />
      <p>
        {intl.formatMessage(
          { id: 'home.newsletter.text' },
          { percent: SHOP_PROMISES.newsletterDiscountPercent },
        )}
      </p>
    </InfoPage>
  )
}
