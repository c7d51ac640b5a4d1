/**
 * An order's returns with their numbers and where each is (registered → received → refunded),
 * with the refund and where it went: on the register-return page and the account's order page.
 */
import { useIntl } from 'react-intl'
import { returnReasonMessage, returnStatusMessage } from '../../shared/returns'
import type { ReturnRequest } from './api'

/** Dates as the account pages show them: the same on the server and in the browser. */
const DATE_FORMAT = { dateStyle: 'medium', timeZone: 'UTC' } as const

export function ReturnRequestList({ returns }: { returns: readonly ReturnRequest[] }) {
  const intl = useIntl()
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values)
  if (returns.length === 0) return null
  return (
    <ul className="plain-list return-requests" role="list">
      {returns.map((entry) => (
        <li key={entry.returnNumber} className="return-request" data-return-number={entry.returnNumber}>
          <p className="return-request__title">
            <strong>{text('returns.number', { number: entry.returnNumber })}</strong>{' '}
            <span className={`return-request__status return-request__status--${entry.status}`}>
              {text(returnStatusMessage(entry.status))}
            </span>
          </p>
          <p>
            {text('returns.registeredOn', { date: intl.formatDate(entry.createdAt, DATE_FORMAT) })}
            {entry.receivedAt
              ? ` · ${text('returns.receivedOn', { date: intl.formatDate(entry.receivedAt, DATE_FORMAT) })}`
              : ''}
          </p>
          <ul className="plain-list" role="list">
            {entry.items.map((item) => (
              <li key={item.itemId}>
                {text('returns.itemLine', { quantity: item.quantity, name: item.name })}
                {item.size ? `, ${item.size}` : ''} – {text(returnReasonMessage(item.reasonCode))}
              </li>
            ))}
          </ul>
          {entry.status === 'refunded' && entry.refundTotalFormatted ? (
            <p className="return-request__refund">
              {text(
                entry.refundTo === 'balance' ? 'returns.refundedToBalance' : 'returns.refundedToPayment',
                {
                  amount: entry.refundTotalFormatted,
                },
              )}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
