// @vitest-environment jsdom
/**
 * Every route of the table has a page module that renders inside its real layout, in every
 * market language, with one <h1>, and a meta whose texts all exist (no missing messages).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import { createIntl } from 'react-intl'
import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import {
  HREFLANG_TARGETS,
  ROUTES,
  ROUTE_NAMES,
  matchRoute,
  pathFor,
  routePatterns,
  type RouteName,
} from '../../shared/paths'
import { LOCALES, type LocaleCode } from '../../shared/markets'
import { contentPageByKey } from '../../shared/content-pages'
import type { RouteModule } from '../../app/route-types'
import type { SearchPageResponse } from '../../shared/search-api'
import type { SearchTransport } from '../../features/search/client'
import { DefaultLayout } from '../../app/layouts/DefaultLayout'
import { UndistractedLayout } from '../../app/layouts/UndistractedLayout'
import { UndistractedSpecialLayout } from '../../app/layouts/UndistractedSpecialLayout'
import { makeStore } from '../../app/store'
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client'
import { renderRoutes, PATH_SETTINGS, TEST_MESSAGES } from '../../ui/test-helpers'

/** A product as the commerce API answers the product page's query (every field it selects). */
const SAMPLE_PRODUCT = {
  __typename: 'ProductType',
  productId: 1,
  alias: 'musta-satiinimekko',
  name: 'Musta satiinimekko',
  articleNumber: 'LU-1',
  canonicalUrl: '/p/mekot/musta-satiinimekko',
  brand: { __typename: 'BrandType', brandId: 1, name: 'Aurinko', canonicalUrl: '/b/aurinko' },
  texts: { __typename: 'ProductTextsType', text1: 'Kiiltävä satiinimekko.', text2: null, text3: null },
  primaryCategory: { __typename: 'CategoryType', categoryId: 3, name: 'Mekot' },
  breadcrumbs: [{ __typename: 'BreadcrumbType', categoryId: 3, name: 'Mekot', url: '/c/mekot' }],
  unitPrice: {
    __typename: 'PriceType',
    isDiscounted: false,
    sellingPriceIncVat: 89,
    sellingPriceExVat: 70.92,
    regularPriceIncVat: 89,
    regularPriceExVat: 70.92,
    sellingPriceIncVatFormatted: '89,00 €',
    sellingPriceExVatFormatted: '70,92 €',
    regularPriceIncVatFormatted: '89,00 €',
    regularPriceExVatFormatted: '70,92 €',
    discountPercentage: 0,
    currency: { __typename: 'CurrencyType', code: 'EUR' },
  },
  lowestPrice: null,
  productImages: [{ __typename: 'ProductImageType', fileName: 'musta-satiinimekko-1.svg' }],
  skus: [
    {
      __typename: 'SkuType',
      skuId: 11,
      name: '38',
      articleNumber: 'LU-1-38',
      gtin: null,
      stockStatus: 'IN_STOCK',
      incoming: null,
      stock: { __typename: 'StockType', inStock: 12, totalStock: 12 },
    },
  ],
  stockStatus: 'IN_STOCK',
  incoming: null,
  rating: null,
  parameterGroups: [],
  variantGroup: null,
  alternativeUrls: [
    { __typename: 'AlternativeUrlType', url: '/p/musta-satiinimekko', language: 'fi', culture: 'fi-FI' },
    { __typename: 'AlternativeUrlType', url: '/p/musta-satiinimekko', language: 'sv', culture: 'sv-SE' },
  ],
}

/** An inspiration article as the content API answers it (its alias is the one asked for). */
const SAMPLE_ARTICLE = {
  __typename: 'ContentPageType',
  key: 'inspiration-party',
  kind: 'INSPIRATION',
  title: 'Juhlakauden asut',
  body: 'Satiinia ja samettia.\n\nYhdistä juhlamekko avokkaisiin.',
  metaDescription: 'Satiinia ja samettia.',
  alternativeAliases: [{ __typename: 'ContentAliasType', language: 'fi', alias: 'juhlakauden-asut' }],
}

