/**
 * The money rows of a cart or an order (src/shared/order-money.ts), the same markup in the mini
 * cart, the checkout, the confirmation page and the account's order detail: products, the code's
 * discount, shipping, payment fee, total, gift code and balance, to pay; the campaign savings and
 * the VAT beside them.
 */
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import type { CurrencyCode } from '../shared/markets'
import { formatMoney } from '../shared/money'
import type { MoneyPresentation, MoneyRow } from '../shared/order-money'
import { reportError } from '../lib/log-error'
import './money-rows.css'

export function MoneyRows({
  money,
  currency,
  className,
}: {
  money: MoneyPresentation
  currency: CurrencyCode
  className?: string
}) {
  const intl = useIntl()
  const format = (amount: number) => formatMoney(amount, currency, intl.locale)
  useEffect(() => {
    // The rows show what the API charges; a total its parts do not add up to is the API's bug.
    if (!money.addsUp)
      reportError('money', 'money rows do not add up to the total', { component: 'MoneyRows' })
  }, [money.addsUp])
  const value = (row: MoneyRow) => {
    if (row.kind === 'shipping' && row.amount === 0) return intl.formatMessage({ id: 'money.free' })
    return row.amount < 0 ? `−${format(-row.amount)}` : format(row.amount)
  }
  return (
    <div className={['money', className].filter(Boolean).join(' ')}>
      <dl className="money__rows">
        {money.rows.map((row) => (
          <div
            key={row.kind}
            className={`money__row money__row--${row.kind}${row.isTotal ? ' money__row--total' : ''}`}
            data-money-row={row.kind}
            data-amount={row.amount}
          >
            <dt>{intl.formatMessage({ id: `money.row.${row.kind}` }, { code: row.code ?? '' })}</dt>
            <dd>{value(row)}</dd>
          </div>
        ))}
      </dl>
      {money.campaignSavings > 0 ? (
        <p className="money__savings">
          {intl.formatMessage({ id: 'money.campaignSavings' }, { amount: format(money.campaignSavings) })}
        </p>
      ) : null}
      <p className="money__vat">
        {intl.formatMessage(
          { id: money.vatIncluded ? 'money.vatIncluded' : 'money.vatExcluded' },
          { amount: format(money.vat) },
        )}
      </p>
    </div>
  )
}
