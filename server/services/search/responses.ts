/**
 * Building the response shapes that are not products: sort options, facets with their labels,
 * the navigation tree, phrase and content suggestions (docs/service-contracts.md#search-api).
 */
import { toDecimal } from '../../../src/shared/money'
import { compareSizes } from '../../../src/shared/sizes'
import type { LocaleCode, MarketAlias } from '../../../src/shared/markets'
import { pathFor, type UrlSettings } from '../../../src/shared/paths'
import type {
  ContentSuggestion,
  Facet,
  NavigationNode,
  PhraseSuggestion,
  ProductSort,
  SortOptions,
} from '../../../src/shared/search-api'
import { localeTexts } from '../shared/locale-texts'
import type { FacetSelection } from './params'
import type { FacetCounts } from './search'
import { highlight, normaliseQuery, queryWords } from './text'
import type { Tickets } from './tickets'
import type { Vocabulary } from './vocabulary'

const SORTS_SHOWN: ProductSort[] = [
  'RELEVANCE',
  'NEWEST_FIRST',
  'PRICE_ASCENDING',
  'PRICE_DESCENDING',
  'DISCOUNT',
  'RATING',
  'NAME',
]

export function text(locale: LocaleCode, key: string): string {
  return localeTexts(locale, 'searchService.')[`searchService.${key}`] ?? key
}

export function sortOptions(locale: LocaleCode, selected: ProductSort): SortOptions {
  return { selected, options: SORTS_SHOWN.map((id) => ({ id, label: text(locale, `sort.${id}`) })) }
}

export function buildFacets(
  counts: FacetCounts,
  selection: FacetSelection,
  vocabulary: Vocabulary,
  locale: LocaleCode,
): Facet[] {
  const language = vocabulary.languages[locale]
  const selectedOf = (id: string) => new Set(selection.lists.get(id) ?? [])
  const facets: Facet[] = []
  const categories = selectedOf('category')
  const categoryValues = counts.category
    .map(({ id, n }) => ({ entry: language.categories.get(id), n }))
    .filter((item) => item.entry && !item.entry.hidden)
    .sort((a, b) => b.n - a.n || a.entry!.sortOrder - b.entry!.sortOrder)
    .map(({ entry, n }) => ({
      id: String(entry!.id),
      label: entry!.name,
      selected: categories.has(String(entry!.id)),
      count: n,
    }))
  facets.push({
    type: 'TEXT',
    id: 'category',
    label: text(locale, 'facet.category'),
    sort: 'RELEVANCE',
    selectedCount: categoryValues.filter((value) => value.selected).length,
    values: categoryValues,
  })
  const brands = selectedOf('brand')
  const brandValues = counts.brand
    .map(({ id, n }) => ({ brand: vocabulary.brands.get(id), n }))
    .filter((item) => item.brand)
    .sort((a, b) => a.brand!.name.localeCompare(b.brand!.name, locale))
    .map(({ brand, n }) => ({
      id: brand!.alias,
      label: brand!.name,
      selected: brands.has(brand!.alias),
      count: n,
    }))
  facets.push({
    type: 'TEXT',
    id: 'brand',
    label: text(locale, 'facet.brand'),
    sort: 'ALPHABETICAL',
    selectedCount: brandValues.filter((value) => value.selected).length,
    values: brandValues,
  })
  const colours = selectedOf('color')
  const colourValues = counts.color
    .map(({ id, n }) => ({ colour: language.colours.get(id), n }))
    .filter((item) => item.colour)
    .map(({ colour, n }) => ({
      id: colour!.key,
      label: colour!.label,
      selected: colours.has(colour!.key),
      count: n,
    }))
  facets.push({
    type: 'COLOR',
    id: 'color',
    label: text(locale, 'facet.color'),
    sort: 'NATURAL',
    selectedCount: colourValues.filter((value) => value.selected).length,
    values: colourValues,
  })
  const sizes = selectedOf('size')
  const sizeValues = counts.size
    .sort((a, b) => compareSizes(a.id, b.id))
    .map(({ id, n }) => ({ id, label: id, selected: sizes.has(id), count: n }))
  facets.push({
    type: 'SIZE',
    id: 'size',
    label: text(locale, 'facet.size'),
    selectedCount: sizeValues.filter((value) => value.selected).length,
    sizeTypes: [{ label: text(locale, 'facet.size'), formats: [{ format: 'EU', values: sizeValues }] }],
  })
  const price = selection.ranges.get('price')
  facets.push({
    type: 'RANGE',
    id: 'price',
    label: text(locale, 'facet.price'),
    ...(counts.price.min !== null ? { min: Math.floor(toDecimal(counts.price.min)) } : {}),
    ...(counts.price.max !== null ? { max: Math.ceil(toDecimal(counts.price.max)) } : {}),
    ...(price?.min !== undefined ? { minSelected: price.min } : {}),
    ...(price?.max !== undefined ? { maxSelected: price.max } : {}),
  })
  facets.push({
    type: 'CHECKBOX',
    id: 'onSale',
    label: text(locale, 'facet.onSale'),
    selected: selection.flags.has('onSale'),
    count: counts.onSale,
  })
  facets.push({
    type: 'CHECKBOX',
    id: 'inStock',
    label: text(locale, 'facet.inStock'),
    selected: selection.flags.has('inStock'),
    count: counts.inStock,
  })
  return facets
}

