import { useIntl } from 'react-intl'
import { RouteLink } from './RouteLink'

/** Where to look next when a list or a search has nothing to show (docs/product-rules.md#catalogue-and-lists empty states). */
export function SuggestedLists() {
  const intl = useIntl()
  return (
    <>
      <h3>{intl.formatMessage({ id: 'list.empty.suggestions' })}</h3>
      <ul className="link-grid plain-list" role="list">
        <li>
          <RouteLink to="new-arrivals">{intl.formatMessage({ id: 'nav.newArrivals' })}</RouteLink>
        </li>
        <li>
          <RouteLink to="bestsellers">{intl.formatMessage({ id: 'nav.bestsellers' })}</RouteLink>
        </li>
        <li>
          <RouteLink to="brands">{intl.formatMessage({ id: 'nav.brands' })}</RouteLink>
        </li>
      </ul>
    </>
  )
}