/** The home page's running campaigns and (empty) rails as the commerce API answers them. */
const SAMPLE_HOME = {
  newArrivals: { __typename: 'ProductsResultType', products: [] },
  bestsellers: { __typename: 'ProductsResultType', products: [] },
  runningCampaigns: [
    { __typename: 'RunningCampaignType', campaignId: 1, name: 'Kevätale', alias: 'kevatale', count: 11 },
  ],
}

/** A product list as the list pages' queries get it: the sample product, a brand facet. */
const SAMPLE_LIST = {
  __typename: 'ProductsResultType',
  count: 1,
  products: [
    {
      ...SAMPLE_PRODUCT,
      unitPrice: { ...SAMPLE_PRODUCT.unitPrice, regularPriceIncVat: 89, regularPriceExVat: 70.92 },
      lowestPrice: null,
      badges: ['NEW'],
      incoming: null,
    },
  ],
  filters: {
    __typename: 'FilterCollectionType',
    price: { __typename: 'PriceFilterType', lowest: 89, highest: 89 },
    facets: [
      {
        __typename: 'FilterType',
        filterId: 'brands',
        type: 'Brand',
        group: 'brands',
        label: 'Merkki',
        order: 2,
        values: [
          {
            __typename: 'FilterValueType',
            _id: 'b_1_1',
            facetId: 'b_1',
            parentId: null,
            label: 'Aurinko',
            order: 0,
            count: 1,
            hidden: false,
          },
        ],
      },
    ],
  },
}

const SAMPLE_LIST_INFO = {
  __typename: 'PageInfoType',
  id: 1,
  alias: 'mekot',
  name: 'Mekot',
  canonicalUrl: '/c/mekot',
  hideTitle: false,
  hideDescription: false,
  primaryDescription: null,
  meta: { __typename: 'MetadataType', title: 'Mekot', description: 'Mekot ja juhlamekot.' },
  subCategories: [],
  alternativeUrls: [],
}

const SAMPLE_USER = {
  __typename: 'UserType',
  id: '4f1c0a52-5a6b-4a47-9d61-3f1f0d1f2a11',
  email: 'aino@example.fi',
  gender: 'UNSPECIFIED',
  customerType: 'PERSON',
  newsletter: false,
  sms: false,
  personalId: null,
  organizationId: null,
  memberType: '',
  memberId: '',
  address: null,
  balances: [],
}

const FAKE_ANSWERS: Record<string, unknown> = {
  accountUser: { getUser: SAMPLE_USER },
  accountOrders: { getOrders: [] },
  product: { product: SAMPLE_PRODUCT },
  reviews: {
    reviews: { __typename: 'ProductReviewResultType', count: 0, averageRating: null, reviews: [] },
  },
  relatedProducts: { relatedProducts: [] },
  home: SAMPLE_HOME,
  styleGallery: {
    runningCampaigns: SAMPLE_HOME.runningCampaigns,
    dresses: SAMPLE_LIST,
    coats: SAMPLE_LIST,
    shoes: SAMPLE_LIST,
  },
  listPage: { listPageInfo: SAMPLE_LIST_INFO, products: SAMPLE_LIST },
  listSearch: { products: SAMPLE_LIST },
  listPageAlias: { listPageInfo: { __typename: 'PageInfoType', id: 1, canonicalUrl: '/c/mekot' } },
  listBrands: {
    brands: [
      {
        __typename: 'BrandListType',
        brandId: 1,
        alias: 'aurinko',
        name: 'Aurinko',
        canonicalUrl: '/b/aurinko',
      },
    ],
  },
}

