/**
 * /sitemap.xml: every indexable page in every market language with its hreflang alternates and
 * x-default (issue #4). The catalogue (categories, brands, products with their per-language
 * aliases) is read from the commerce API over its HTTP contract; the information pages come from
 * the shop's own table of them. Above 50,000 URLs the answer is a sitemap index of
 * /sitemap-N.xml parts. The XML is built once per hour, once even under concurrent requests.
 */
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { DEFAULT_LOCALE, FALLBACK_MARKET, LOCALES, type LocaleCode } from '../../src/shared/markets'
import {
  HREFLANG_TARGETS,
  alternates,
  canonicalUrl,
  pathFor,
  type RouteName,
  type RouteParams,
  type UrlScope,
  type UrlSettings,
} from '../../src/shared/paths'
import { CONTENT_PAGES } from '../../src/shared/content-pages'

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_URL_LIMIT = 50_000
const CACHE_MS = 60 * 60 * 1000
const PRODUCT_PAGE_SIZE = 200
/** The commerce API's largest `skip` (graphql/schema.graphql: products) */
const API_MAX_SKIP = 6000

export interface Alternate {
  hreflang: string
  href: string
}

export interface SitemapEntry {
  loc: string
  alternates: readonly Alternate[]
}

/**
 * One page of the shop, the same page in every market language. `paramsFor` answers the route
 * params in a market language, or undefined when the page does not exist there (a product
 * without a Danish alias).
 */
export interface SitemapPage {
  route: RouteName
  paramsFor(scope: UrlScope): RouteParams | undefined
}

export interface UrlContext {
  settings: UrlSettings
  publicUrl: string
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

/**
 * The market languages with a reachable URL: all five in path mode; in domain mode only markets
 * with a domain (and the fallback market, served on any host), exactly as the page head's
 * `alternates()` decides.
 */
function reachableTargets({ settings, publicUrl }: UrlContext): typeof HREFLANG_TARGETS {
  const home = pathFor({ market: FALLBACK_MARKET, locale: DEFAULT_LOCALE, settings }, 'home')
  const reachable = new Set(
    alternates({ market: FALLBACK_MARKET, locale: DEFAULT_LOCALE, pathname: home, settings, publicUrl }).map(
      (alternate) => alternate.hreflang,
    ),
  )
  return HREFLANG_TARGETS.filter((target) => reachable.has(target.hreflang))
}

/**
 * The `<url>` entries of the pages: one per market language a page exists in, each listing all
 * of the page's language versions and x-default (fi-FI, when the page exists in Finnish).
 */
export function sitemapEntries(pages: Iterable<SitemapPage>, context: UrlContext): SitemapEntry[] {
  const { settings, publicUrl } = context
  const targets = reachableTargets(context)
  const entries: SitemapEntry[] = []
  for (const page of pages) {
    const versions: Alternate[] = []
    let defaultHref: string | undefined
    for (const target of targets) {
      const params = page.paramsFor(target)
      if (!params) continue
      const pathname = pathFor({ ...target, settings }, page.route, params)
      const href = canonicalUrl({ ...target, pathname, settings, publicUrl })
      versions.push({ hreflang: target.hreflang, href })
      if (target.market === FALLBACK_MARKET && target.locale === DEFAULT_LOCALE) defaultHref = href
    }
    const withDefault = defaultHref ? [...versions, { hreflang: 'x-default', href: defaultHref }] : versions
    for (const version of versions) entries.push({ loc: version.href, alternates: withDefault })
  }
  return entries
}

export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  for (const entry of entries) {
    lines.push('<url>', `<loc>${escapeXml(entry.loc)}</loc>`)
    for (const alternate of entry.alternates) {
      lines.push(
        `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>`,
      )
    }
    lines.push('</url>')
  }
  lines.push('</urlset>', '')
  return lines.join('\n')
}

export function sitemapIndexXml(partUrls: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...partUrls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n')
}

export interface SitemapFiles {
  /** the answer of /sitemap.xml: the urlset, or the index when there are parts */
  main: string
  /** /sitemap-1.xml … in order; empty when everything fits in one file */
  parts: string[]
}

/** One urlset, or an index of /sitemap-N.xml parts of at most `limit` URLs each. */
export function sitemapFiles(
  entries: readonly SitemapEntry[],
  publicUrl: string,
  limit = SITEMAP_URL_LIMIT,
): SitemapFiles {
  if (entries.length <= limit) return { main: sitemapXml(entries), parts: [] }
  const parts: string[] = []
  for (let start = 0; start < entries.length; start += limit) {
    parts.push(sitemapXml(entries.slice(start, start + limit)))
  }
  const origin = new URL(publicUrl).origin
  return { main: sitemapIndexXml(parts.map((_, index) => `${origin}/sitemap-${index + 1}.xml`)), parts }
}

