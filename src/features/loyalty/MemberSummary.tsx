/**
 * A member's points and bonus vouchers at a glance, at the top of the members' pages: read from
 * the loyalty service after hydration (personal, so never part of a rendered page), with the way
 * to the full membership page.
 */
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { isCurrencyCode } from '../../shared/markets'
import { formatMoney } from '../../shared/money'
import { RouteLink } from '../../ui/RouteLink'
import { fetchOverview, type LoyaltyOverview } from './api'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; overview: LoyaltyOverview }

export function MemberSummary() {
  const intl = useIntl()
  const [load, setLoad] = useState<Load>({ state: 'loading' })

  useEffect(() => {
    let current = true
    void fetchOverview().then((overview) => {
      if (current) setLoad(overview ? { state: 'loaded', overview } : { state: 'failed' })
    })
    return () => {
      current = false
    }
  }, [])

  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  return (
    <section
      className="member-summary"
      aria-labelledby="member-summary-title"
      aria-busy={load.state === 'loading'}
    >
      <h2 id="member-summary-title">{text('members.summary.title')}</h2>
      {load.state === 'loading' ? <p>{text('loyalty.overview.loading')}</p> : null}
      {load.state === 'failed' ? <p role="alert">{text('error.generic.text')}</p> : null}
      {load.state === 'loaded' ? <SummaryFacts overview={load.overview} /> : null}
      <RouteLink to="account-membership" className="member-summary__more">
        {text('members.summary.more')}
      </RouteLink>
    </section>
  )
}

function SummaryFacts({ overview }: { overview: LoyaltyOverview }) {
  const intl = useIntl()
  const vouchers = overview.vouchers.filter((voucher) => !voucher.redeemed)
  const money = (amount: number, currency: string) =>
    isCurrencyCode(currency) ? formatMoney(amount, currency, intl.locale) : ''
  return (
    <>
      <dl className="member-summary__facts">
        <div>
          <dt>{intl.formatMessage({ id: 'loyalty.overview.points' })}</dt>
          <dd data-testid="member-summary-points">{intl.formatNumber(overview.points)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'loyalty.overview.pendingPoints' })}</dt>
          <dd>{intl.formatNumber(overview.pendingPoints)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'loyalty.overview.vouchersTitle' })}</dt>
          <dd>{intl.formatNumber(vouchers.length)}</dd>
        </div>
      </dl>
      {vouchers.length > 0 ? (
        <ul className="member-summary__vouchers plain-list" role="list">
          {vouchers.map((voucher) => (
            <li key={voucher.code}>
              {intl.formatMessage(
                { id: 'loyalty.overview.voucherLine' },
                {
                  amount: money(voucher.amount, voucher.currency),
                  date: intl.formatDate(new Date(voucher.expiresAt), { dateStyle: 'long' }),
                  minimum: money(voucher.minimumPurchase, voucher.currency),
                },
              )}{' '}
              <code>{voucher.code}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p>{intl.formatMessage({ id: 'loyalty.overview.noVouchers' })}</p>
      )}
    </>
  )
}
