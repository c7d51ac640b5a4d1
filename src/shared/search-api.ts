/**
 * The wire contract of the search and recommendation service (docs/service-contracts.md#search-api, the Voyado Elevate
 * Storefront API v3 shapes): the one module both the service (server/services/search) and the
 * storefront import. Paths are relative to SEARCH_URL (default `/api/storefront/v3`):
 *
 *   GET|POST {SEARCH_URL}/queries/{endpoint}?market&locale&touchpoint&customerKey&sessionKey&…
 *   POST     {SEARCH_URL}/notifications/{name}?market&customerKey&sessionKey   → 204
 *
 * A POST query carries its page configuration as a JSON body (Content-Type `text/plain` as the
 * Elevate library sends it, or `application/json`). Errors are `{ message }` with HTTP 400.
 *
 * Prices are decimal amounts in the market's currency, as Elevate sends them (src/shared/money.ts
 * `fromDecimal` turns them into minor units).
 */
import type { LocaleCode, LocaleIso, MarketAlias } from './markets'

/** Where the storefront reaches the service from the browser: same origin. */
export const BROWSER_SEARCH_URI = '/api/storefront/v3'

export const QUERY_ENDPOINTS = [
  'autocomplete',
  'search-page',
  'landing-page',
  'product-page',
  'cart-page',
  'add-to-cart-popup',
  'navigation-tree',
] as const
export type QueryEndpoint = (typeof QUERY_ENDPOINTS)[number]

export const NOTIFICATIONS = [
  'click',
  'add-to-cart',
  'add-favorite',
  'remove-favorite',
  'remove-recent-searches',
  'remove-recently-viewed',
  'end',
] as const
export type NotificationName = (typeof NOTIFICATIONS)[number]

export const TOUCHPOINTS = ['desktop', 'mobile'] as const
/** The library sends lower case, the docs upper case: the service accepts both. */
export type Touchpoint = 'desktop' | 'mobile' | 'DESKTOP' | 'MOBILE'

/**
 * Sent with every request. `market` is a Lumo market alias (src/shared/markets.ts); `locale` the
 * language's ISO tag (`fi-FI`) or its code (`fi`) and must be one the market allows. The keys are
 * UUIDs the storefront keeps (src/shared/cookies.ts); a session key must not be reused after `end`.
 */
export interface SessionParams {
  market: MarketAlias
  customerKey: string
  sessionKey: string
}

export interface QueryParams extends SessionParams {
  locale: LocaleIso | LocaleCode
  touchpoint: Touchpoint
  /** false: the request leaves no behaviour data (previews, bots) */
  notify?: boolean
  viewId?: 'production' | 'preview'
}

export const PRODUCT_SORTS = [
  'RELEVANCE',
  'NEWEST_FIRST',
  'PRICE_ASCENDING',
  'PRICE_DESCENDING',
  'DISCOUNT',
  'RATING',
  'NAME',
  'TITLE',
] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]

export const SEARCH_ORIGINS = [
  'ORGANIC',
  'PHRASE_SUGGEST',
  'DID_YOU_MEAN',
  'UNDO_AUTO_CORRECT',
  'RELATED_SEARCHES',
  'RECENT_SEARCH',
] as const
export type SearchOrigin = (typeof SEARCH_ORIGINS)[number]

/**
 * Facet selections as query params: `f.{id}=v1|v2` (a list; `|` joins values), `f.{id}=true`
 * (a checkbox), `f.{id}.min` / `f.{id}.max` (a range). Facet ids the service offers: `category`,
 * `brand`, `color`, `size`, `price` (range), `onSale` (checkbox), `inStock` (checkbox).
 */
export type FacetParams = Record<`f.${string}`, string>

export interface ListParams {
  limit?: number
  skip?: number
  sort?: ProductSort
}

export interface AutocompleteParams extends QueryParams {
  /** empty or absent: trending phrases and recent searches only */
  q?: string
}

export interface SearchPageParams extends QueryParams, ListParams {
  q: string
  origin?: SearchOrigin
  selectedCategory?: string
}

export interface LandingPageParams extends QueryParams, ListParams {
  /** a category path like `/naiset/mekot`, `/brands/{brand}`, or `/` for the home page */
  pageReference: string
  q?: string
  includeNavigation?: boolean
}

export interface ProductPageParams extends QueryParams {
  /** the product (style) key: the product's article number */
  productKey: string
}

export interface CartPageParams extends QueryParams {
  /** variant keys (SKU article numbers) joined with `|` on the wire */
  cart?: string[]
}

export interface AddToCartPopupParams extends QueryParams {
  variantKey: string
  cart?: string[]
}

// ---------------------------------------------------------------------------------------------
// Page configuration bodies (POST)