// ---------------------------------------------------------------------------------------------
// The shop's pages, from the commerce API

/** Pages that exist once per market language; the member programme page is public (one joins there). */
const SHOP_PAGES: readonly RouteName[] = [
  'home',
  'new-arrivals',
  'bestsellers',
  'incoming',
  'brands',
  'member',
]

const everywhere = (): RouteParams => ({})

type GraphqlFetch = <T>(query: string, variables: Record<string, unknown>) => Promise<T>

/** A GraphQL client for the commerce API with the storefront's API key. */
export function commerceApi(serviceFetch: typeof fetch, config: Pick<Config, 'apiKey' | 'services'>) {
  const request: GraphqlFetch = async <T>(query: string, variables: Record<string, unknown>) => {
    const response = await serviceFetch(config.services.api, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': config.apiKey },
      body: JSON.stringify({ query, variables }),
    })
    if (!response.ok) throw new Error(`sitemap: the commerce API answered ${response.status}`)
    const body = (await response.json()) as { data?: T; errors?: { message: string }[] }
    if (body.errors?.length || !body.data) {
      throw new Error(`sitemap: the commerce API failed: ${body.errors?.map((e) => e.message).join('; ')}`)
    }
    return body.data
  }
  return request
}

interface CategoryRow {
  categoryId: number
  alias: string | null
}
interface BrandRow {
  alias: string | null
}
interface ProductRow {
  productId: number
  alternativeUrls: { url: string; language: string; country: string | null }[] | null
}

const CATEGORIES_QUERY = `query SitemapCategories($languageId: String) {
  categories(languageId: $languageId) { categoryId alias }
}`
const BRANDS_QUERY = `query SitemapBrands { brands { alias } }`
const PRODUCTS_QUERY = `query SitemapProducts($skip: Int, $take: Int, $brandAlias: String) {
  products(skip: $skip, take: $take, brandAlias: $brandAlias) {
    count
    products { productId alternativeUrls { url language country } }
  }
}`

/** The alias of a product URL (`/p/red-coat` → `red-coat`), decoded so that pathFor encodes it once. */
function productSplat(url: string): string | undefined {
  if (!url.startsWith('/p/')) return undefined
  try {
    return decodeURIComponent(url.slice('/p/'.length))
  } catch {
    return undefined
  }
}

async function categoryPages(api: GraphqlFetch): Promise<SitemapPage[]> {
  // a category's alias is per language; its id joins the languages
  const aliases = new Map<number, Partial<Record<LocaleCode, string>>>()
  for (const locale of Object.keys(LOCALES) as LocaleCode[]) {
    const { categories } = await api<{ categories: (CategoryRow | null)[] | null }>(CATEGORIES_QUERY, {
      languageId: LOCALES[locale].iso,
    })
    for (const category of categories ?? []) {
      if (!category?.alias) continue
      const byLocale = aliases.get(category.categoryId) ?? {}
      byLocale[locale] = category.alias
      aliases.set(category.categoryId, byLocale)
    }
  }
  return [...aliases.values()].map((byLocale) => ({
    route: 'category',
    paramsFor: ({ locale }) => (byLocale[locale] ? { '*': byLocale[locale] } : undefined),
  }))
}

async function brandAliases(api: GraphqlFetch): Promise<string[]> {
  const { brands } = await api<{ brands: (BrandRow | null)[] | null }>(BRANDS_QUERY, {})
  return (brands ?? []).flatMap((brand) => (brand?.alias ? [brand.alias] : []))
}

/** A product page from the market languages it exists in, each with its own alias. */
function productPage(row: ProductRow): SitemapPage | undefined {
  const splats = new Map<string, string>()
  for (const alternative of row.alternativeUrls ?? []) {
    const splat = productSplat(alternative.url)
    if (splat && alternative.country) splats.set(`${alternative.country}/${alternative.language}`, splat)
  }
  if (splats.size === 0) return undefined
  return {
    route: 'product',
    paramsFor: ({ market, locale }) => {
      const splat = splats.get(`${market}/${locale}`)
      return splat ? { '*': splat } : undefined
    },
  }
}

/**
 * Pages through one product list as far as the API lets (skip ≤ API_MAX_SKIP), adding each
 * product not seen yet. Answers the list's full count.
 */
async function collectProducts(
  api: GraphqlFetch,
  brandAlias: string | undefined,
  pages: Map<number, SitemapPage | undefined>,
): Promise<number> {
  for (let skip = 0; ; skip += PRODUCT_PAGE_SIZE) {
    const { products } = await api<{ products: { count: number; products: (ProductRow | null)[] | null } }>(
      PRODUCTS_QUERY,
      { skip, take: PRODUCT_PAGE_SIZE, brandAlias },
    )
    const rows = products.products ?? []
    for (const row of rows) {
      if (row && !pages.has(row.productId)) pages.set(row.productId, productPage(row))
    }
    const done = rows.length < PRODUCT_PAGE_SIZE || skip + rows.length >= products.count
    if (done || skip + PRODUCT_PAGE_SIZE > API_MAX_SKIP) return products.count
  }
}

