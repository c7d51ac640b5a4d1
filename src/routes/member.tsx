/** The member programme `/lumo-member` (spec §1, §9: points, bonus four times a year at 2.50 € per 1,000 points). */
import { useIntl, type IntlShape } from 'react-intl'
import type { PageMeta } from '../app/route-types'
import { SHOP_PROMISES } from '../app/i18n'
import { formatMoney, fromDecimal } from '../shared/money'
import { InfoPage, SHOP_LINKS } from '../ui/InfoPage'

const POINTS_PER_PAYOUT = 1000

function introValues(intl: IntlShape) {
  return {
    amount: formatMoney(fromDecimal(SHOP_PROMISES.bonusPerThousandPointsEur), 'EUR', intl.locale, {
      trimWholeAmounts: true,
    }),
    points: intl.formatNumber(POINTS_PER_PAYOUT),
  }
}

export const meta: PageMeta<unknown> = ({ intl }) => ({
  title: intl.formatMessage({ id: 'page.member.title' }),
  description: intl.formatMessage({ id: 'page.member.intro' }, introValues(intl)),
})

export function Component() {
  const intl = useIntl()
  return (
    <InfoPage
      title={intl.formatMessage({ id: 'page.member.title' })}
      intro={intl.formatMessage({ id: 'page.member.intro' }, introValues(intl))}
      links={[{ to: 'account-membership', label: 'page.accountMembership.title' }, ...SHOP_LINKS]}
    >
      <p>
        {intl.formatMessage(
          { id: 'home.newsletter.text' },
          { percent: SHOP_PROMISES.newsletterDiscountPercent },
        )}
      </p>
    </InfoPage>
  )
}
