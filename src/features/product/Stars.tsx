/** A star rating as text: five stars, filled up to the (rounded) rating, with a spoken label. */
import { useIntl } from 'react-intl'

export function Stars({ rating }: { rating: number }) {
  const intl = useIntl()
  const full = Math.max(0, Math.min(5, Math.round(rating)))
  return (
    <span
      className="stars"
      role="img"
      aria-label={intl.formatMessage(
        { id: 'product.reviews.stars' },
        { rating: intl.formatNumber(rating, { maximumFractionDigits: 1 }) },
      )}
    >
      <span aria-hidden="true">{'★'.repeat(full) + '☆'.repeat(5 - full)}</span>
    </span>
  )
}