/** The category tree of a language with product counts (hidden categories left out). */
export function navigationTree(
  vocabulary: Vocabulary,
  locale: LocaleCode,
  market: MarketAlias,
  urlSettings: UrlSettings,
  counts: ReadonlyMap<number, number>,
  selectedId?: number,
): NavigationNode {
  const categories = [...vocabulary.languages[locale].categories.values()].filter((entry) => !entry.hidden)
  const node = (parentId: number | null): NavigationNode[] =>
    categories
      .filter((entry) => entry.parentId === parentId)
      .map((entry) => {
        const children = node(entry.id)
        return {
          type: 'PRODUCT' as const,
          label: entry.name,
          path: pathFor({ market, locale, settings: urlSettings }, 'category', { '*': entry.path.join('/') }),
          count: counts.get(entry.id) ?? 0,
          children,
          selected: entry.id === selectedId,
          expandable: children.length > 0,
        }
      })
      .filter((child) => child.count > 0)
  const children = node(null)
  return {
    type: 'LABEL',
    label: text(locale, 'navigation.root'),
    count: children.reduce((sum, child) => sum + child.count, 0),
    children,
  }
}

/**
 * Phrase suggestions: catalogue phrases (product names, category names) and phrases shoppers
 * searched, whose words start with the query's words, most common first.
 */
export function phraseSuggestions(
  query: string,
  usedWords: readonly string[],
  vocabulary: Vocabulary,
  locale: LocaleCode,
  popular: ReadonlyMap<string, number>,
  limit = 6,
): PhraseSuggestion[] {
  const typed = queryWords(query)
  const wanted = usedWords.length > 0 ? usedWords : typed
  if (wanted.length === 0) return []
  const language = vocabulary.languages[locale]
  const scores = new Map<string, number>()
  const consider = (phrase: string, score: number) => {
    const words = queryWords(phrase)
    const matches = wanted.every((want) => words.some((word) => word.startsWith(want)))
    if (matches) scores.set(phrase, Math.max(scores.get(phrase) ?? 0, score))
  }
  for (const [phrase, count] of language.phrases) consider(phrase, count)
  for (const entry of language.categories.values()) if (!entry.hidden) consider(normaliseQuery(entry.name), 5)
  for (const [phrase, score] of popular) consider(phrase, 20 * score)
  return [...scores]
    .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([phrase]) => ({ q: phrase, highlighted: highlight(phrase, wanted) }))
}

/** Categories and brands whose names start with the query's words. */
export function contentSuggestions(
  usedWords: readonly string[],
  vocabulary: Vocabulary,
  locale: LocaleCode,
  market: MarketAlias,
  urlSettings: UrlSettings,
  tickets: Tickets,
  limit = 4,
): ContentSuggestion[] {
  if (usedWords.length === 0) return []
  const matches = (name: string) => {
    const words = queryWords(name)
    return usedWords.every((want) => words.some((word) => word.startsWith(want)))
  }
  const scope = { market, locale, settings: urlSettings }
  const suggestions: ContentSuggestion[] = []
  for (const brand of vocabulary.brands.values()) {
    if (!matches(brand.name)) continue
    suggestions.push({
      title: brand.name,
      highlightedTitle: highlight(brand.name, usedWords),
      link: pathFor(scope, 'brand', { '*': brand.alias }),
      ticket: tickets.issue({ productId: 0, source: `content:brand:${brand.id}` }),
    })
  }
  for (const entry of vocabulary.languages[locale].categories.values()) {
    if (entry.hidden || !matches(entry.name)) continue
    suggestions.push({
      title: entry.name,
      highlightedTitle: highlight(entry.name, usedWords),
      link: pathFor(scope, 'category', { '*': entry.path.join('/') }),
      ticket: tickets.issue({ productId: 0, source: `content:category:${entry.id}` }),
    })
  }
  return suggestions.slice(0, limit)
}
