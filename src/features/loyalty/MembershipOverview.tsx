/**
 * The account's membership page (docs/product-rules.md#loyalty Loyalty contact): level, points, pending points with
 * the dates they are credited, bonus vouchers and the points history; leaving the programme and
 * removing the loyalty account (docs/product-rules.md#loyalty). Personal data: fetched by the browser from the loyalty
 * service with the session cookie, never rendered into a shared page.
 */
import { useCallback, useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { isCurrencyCode } from '../../shared/markets'
import { formatMoney } from '../../shared/money'
import { RouteLink } from '../../ui/RouteLink'
import { fetchOverview, type LoyaltyOverview } from './api'
import { pointsLoaded } from './slice'
import { deleteLoyaltyAccount, leaveMembership } from './thunks'

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; overview: LoyaltyOverview }

export function MembershipOverview() {
  const intl = useIntl()
  const isMember = useAppSelector((state) => state.auth.user?.isMember === true)
  const { load, reload } = useMembershipOverview(isMember)
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'long' })
  const money = (amount: number, currency: string) =>
    isCurrencyCode(currency) ? formatMoney(amount, currency, intl.locale) : String(amount / 100)

  if (load.state === 'loading') return <p aria-live="polite">{text('loyalty.overview.loading')}</p>
  if (load.state === 'failed')
    return (
      <p role="alert" className="account-form__error">
        {text('error.generic.text')}
      </p>
    )
  const { overview } = load

  return (
    <div className="membership">
      {isMember && overview.level ? (
        <section aria-labelledby="membership-points-title" className="account-form">
          <h2 id="membership-points-title">{text('loyalty.overview.pointsTitle')}</h2>
          <dl className="membership__figures">
            <dt>{text('loyalty.overview.level')}</dt>
            <dd data-testid="membership-level">{text(`loyalty.level.${overview.level}`)}</dd>
            <dt>{text('loyalty.overview.points')}</dt>
            <dd data-testid="membership-points">{intl.formatNumber(overview.points)}</dd>
            <dt>{text('loyalty.overview.pendingPoints')}</dt>
            <dd data-testid="membership-pending-points">{intl.formatNumber(overview.pendingPoints)}</dd>
          </dl>
        </section>
      ) : (
        <section aria-labelledby="membership-join-title" className="account-form">
          <h2 id="membership-join-title">{text('loyalty.overview.notMemberTitle')}</h2>
          <p>{text('loyalty.overview.notMember')}</p>
          <RouteLink to="member" className="button">
            {text('loyalty.join.button')}
          </RouteLink>
        </section>
      )}

      <section aria-labelledby="membership-pending-title" className="account-form">
        <h2 id="membership-pending-title">{text('loyalty.overview.pendingTitle')}</h2>
        {overview.pending.length === 0 ? (
          <p>{text('loyalty.overview.noPending')}</p>
        ) : (
          <ul className="plain-list" role="list" data-testid="membership-pending">
            {overview.pending.map((row) => (
              <li key={`${row.orderId ?? ''}:${row.creditedAt}`}>
                {text('loyalty.overview.pendingLine', {
                  points: intl.formatNumber(row.points),
                  date: date(row.creditedAt),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="membership-vouchers-title" className="account-form">
        <h2 id="membership-vouchers-title">{text('loyalty.overview.vouchersTitle')}</h2>
        {overview.vouchers.length === 0 ? (
          <p>{text('loyalty.overview.noVouchers')}</p>
        ) : (
          <ul className="plain-list" role="list" data-testid="membership-vouchers">
            {overview.vouchers.map((voucher) => (
              <li key={voucher.code}>
                <code>{voucher.code}</code>{' '}
                {text(voucher.redeemed ? 'loyalty.overview.voucherUsed' : 'loyalty.overview.voucherLine', {
                  amount: money(voucher.amount, voucher.currency),
                  minimum: money(voucher.minimumPurchase, voucher.currency),
                  date: date(voucher.expiresAt),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="membership-history-title" className="account-form">
        <h2 id="membership-history-title">{text('loyalty.overview.historyTitle')}</h2>
        {overview.history.length === 0 ? (
          <p>{text('loyalty.overview.noHistory')}</p>
        ) : (
          <ul className="plain-list" role="list">
            {overview.history.map((entry, index) => (
              <li key={`${entry.at}:${index}`}>
                {date(entry.at)}:{' '}
                {text(`loyalty.history.${entry.kind}`, {
                  points: intl.formatNumber(entry.points, { signDisplay: 'always' }),
                  order: entry.orderId ?? '',
                })}
              </li>
            ))}
          </ul>
        )}
      </section>

      {overview.contact.isMember || overview.history.length > 0 ? (
        <LeaveOrRemove isMember={overview.contact.isMember} reload={reload} />
      ) : null}
    </div>
  )
}

/** The overview's data, loaded for the browser's shopper and put in the store; again when membership changes. */
function useMembershipOverview(isMember: boolean) {
  const dispatch = useAppDispatch()
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const reload = useCallback(async () => {
    const overview = await fetchOverview()
    if (!overview) {
      setLoad({ state: 'failed' })
      return
    }
    dispatch(
      pointsLoaded({
        points: overview.points,
        pendingPoints: overview.pendingPoints,
        membershipLevel: overview.level,
        vouchers: overview.vouchers
          .filter((voucher) => !voucher.redeemed)
          .map((voucher) => ({
            id: voucher.code,
            amount: voucher.amount,
            expiresAt: voucher.expiresAt,
            minimumPurchase: voucher.minimumPurchase,
          })),
      }),
    )
    setLoad({ state: 'loaded', overview })
  }, [dispatch])

  useEffect(() => {
    void reload()
  }, [reload, isMember])
  return { load, reload }
}

/** Leaving the programme, and removing the loyalty account after a confirmation. */
function LeaveOrRemove({ isMember, reload }: { isMember: boolean; reload: () => Promise<void> }) {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const [busy, setBusy] = useState(false)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const text = (id: string) => intl.formatMessage({ id })
  const act = async (action: () => Promise<boolean>) => {
    setBusy(true)
    await action()
    setConfirmRemove(false)
    setBusy(false)
    await reload()
  }
  return (
    <section aria-labelledby="membership-leave-title" className="account-form">
      <h2 id="membership-leave-title">{text('loyalty.leave.title')}</h2>
      <p>{text('loyalty.leave.text')}</p>
      {isMember ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => void act(() => dispatch(leaveMembership()))}
        >
          {text('loyalty.leave.button')}
        </button>
      ) : null}{' '}
      {confirmRemove ? (
        <>
          <p role="alert">{text('loyalty.remove.confirmText')}</p>
          <button
            type="button"
            className="button account-danger"
            disabled={busy}
            onClick={() => void act(() => dispatch(deleteLoyaltyAccount()))}
          >
            {text('loyalty.remove.confirm')}
          </button>{' '}
          <button type="button" className="button button--secondary" onClick={() => setConfirmRemove(false)}>
            {text('account.delete.cancel')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setConfirmRemove(true)}>
          {text('loyalty.remove.button')}
        </button>
      )}
    </section>
  )
}