/** The search service's answer to every query: one product for a search, no recommendations. */
const SAMPLE_SEARCH_PAGE: SearchPageResponse = {
  q: 'mekko',
  didYouMean: [],
  primaryList: {
    sort: { selected: 'RELEVANCE', options: [{ id: 'RELEVANCE', label: 'Osuvin' }] },
    totalHits: 1,
    facets: [],
    productGroups: [
      {
        key: 'LU-1',
        remaining: 0,
        products: [
          {
            key: 'LU-1',
            title: 'Musta satiinimekko',
            brand: 'Aurinko',
            link: '/fi/p/musta-satiinimekko',
            ticket: 't-1',
            inStock: true,
            listPrice: { min: 89, max: 89 },
            sellingPrice: { min: 89, max: 89 },
            variants: [],
            badges: { primary: [], secondary: [] },
            imageInfo: { effect: 'NONE', images: [] },
            swatch: { type: 'MISSING_COLORS', colors: [] },
          },
        ],
      },
    ],
  },
  recommendationLists: [],
  contentLists: [],
}

function fakeSearch(): SearchTransport {
  return {
    baseUrl: 'http://shop.test/api/storefront/v3',
    fetch: () => Promise.resolve(Response.json(SAMPLE_SEARCH_PAGE)),
  }
}

/** An Apollo client whose API knows one product and one list; other operations answer with no data. */
function fakeApollo() {
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const answer =
          operation.operationName === 'contentPage'
            ? { contentPage: { ...SAMPLE_ARTICLE, alias: operation.variables.alias as string } }
            : FAKE_ANSWERS[operation.operationName ?? '']
        observer.next({
          data: (answer ?? {}) as Record<string, unknown>,
        })
        observer.complete()
      }),
  )
  return new ApolloClient({ cache: new InMemoryCache(), link })
}

const modules = import.meta.glob<RouteModule>(['../*.tsx'], { eager: true })
const moduleOf = (name: RouteName) => modules[`../${name}.tsx`]

/** A path for each route, with believable params (content aliases in the page's language). */
function sampleParams(name: RouteName, locale: LocaleCode): Record<string, string> | undefined {
  if (name === 'content') return { alias: contentPageByKey('about')?.alias[locale] ?? '' }
  if (name === 'content-page') return { alias: contentPageByKey('terms')?.alias[locale] ?? '' }
  return SAMPLE_PARAMS[name]
}

const SAMPLE_PARAMS: Partial<Record<RouteName, Record<string, string>>> = {
  product: { '*': 'musta-satiinimekko' },
  category: { '*': 'mekot' },
  brand: { '*': 'aurora' },
  'discount-campaign': { '*': 'kevat-ale' },
  search: { search: 'mekko' },
  list: { '*': 'juhlat' },
  inspiration: { alias: 'juhlakauden-asut' },
  'checkout-fail': { failure: 'card-fail' },
}
// routes the router answers with 404 before the page renders
const ERROR_ROUTES: RouteName[] = ['not-found', 'no-match']

const LAYOUTS = {
  default: DefaultLayout,
  undistracted: UndistractedLayout,
  'undistracted-special': UndistractedSpecialLayout,
}

/** The route table as react-router routes under their layouts, like src/app/router.tsx builds them. */
function routeTree(locale: (typeof HREFLANG_TARGETS)[number]['locale']): RouteObject[] {
  return (Object.keys(LAYOUTS) as (keyof typeof LAYOUTS)[]).map((layout) => {
    const Layout = LAYOUTS[layout]
    return {
      element: <Layout />,
      HydrateFallback: () => null,
      children: ROUTES.filter((route) => route.layout === layout).flatMap((route) =>
        routePatterns(route, locale).map((path, index) => {
          const module = moduleOf(route.name)
          if (!module) throw new Error(`no module for ${route.name}`)
          const loader = module.loader
          return {
            id: `${route.name}#${index}`,
            path,
            Component: module.Component,
            loader: loader
              ? ({ request, params }: LoaderFunctionArgs) =>
                  loader({
                    request,
                    params,
                    store: makeStore(),
                    apollo: fakeApollo(),
                    search: fakeSearch(),
                    market: 'fi',
                    locale,
                    homePath: 'http://shop.test/fi/',
                  })
              : undefined,
          }
        }),
      ),
    }
  })
}