export const RECOMMENDATION_ALGORITHMS = [
  'TOP_PRODUCTS',
  'PERSONAL',
  'CART',
  'STYLE_WITH',
  'ALTERNATIVES',
  'UPSELL',
  'NEWEST_PRODUCTS',
  'FAVORITES',
  'MORE_FROM_SERIES',
  'RECENTLY_VIEWED',
  'ADD_TO_CART_RECS',
] as const
export type RecommendationAlgorithm = (typeof RECOMMENDATION_ALGORITHMS)[number]

export type Visualization = 'CAROUSEL' | 'GRID'

export interface RecommendationListConfig {
  id: string
  algorithm?: RecommendationAlgorithm
  limit?: number
  /** an Elevate product filter expression; accepted and ignored (no filter language here) */
  productFilter?: string
  productRules?: string
  params?: { productKey?: string; cart?: string[] }
  visualization?: Visualization
  label?: string
  showMoreLink?: string
}

export interface AutocompleteBody {
  contentLists?: unknown[]
  productFilter?: string
  productRules?: string
}

export interface SearchPageBody {
  primaryList?: { include?: boolean; productFilter?: string; productRules?: string }
  navigation?: { include?: boolean }
  contentLists?: unknown[]
}

export interface LandingPageBody extends SearchPageBody {
  recommendationLists?: RecommendationListConfig[]
}

export interface ProductPageBody {
  productGroup?: { include?: boolean }
  recommendationLists?: RecommendationListConfig[]
}

export interface CartPageBody {
  cart?: { include?: boolean }
  recommendationLists?: RecommendationListConfig[]
}

/** add-to-cart-popup's body is the list of recommendation configs itself */
export type AddToCartPopupBody = RecommendationListConfig[]

// ---------------------------------------------------------------------------------------------
// Response building blocks (docs/service-contracts.md#search-api)

export interface PriceRange {
  min: number
  max: number
}

export type BadgeTheme = 'NONE' | 'SALE' | 'DISCOUNT' | 'NEW' | 'THEME_1' | 'THEME_2' | 'THEME_3'

export interface Badge {
  label: string
  theme: BadgeTheme
  attribute?: string
}

export interface ImageSource {
  url: string
  width?: number
  height?: number
}

export interface ProductImage {
  alt?: string
  caption?: string
  custom?: Record<string, unknown>
  sources: ImageSource[]
}

export interface ImageInfo {
  effect: 'NONE' | 'SWAP' | 'GALLERY'
  images: ProductImage[]
  thumbnail?: string
}

export interface Swatch {
  type: 'MISSING_COLORS' | 'COLORS' | 'SILVER' | 'GOLD' | 'MULTI'
  colors: string[]
}

export interface Availability {
  channel: 'ONLINE' | 'STORE'
  stockNumber: number
  key?: string
}

export interface Variant {
  key: string
  ticket: string
  size?: string
  label?: string
  stockNumber: number
  inStock: boolean
  link: string
  listPrice: number
  sellingPrice: number
  prices: { id: string; listPrice: number; sellingPrice: number }[]
  availability: Availability[]
  custom?: Record<string, { id: string; label: string }[]>
}

export interface Product {
  key: string
  title: string
  name?: string
  brand: string
  series?: string
  description?: string
  /** the storefront path of the product page, localised (`/fi/p/{alias}` style) */
  link: string
  /** send with click / add-to-cart notifications */
  ticket: string
  rating?: number
  inStock: boolean
  listPrice: PriceRange
  sellingPrice: PriceRange
  variants: Variant[]
  badges: { primary: Badge[]; secondary: Badge[] }
  imageInfo: ImageInfo
  swatch: Swatch
  custom?: Record<string, { id: string; label: string }[]>
}

/** One style; its products are the colour variants. */
export interface ProductGroup {
  key: string
  remaining: number
  products: Product[]
}

export interface FacetValue {
  id: string
  label: string
  selected: boolean
  count: number
}

export type Facet =
  | {
      type: 'TEXT'
      id: string
      label: string
      sort: 'ALPHABETICAL' | 'RELEVANCE' | 'NATURAL'
      selectedCount: number
      values: FacetValue[]
    }
  | {
      type: 'COLOR'
      id: string
      label: string
      sort: 'ALPHABETICAL' | 'RELEVANCE' | 'NATURAL'
      selectedCount: number
      values: (FacetValue & { color?: string })[]
    }
  | {
      type: 'RANGE'
      id: string
      label: string
      unit?: string
      min?: number
      max?: number
      minSelected?: number
      maxSelected?: number
    }
  | {
      type: 'SIZE'
      id: string
      label: string
      selectedCount: number
      sizeTypes: { label: string; formats: { format: string; values: FacetValue[] }[] }[]
    }
  | { type: 'CHECKBOX'; id: string; label: string; selected: boolean; count?: number }

