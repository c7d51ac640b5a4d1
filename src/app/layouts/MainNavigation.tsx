/**
 * The main navigation's links (categories, then the list pages), shown in the header row on a
 * computer screen and in the navigation drawer on smaller ones.
 */
import { useIntl } from 'react-intl'
import { useSite } from '../site'
import { RouteLink } from '../../ui/RouteLink'
import { CATEGORY_ENTRY_POINTS, LIST_PAGE_LINKS } from '../../ui/navigation'

export function MainNavigationLinks({
  className,
  onNavigate,
}: {
  className: string
  onNavigate?: () => void
}) {
  const intl = useIntl()
  const { locale } = useSite()
  return (
    <ul className={`${className} plain-list`} role="list">
      {CATEGORY_ENTRY_POINTS.map((category) => (
        <li key={category.label}>
          <RouteLink to="category" params={{ '*': category.alias[locale] }} markCurrent onClick={onNavigate}>
            {intl.formatMessage({ id: category.label })}
          </RouteLink>
        </li>
      ))}
      {LIST_PAGE_LINKS.map((link) => (
        <li key={link.route}>
          <RouteLink to={link.route} markCurrent onClick={onNavigate}>
            {intl.formatMessage({ id: link.label })}
          </RouteLink>
        </li>
      ))}
    </ul>
  )
}