/**
 * A page's live updates (ADR 0036) open a WebSocket to the page's own origin after hydration. In
 * jsdom that is localhost:3000, where another suite's server may listen: a socket that never
 * connects keeps these renders to themselves.
 */
class SocketThatNeverOpens {
  readyState = 0
  protocol = ''
  onopen: unknown = null
  onclose: unknown = null
  onerror: unknown = null
  onmessage: unknown = null
  close() {}
  send() {}
}

let consoleErrors: unknown[][] = []
beforeEach(() => {
  vi.stubGlobal('WebSocket', SocketThatNeverOpens)
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('route modules', () => {
  it('exist for every route name, each with a Component', () => {
    for (const name of ROUTE_NAMES) expect(moduleOf(name)?.Component, name).toBeTypeOf('function')
  })

  const pages = ROUTE_NAMES.filter((name) => !ERROR_ROUTES.includes(name))
  for (const target of HREFLANG_TARGETS) {
    describe(`${target.hreflang}`, () => {
      it.each(pages)('%s renders in its layout with one <h1> and no missing texts', async (name) => {
        const path = pathFor(
          { market: target.market, locale: target.locale, settings: PATH_SETTINGS },
          name,
          sampleParams(name, target.locale),
        )
        const { router } = renderRoutes(routeTree(target.locale), {
          market: target.market,
          locale: target.locale,
          path,
        })
        const headings = await screen.findAllByRole('heading', { level: 1 })
        expect(headings).toHaveLength(1)
        expect(headings[0]?.textContent?.trim()).not.toBe('')
        expect(screen.getByRole('main')).toBeTruthy()
        expect(router.state.matches.at(-1)?.route.id).toMatch(new RegExp(`^${name}#`))
        expect(consoleErrors).toEqual([])
      })
    })
  }

  it('answers an unknown content alias with a 404', async () => {
    const path = pathFor({ market: 'fi', locale: 'fi', settings: PATH_SETTINGS }, 'content-page', {
      alias: 'ei-ole',
    })
    expect(matchRoute('/ei-ole', 'fi')?.route.name).toBe('content-page')
    const { router } = renderRoutes(routeTree('fi'), { path })
    await vi.waitFor(() => expect(router.state.errors).not.toBeNull())
    const error = Object.values(router.state.errors ?? {})[0]
    expect(error).toMatchObject({ status: 404 })
  })
  it('sends an information page alias of another language to this language’s alias', async () => {
    const path = pathFor({ market: 'fi', locale: 'sv', settings: PATH_SETTINGS }, 'content-page', {
      alias: 'toimitusehdot',
    })
    const { router } = renderRoutes(routeTree('sv'), {
      market: 'fi',
      locale: 'sv',
      path: `${path}?ref=footer`,
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Köpvillkor' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/fi/sv/kopvillkor')
    expect(router.state.location.search).toBe('?ref=footer')
  })
})

describe('page meta', () => {
  for (const target of HREFLANG_TARGETS) {
    it(`gives every page a title, and every indexed page a description, in ${target.hreflang}`, async () => {
      const intl = createIntl({
        locale: LOCALES[target.locale].iso,
        messages: TEST_MESSAGES[target.locale],
        onError: (error) => {
          throw error
        },
      })
      for (const name of ROUTE_NAMES) {
        const meta = moduleOf(name)?.meta
        expect(meta, `${name} has meta`).toBeTypeOf('function')
        if (!meta) continue
        const params = sampleParams(name, target.locale) ?? {}
        const module = moduleOf(name)
        const data = module?.loader
          ? await module.loader({
              request: new Request('http://shop.test/'),
              params,
              store: makeStore(),
              apollo: fakeApollo(),
              search: fakeSearch(),
              market: target.market,
              locale: target.locale,
              homePath: 'http://shop.test/',
            })
          : null
        const result = meta({ data, intl, market: target.market, locale: target.locale, params })
        expect(result.title.trim(), name).not.toBe('')
        if (!result.noindex) expect(result.description?.trim(), `${name} description`).toBeTruthy()
      }
    })
  }
})