export interface SortOptions {
  selected: ProductSort
  options: { id: ProductSort; label: string }[]
}

export interface PrimaryList {
  sort: SortOptions
  productGroups: ProductGroup[]
  totalHits: number
  facets: Facet[]
}

export interface RecommendationList {
  id: string
  algorithm: RecommendationAlgorithm
  productGroups: ProductGroup[]
  visible: boolean
  label?: string
  showMoreLink?: string
  visualization: Visualization
}

export type NavigationNodeType = 'PRODUCT' | 'LABEL' | 'PAGE_LINK' | 'SPACER'

export interface NavigationNode {
  type: NavigationNodeType
  count: number
  children: NavigationNode[]
  label?: string
  path?: string
  link?: string
  selected?: boolean
  expandable?: boolean
}

export interface Navigation {
  breadcrumbs: { path: string; label: string }[]
  tree: NavigationNode
}

/** `{…}` marks the matched part of a highlighted phrase: render it bold. */
export interface PhraseSuggestion {
  q: string
  highlighted: string
}

export interface ContentSuggestion {
  title: string
  highlightedTitle: string
  link: string
  ticket: string
}

// ---------------------------------------------------------------------------------------------
// Responses

export interface AutocompleteResponse {
  phraseSuggestions: PhraseSuggestion[]
  productSuggestions: ProductGroup[]
  /** categories and brands matching the query (Lumo has no editorial content) */
  contentSuggestions: ContentSuggestion[]
  recentSearches: { q: string }[]
  /** the customer's recently viewed products: answered for an empty q (the panel opening) */
  recentlyViewed: ProductGroup[]
  totalHits: number
  redirectLink?: string
  contentLists: unknown[]
}

export interface SearchPageResponse {
  q: string
  /** set when the query found nothing and a corrected one was run instead */
  autoCorrect?: { q: string; originalTotalHits: number }
  didYouMean: { q: string }[]
  primaryList: PrimaryList
  navigation?: Navigation
  secondaryList?: { productGroups: ProductGroup[]; totalHits: number }
  relatedSearches?: { q: string }[]
  /** on a zero-result page: TOP_PRODUCTS */
  recommendationLists?: RecommendationList[]
  contentLists: unknown[]
}

export interface LandingPageResponse {
  primaryList?: PrimaryList
  navigation?: Navigation
  recommendationLists: RecommendationList[]
  contentLists: unknown[]
  customData: Record<string, unknown>
  published: boolean
  seo: {
    preamble?: string
    metaDescription?: string
    pageTitle?: string
    canonicalPath?: string
    pageHeading?: string
  }
}

export interface ProductPageResponse {
  productGroup?: ProductGroup
  /** ticket per product and variant key of the product group */
  tickets: Record<string, string>
  recommendationLists: RecommendationList[]
}

export interface CartPageResponse {
  cart: ProductGroup[]
  recommendationLists: RecommendationList[]
}

export interface AddToCartPopupResponse {
  recommendationLists: RecommendationList[]
}

export interface NavigationTreeResponse {
  tree: NavigationNode
}

export interface SearchErrorResponse {
  message: string
}

// ---------------------------------------------------------------------------------------------
// Notification bodies (POST /notifications/{name}, answer 204)

export interface TicketNotification {
  ticket: string
}

export type FavoriteNotification = { productKey: string } | { variantKey: string }

export type RemoveRecentSearchesNotification = { removeAll: true } | { phrases: string[] }

export type RemoveRecentlyViewedNotification = { removeAll: true } | { productKeys: string[] }

export interface NotificationBodies {
  click: TicketNotification
  'add-to-cart': TicketNotification
  'add-favorite': FavoriteNotification
  'remove-favorite': FavoriteNotification
  'remove-recent-searches': RemoveRecentSearchesNotification
  'remove-recently-viewed': RemoveRecentlyViewedNotification
  end: undefined
}

/** Joins list values for the wire (`a|b|c`); the service splits them back. */
export function joinList(values: readonly string[]): string {
  return values.join('|')
}

/** Builds the `f.{id}` query params of facet selections (lists joined with `|`). */
export function facetParams(
  selections: Record<string, readonly string[] | boolean | { min?: number; max?: number }>,
): Record<string, string> {
  const params: Record<string, string> = {}
  for (const [id, value] of Object.entries(selections)) {
    if (typeof value === 'boolean') {
      if (value) params[`f.${id}`] = 'true'
    } else if (Array.isArray(value)) {
      if (value.length > 0) params[`f.${id}`] = joinList(value)
    } else {
      const range = value as { min?: number; max?: number }
      if (range.min !== undefined) params[`f.${id}.min`] = String(range.min)
      if (range.max !== undefined) params[`f.${id}.max`] = String(range.max)
    }
  }
  return params
}
