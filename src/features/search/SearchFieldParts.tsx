/**
 * The parts of the header's search form that the plain field (LazySearchField, in every page's
 * first load) and the combobox that takes over from it (SearchField) draw alike, so the swap
 * changes nothing on screen.
 */
import { useIntl } from 'react-intl'

export function SearchSubmitButton() {
  const intl = useIntl()
  return (
    <button type="submit" className="site-search__submit">
      <span className="visually-hidden">{intl.formatMessage({ id: 'search.submit' })}</span>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  )
}

/** The keyboard hint the field is described by (`aria-describedby`). */
export function SearchHint({ id }: { id: string }) {
  const intl = useIntl()
  return (
    <span id={id} className="visually-hidden">
      {intl.formatMessage({ id: 'search.hint' })}
    </span>
  )
}