/**
 * Every product page. A catalogue larger than the API's paging window is read brand by brand
 * (each brand's list has its own window).
 */
async function productPages(api: GraphqlFetch, brands: readonly string[]): Promise<SitemapPage[]> {
  const pages = new Map<number, SitemapPage | undefined>()
  const count = await collectProducts(api, undefined, pages)
  if (pages.size < count) {
    for (const brand of brands) await collectProducts(api, brand, pages)
  }
  return [...pages.values()].filter((page): page is SitemapPage => page !== undefined)
}

const INSPIRATION_QUERY = `query SitemapInspiration {
  contentPages(kind: INSPIRATION) { alternativeAliases { language alias } }
}`

interface ContentRow {
  alternativeAliases: { language: string; alias: string }[] | null
}

/** The inspiration articles of the content API, each language under its own alias. */
async function inspirationPages(api: GraphqlFetch): Promise<SitemapPage[]> {
  const { contentPages } = await api<{ contentPages?: (ContentRow | null)[] | null }>(INSPIRATION_QUERY, {})
  return (contentPages ?? []).flatMap((row): SitemapPage[] => {
    const aliases = new Map((row?.alternativeAliases ?? []).map(({ language, alias }) => [language, alias]))
    if (aliases.size === 0) return []
    return [
      {
        route: 'inspiration',
        paramsFor: ({ locale }) => {
          const alias = aliases.get(locale)
          return alias ? { alias } : undefined
        },
      },
    ]
  })
}

function contentPages(): SitemapPage[] {
  return CONTENT_PAGES.map((page) => ({
    route: 'content-page',
    paramsFor: ({ locale }) => ({ alias: page.alias[locale] }),
  }))
}

/** Every indexable page: home and list pages, categories, brands, products, information pages, inspiration articles. */
export async function collectSitemapPages(api: GraphqlFetch): Promise<SitemapPage[]> {
  const categories = await categoryPages(api)
  const brands = await brandAliases(api)
  const products = await productPages(api, brands)
  const articles = await inspirationPages(api)
  return [
    ...SHOP_PAGES.map((route) => ({ route, paramsFor: everywhere })),
    ...categories,
    ...brands.map((alias): SitemapPage => ({ route: 'brand', paramsFor: () => ({ '*': alias }) })),
    ...products,
    ...contentPages(),
    ...articles,
  ]
}

// ---------------------------------------------------------------------------------------------
// Cache and routes

/**
 * A value rebuilt when older than `maxAgeMs`; concurrent callers share one build, and a failed
 * build is not kept (the next call tries again).
 */
export function cachedValue<T>(build: () => Promise<T>, maxAgeMs: number, now: () => number = Date.now) {
  let current: { promise: Promise<T>; builtAt: number } | undefined
  return (): Promise<T> => {
    if (!current || now() - current.builtAt >= maxAgeMs) {
      const entry = { promise: build(), builtAt: now() }
      current = entry
      entry.promise.catch(() => {
        if (current === entry) current = undefined
      })
    }
    return current.promise
  }
}

export interface SitemapOptions {
  config: Pick<Config, 'apiKey' | 'services' | 'publicUrl' | 'urlMode' | 'marketDomains'>
  serviceFetch: typeof fetch
  /** URLs per file before the sitemap becomes an index of parts (the protocol's 50,000) */
  urlLimit?: number
}

const XML_TYPE = 'application/xml; charset=utf-8'
const CACHE_CONTROL = 'public, max-age=3600'

/** /sitemap.xml and, when the shop outgrows one file, its /sitemap-N.xml parts. */
export default async function sitemap(
  app: FastifyInstance,
  { config, serviceFetch, urlLimit = SITEMAP_URL_LIMIT }: SitemapOptions,
) {
  const context: UrlContext = {
    settings: { mode: config.urlMode, marketDomains: config.marketDomains },
    publicUrl: config.publicUrl,
  }
  const api = commerceApi(serviceFetch, config)
  const files = cachedValue(
    async () =>
      sitemapFiles(sitemapEntries(await collectSitemapPages(api), context), config.publicUrl, urlLimit),
    CACHE_MS,
  )

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type(XML_TYPE)
      .header('cache-control', CACHE_CONTROL)
      .send((await files()).main),
  )
  app.get<{ Params: { part: string } }>('/sitemap-:part(^\\d+).xml', async (request, reply) => {
    const part = (await files()).parts[Number(request.params.part) - 1]
    if (part === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    return reply.type(XML_TYPE).header('cache-control', CACHE_CONTROL).send(part)
  })
}
