/**
 * What the main navigation and the home page link to. The top-level categories are the seed's
 * category tree roots; their aliases are per language (url-safe, as the seed writes them), so a
 * link always points at the category page in the page's own language.
 */
import type { LocaleCode } from '../shared/markets'
import type { RouteName } from '../shared/paths'

export interface CategoryEntry {
  /** message id of the category's name */
  label: string
  alias: Record<LocaleCode, string>
}

export const CATEGORY_ENTRY_POINTS: readonly CategoryEntry[] = [
  { label: 'nav.category.dresses', alias: { fi: 'mekot', sv: 'klanningar', nb: 'kjoler', da: 'kjoler' } },
  {
    label: 'nav.category.coats',
    alias: { fi: 'takit', sv: 'jackor-och-kappor', nb: 'jakker-og-kaper', da: 'jakker-og-frakker' },
  },
  { label: 'nav.category.shoes', alias: { fi: 'kengat', sv: 'skor', nb: 'sko', da: 'sko' } },
  {
    label: 'nav.category.sportswear',
    alias: { fi: 'urheiluvaatteet', sv: 'traningsklader', nb: 'treningsklaer', da: 'traeningstoj' },
  },
  {
    label: 'nav.category.beachwear',
    alias: { fi: 'rantavaatteet', sv: 'badklader', nb: 'badetoy', da: 'badetoj' },
  },
  {
    label: 'nav.category.lingerie',
    alias: { fi: 'alusvaatteet', sv: 'underklader', nb: 'undertoy', da: 'undertoj' },
  },
]

/** The list pages of the main navigation after the categories. */
export const LIST_PAGE_LINKS: readonly { route: RouteName; label: string }[] = [
  { route: 'new-arrivals', label: 'nav.newArrivals' },
  { route: 'bestsellers', label: 'nav.bestsellers' },
  { route: 'brands', label: 'nav.brands' },
  { route: 'incoming', label: 'nav.incoming' },
]
