/**
 * The catalogue operations of the GraphQL API against a real, seeded database (PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL is set), through HTTP via app.inject.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../server/config'
import { FIXTURE_PRODUCTS, FREE_SHIPPING_THRESHOLD } from '../../../server/db/seed/fixtures'
import authService from '../../../server/services/auth'
import graphqlService from '../../../server/services/graphql'
import { registerAndLogin } from '../helpers/auth'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const SEED_PRODUCTS = 200
const satin = FIXTURE_PRODUCTS.satinDress
const SATIN_ALIAS = satin.aliases.fi
/** A product the search tests add; it has no SKUs or images. */
const SEARCH_PRODUCT_ID = 900_001

/** The response fields these tests read; each query selects the subset it asserts on. */
interface Price {
  sellingPriceIncVat: number
  sellingPriceExVat: number
  regularPriceIncVat: number
  vat: number
  isDiscounted: boolean
  discountPercentage: number
  sellingPriceIncVatFormatted: string
  currency: { code: string }
}
interface Product {
  productId: number
  name: string
  alias: string
  canonicalUrl: string
  brand: { name: string }
  unitPrice: Price
  lowestPrice: {
    comparisonPriceIncVat: number
    lowestPriceIncVat: number
    discountPercentage: number
    isDiscounted: boolean
  }
  skus: { skuId: number; name: string; stockStatus: string }[]
  stockStatus: string
  badges: string[]
  primaryCategory: { name: string }
  breadcrumbs: { name: string; url: string }[]
  productImages: { fileName: string }[]
  parameterGroups: {
    name: string
    parameters: { identifier: string; name: string; value: string; facetId: string }[]
  }[]
  rating: { score: number; voteCount: number }
  alternativeUrls: { url: string; culture: string; country: string }[]
  discountCampaigns: { name: string; canonicalUrl: string | null }[]
  relationType: string
}
interface FilterGroup {
  filterId: string
  type: string
  values: { facetId: string; count: number }[]
}
interface ProductsResult {
  count: number
  products: Product[]
  filters: { price: { lowest: number; highest: number }; facets: FilterGroup[] }
}
interface Category {
  categoryId: number
  parentCategoryId: number
  alias: string
  name: string
  isHidden: boolean
  canonicalUrl: string
}
interface Market {
  id: string
  alias: string
  defaultLanguageId: string
  allowedLanguages: { id: string; code: string }[]
  country: { code: string }
  currency: { code: string; symbol: string }
  freeShippingThreshold: number | null
}
interface PageInfo {
  id: number
  alias: string
  name: string
  canonicalUrl: string
  meta: { title: string; description: string | null }
  alternativeUrls: { culture: string }[]
}
interface Reviews {
  count: number
  averageRating: number
  reviews: { rating: number; comment: string; author: string }[]
}
interface Data {
  channel: { id: string; defaultMarketId: string; markets: Market[] }
  channels: { id: string }[]
  product: Product
  products: ProductsResult
  relatedProducts: Product[]
  categories: Category[]
  brands: { brandId: number; alias: string; name: string; canonicalUrl: string }[]
  listPageInfo: PageInfo
  reviews: Reviews
  postProductReview: boolean
  monitorProductAvailability: boolean
  requestStockNotification: { ok: boolean; alreadyActive: boolean }
  subscribeToNewsletter: boolean
}

interface GraphQLResponse {
  status: number
  data: Data
  /** The raw data member: null or partial when there are errors. */
  rawData: unknown
  errors: { message: string; extensions?: { code?: string } }[] | undefined
}

/** The first element, failing the test when there is none. */
function first<T>(list: readonly T[]): T {
  const item = list[0]
  if (item === undefined) throw new Error('expected a non-empty list')
  return item
}

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describeEachDatabase('catalogue API on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let config: Config

  async function gql(
    query: string,
    variables: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<GraphQLResponse> {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': config.apiKey, ...headers },
      payload: { query, variables },
    })
    const body = response.json() as { data?: unknown; errors?: GraphQLResponse['errors'] }
    if (process.env.DEBUG_GQL) console.log(response.body.slice(0, 600))
    return {
      status: response.statusCode,
      data: (body.data ?? {}) as Data,
      rawData: body.data,
      errors: body.errors,
    }
  }

  const codeOf = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.code

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: SEED_PRODUCTS } })
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-graphql-test',
      SESSION_SECRET: 'catalogue-test-secret-0123456789abcdef',
    })
    app = Fastify()
    await app.register(authService, { database, config })
    await app.register(graphqlService, { database, config })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  describe('channel', () => {
    it('lists the four markets with languages, countries and currencies', async () => {
      const { data } = await gql(`{ channel(channelId: "1|fi") { id defaultMarketId
        markets { id alias defaultLanguageId allowedLanguages { id code } country { code } currency { code symbol } } } }`)
      expect(data.channel.id).toBe('1|fi')
      expect(data.channel.defaultMarketId).toBe('1|fi')
      const market = (alias: string) => first(data.channel.markets.filter((m) => m.alias === alias))
      expect(data.channel.markets.map((m) => m.alias).sort()).toEqual(['dk', 'fi', 'no', 'se'])
      expect(market('fi')).toMatchObject({
        id: '1|fi',
        defaultLanguageId: 'fi-FI',
        country: { code: 'FI' },
        currency: { code: 'EUR' },
      })
      expect(market('fi').allowedLanguages.map((l) => l.code)).toEqual(expect.arrayContaining(['fi', 'sv']))
      expect(market('se').currency.code).toBe('SEK')
      expect(market('no').currency.code).toBe('NOK')
      expect(market('dk').currency.code).toBe('DKK')
    })

    it('gives each market the free-shipping threshold of its shipping options (Lumo extension)', async () => {
      const { data } = await gql('{ channel { markets { alias freeShippingThreshold } } }')
      const thresholds = Object.fromEntries(
        data.channel.markets.map((m) => [m.alias, m.freeShippingThreshold]),
      )
      expect(thresholds).toEqual({
        fi: FREE_SHIPPING_THRESHOLD.fi / 100,
        se: FREE_SHIPPING_THRESHOLD.se / 100,
        no: FREE_SHIPPING_THRESHOLD.no / 100,
        dk: FREE_SHIPPING_THRESHOLD.dk / 100,
      })
    })

    it('answers channels and falls back from an unknown channel id', async () => {
      const { data } = await gql('{ channels { id } channel(channelId: "9|xx") { id } }')
      expect(data.channels).toEqual([{ id: '1|fi' }])
      expect(data.channel.id).toBe('1|fi')
    })
  })

  describe('product', () => {
    const PRODUCT = `query ($alias: String, $id: Int, $marketId: String, $languageId: String) {
      product(alias: $alias, productId: $id, marketId: $marketId, languageId: $languageId) {
        productId name alias canonicalUrl articleNumber brand { name canonicalUrl }
        unitPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat vat isDiscounted sellingPriceIncVatFormatted currency { code } }
        lowestPrice { comparisonPriceIncVat lowestPriceIncVat discountPercentage isDiscounted }
        skus { skuId name stock { inStock oversellable static totalStock } stockStatus }
        totalStock { totalStock } stockStatus badges primaryCategory { name alias } breadcrumbs { name url }
        productImages { fileName } parameterGroups { parameterGroupId name parameters { identifier name value facetId } }
        rating { score voteCount } alternativeUrls { url culture country } meta { title }
      } }`

    it('finds a product by alias with prices in the market currency and every stock status', async () => {
      const { data, errors } = await gql(PRODUCT, { alias: SATIN_ALIAS })
      expect(errors).toBeUndefined()
      const product = data.product
      expect(product).toMatchObject({
        productId: satin.productId,
        name: satin.names.fi,
        alias: SATIN_ALIAS,
        canonicalUrl: `/p/${SATIN_ALIAS}`,
        brand: { name: satin.brand },
      })
      expect(product.unitPrice).toMatchObject({
        sellingPriceIncVat: 59.95,
        regularPriceIncVat: 59.95,
        isDiscounted: false,
        currency: { code: 'EUR' },
      })
      expect(product.unitPrice.sellingPriceExVat).toBeCloseTo(59.95 / 1.255, 2)
      expect(nbsp(product.unitPrice.sellingPriceIncVatFormatted)).toBe('59,95 €')
      const statusBySku = Object.fromEntries(product.skus.map((sku) => [sku.skuId, sku.stockStatus]))
      expect(statusBySku).toEqual({
        [satin.skus.inStock]: 'IN_STOCK',
        [satin.skus.stockFive]: 'FEW_LEFT',
        [satin.skus.outOfStock]: 'OUT_OF_STOCK',
        [satin.skus.oversellable]: 'OVERSELLABLE',
        [satin.skus.staticStock]: 'STATIC',
      })
      expect(product.rating.voteCount).toBe(satin.reviews)
      expect(product.breadcrumbs.at(-1)?.name).toBe(product.primaryCategory.name)
      expect(product.productImages.length).toBeGreaterThan(0)
      const color = product.parameterGroups.flatMap((g) => g.parameters).find((p) => p.identifier === 'Color')
      expect(color?.facetId).toMatch(/^p_\d+_black$/)
      expect(product.alternativeUrls).toEqual(
        expect.arrayContaining([
          { url: `/p/${satin.aliases.sv}`, culture: 'sv-SE', country: 'se' },
          { url: `/p/${satin.aliases.fi}`, culture: 'fi-FI', country: 'fi' },
        ]),
      )
    })

    it('prices and names the product for the requested market and language', async () => {
      const { data } = await gql(PRODUCT, { id: satin.productId, marketId: 'se', languageId: 'sv-SE' })
      expect(data.product.name).toBe(satin.names.sv)
      expect(data.product.unitPrice.sellingPriceIncVat).toBe(satin.regularPrice.se / 100)
      expect(data.product.unitPrice.currency.code).toBe('SEK')
      expect(nbsp(data.product.unitPrice.sellingPriceIncVatFormatted)).toBe('649,00 kr')
    })

    it('shows a campaign discount against the lowest price of the previous 30 days', async () => {
      const { data } = await gql(PRODUCT, { id: FIXTURE_PRODUCTS.campaignDress.productId })
      const { unitPrice, lowestPrice } = data.product
      expect(unitPrice.isDiscounted).toBe(true)
      expect(lowestPrice.comparisonPriceIncVat).toBeLessThan(unitPrice.regularPriceIncVat)
      expect(lowestPrice.comparisonPriceIncVat).toBeGreaterThan(unitPrice.sellingPriceIncVat)
      expect(lowestPrice.discountPercentage).toBeLessThan(unitPrice.discountPercentage ?? 100)
    })

    it('marks incoming and new products', async () => {
      const incoming = await gql(PRODUCT, { id: FIXTURE_PRODUCTS.incomingSneakers.productId })
      expect(incoming.data.product.badges).toContain('INCOMING')
      const fresh = await gql(PRODUCT, { id: FIXTURE_PRODUCTS.newBlouse.productId })
      expect(fresh.data.product.badges).toContain('NEW')
    })

    it('answers null for an unknown alias or id', async () => {
      expect((await gql(PRODUCT, { alias: 'no-such-product' })).data).toEqual({ product: null })
      expect((await gql(PRODUCT, { id: 999_999 })).data).toEqual({ product: null })
    })

    it('lists related products without the product itself, and null for an unknown alias', async () => {
      const { data } = await gql(
        `{ relatedProducts(alias: "${SATIN_ALIAS}") { alias relationType primaryImage unitPrice { sellingPriceIncVat } } }`,
      )
      expect(data.relatedProducts.length).toBeGreaterThan(0)
      expect(data.relatedProducts.map((p) => p.alias)).not.toContain(SATIN_ALIAS)
      for (const related of data.relatedProducts)
        expect(['SIMILAR', 'RELATED']).toContain(related.relationType)
      expect((await gql('{ relatedProducts(alias: "nope") { alias } }')).data).toEqual({
        relatedProducts: null,
      })
    })
  })

  describe('products', () => {
    async function rootCategory() {
      const { data } = await gql('{ categories(parentCategoryId: 0) { categoryId alias name } }')
      return first(data.categories)
    }

    it('pages through a category with skip and take and reports the total', async () => {
      const category = await rootCategory()
      const query = `query ($skip: Int, $take: Int) { products(categoryAlias: "${category.alias}", skip: $skip, take: $take) { count products { productId } } }`
      const page1 = await gql(query, { skip: 0, take: 5 })
      const page2 = await gql(query, { skip: 5, take: 5 })
      expect(page1.data.products.count).toBeGreaterThan(10)
      expect(page1.data.products.products).toHaveLength(5)
      expect(page2.data.products.count).toBe(page1.data.products.count)
      const ids = [...page1.data.products.products, ...page2.data.products.products].map((p) => p.productId)
      expect(new Set(ids).size).toBe(10)
      const past = await gql(query, { skip: 6000, take: 5 })
      expect(past.data.products).toEqual({ count: page1.data.products.count, products: [] })
    })

    it('takes the list from a url the same way as from an alias', async () => {
      const category = await rootCategory()
      const byAlias = await gql(
        `{ products(categoryAlias: "${category.alias}", take: 3) { count products { productId } } }`,
      )
      const byUrl = await gql(
        `{ products(url: "/c/${category.alias}", take: 3) { count products { productId } } }`,
      )
      expect(byUrl.data).toEqual(byAlias.data)
      // A Finnish alias still finds the category when the shopper has switched to Swedish.
      const swedish = await gql(
        `{ products(categoryAlias: "${category.alias}", take: 3, marketId: "se", languageId: "sv-SE") { count } }`,
      )
      expect(swedish.data.products.count).toBe(byAlias.data.products.count)
    })

    it('lists a brand, a discount campaign and the generic lists', async () => {
      const brands = await gql('{ brands { brandId alias name } }')
      const brand = first(brands.data.brands.filter((b) => b.name === satin.brand))
      const byBrand = await gql(
        `{ products(brandAlias: "${brand.alias}", take: 50) { count products { brand { name } } } }`,
      )
      expect(byBrand.data.products.count).toBeGreaterThan(0)
      for (const product of byBrand.data.products.products) expect(product.brand.name).toBe(satin.brand)

      const campaign = await gql(
        `{ product(productId: ${FIXTURE_PRODUCTS.campaignDress.productId}) { discountCampaigns { canonicalUrl } } }`,
      )
      const campaignUrl = first(campaign.data.product.discountCampaigns).canonicalUrl
      const byCampaign = await gql(
        `{ products(url: "${campaignUrl}", take: 200) { count products { productId } } }`,
      )
      expect(byCampaign.data.products.products.map((p) => p.productId)).toContain(
        FIXTURE_PRODUCTS.campaignDress.productId,
      )

      const incoming = await gql(
        '{ products(url: "/l/incoming", take: 200) { products { productId badges } } }',
      )
      expect(incoming.data.products.products.map((p) => p.productId)).toContain(
        FIXTURE_PRODUCTS.incomingSneakers.productId,
      )
      for (const product of incoming.data.products.products) expect(product.badges).toContain('INCOMING')

      const fresh = await gql('{ products(url: "/l/new-arrivals", take: 200) { products { productId } } }')
      expect(fresh.data.products.products.map((p) => p.productId)).toContain(
        FIXTURE_PRODUCTS.newBlouse.productId,
      )
    })

    it('answers NOT_FOUND for an unknown category, brand, campaign or url', async () => {
      for (const args of [
        'categoryAlias: "nope"',
        'brandAlias: "nope"',
        'discountCampaignAlias: "nope"',
        'url: "/c/nope"',
        'url: "/x/y"',
      ]) {
        const response = await gql(`{ products(${args}) { count } }`)
        expect(codeOf(response), args).toBe('NOT_FOUND')
      }
    })

    it('rejects take above 200, skip above 6000 and unknown facets with clear messages', async () => {
      const take = await gql('{ products(take: 201) { count } }')
      expect(codeOf(take)).toBe('BAD_USER_INPUT')
      expect(take.errors?.[0]?.message).toBe('take must be at most 200')
      const skip = await gql('{ products(skip: 6001) { count } }')
      expect(skip.errors?.[0]?.message).toBe('skip must be at most 6000')
      const facet = await gql('{ products(filter: { facets: ["color:black"] }) { count } }')
      expect(facet.errors?.[0]?.message).toBe("Unknown facet id 'color:black'")
    })

    it('sorts by price both ways', async () => {
      const prices = async (sort: string) =>
        (
          await gql(
            `{ products(take: 30, filter: { sort: ${sort} }) { products { unitPrice { sellingPriceIncVat } } } }`,
          )
        ).data.products.products.map((p) => p.unitPrice.sellingPriceIncVat) as number[]
      const ascending = await prices('PRICE')
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b))
      const descending = await prices('PRICE_DESC')
      expect(descending).toEqual([...descending].sort((a, b) => b - a))
      expect(descending[0]).toBeGreaterThan(ascending[0] ?? 0)
    })

    it('filters by price range and reports the range of the list', async () => {
      const { data } = await gql(
        '{ products(take: 200, filter: { price: { lowest: 50, highest: 80 } }) { count products { unitPrice { sellingPriceIncVat } } filters { price { lowest highest } } } }',
      )
      expect(data.products.count).toBeGreaterThan(0)
      for (const product of data.products.products) {
        expect(product.unitPrice.sellingPriceIncVat).toBeGreaterThanOrEqual(50)
        expect(product.unitPrice.sellingPriceIncVat).toBeLessThanOrEqual(80)
      }
      // BY_GROUP: the price range ignores the price selection itself.
      expect(data.products.filters.price.lowest).toBeLessThan(50)
      expect(data.products.filters.price.highest).toBeGreaterThan(80)
    })

    it('counts facets per group as if the group’s own selection were not applied (BY_GROUP)', async () => {
      const FACETS = `filters { facets { filterId type values { facetId count } } }`
      const countsOf = (data: Data, type: string) =>
        Object.fromEntries(
          data.products.filters.facets
            .find((f) => f.type === type)
            ?.values.map((v) => [v.facetId, v.count]) ?? [],
        )

      const all = await gql(`{ products(take: 0) { count ${FACETS} } }`)
      const brandCounts = countsOf(all.data, 'Brand')
      const [brandFacet, brandCount] = Object.entries(brandCounts).sort((a, b) => b[1] - a[1])[0] as [
        string,
        number,
      ]
      expect(Object.values(brandCounts).reduce((sum, n) => sum + n, 0)).toBe(all.data.products.count)

      const byGroup = await gql(
        `{ products(take: 0, filter: { facets: ["${brandFacet}"], filterMode: BY_GROUP }) { count ${FACETS} } }`,
      )
      expect(byGroup.data.products.count).toBe(brandCount)
      // Other brands keep their counts, so the shopper sees what adding them would give.
      expect(countsOf(byGroup.data, 'Brand')).toEqual(brandCounts)
      // Sizes are counted within the selected brand only.
      const sizeTotal = Object.values(countsOf(byGroup.data, 'Sku')).reduce((max, n) => Math.max(max, n), 0)
      expect(sizeTotal).toBeLessThanOrEqual(brandCount)

      const current = await gql(
        `{ products(take: 0, filter: { facets: ["${brandFacet}"], filterMode: CURRENT }) { count ${FACETS} } }`,
      )
      expect(countsOf(current.data, 'Brand')).toEqual({ [brandFacet]: brandCount })
    })

    it('ANDs facet groups and ORs values within a group', async () => {
      const all = await gql('{ products(take: 0) { filters { facets { type values { facetId count } } } } }')
      const group = (type: string) =>
        first(all.data.products.filters.facets.filter((f) => f.type === type)).values
      const [a, b] = group('Brand').map((v) => v.facetId)
      if (!a || !b) throw new Error('the seed has fewer than two brands')
      const count = async (facets: string[]) =>
        (
          await gql('query ($f: [String]) { products(take: 0, filter: { facets: $f }) { count } }', {
            f: facets,
          })
        ).data.products.count
      expect(await count([a, b])).toBe((await count([a])) + (await count([b])))
      const size = first(group('Sku')).facetId
      expect(await count([a, size])).toBeLessThanOrEqual(Math.min(await count([a]), await count([size])))
      expect(await count([a, size])).toBeGreaterThanOrEqual(0)
    })

    it('selects only cut prices in the first discount band, di_0-5 (docs/product-rules.md#catalogue-and-lists; a full price rounds to 0 % too)', async () => {
      const { data } = await gql(
        '{ products(take: 200, filter: { facets: ["di_0-5"] }) { count products { unitPrice { isDiscounted } } } }',
      )
      const products = data.products.products as { unitPrice: { isDiscounted: boolean } }[]
      expect(products.every((product) => product.unitPrice.isDiscounted)).toBe(true)
      const all = await gql('{ products(take: 0) { count } }')
      expect(data.products.count).toBeLessThan(all.data.products.count)
    })

    it('keeps the order of explicit productIds', async () => {
      const ids = [5, 1, 3]
      const { data } = await gql(
        'query ($ids: [Int]) { products(filter: { productIds: $ids }) { count products { productId } } }',
        { ids },
      )
      expect(data.products.products.map((p) => p.productId)).toEqual(ids)
      expect(data.products.count).toBe(3)
    })
  })

  describe('search', () => {
    beforeAll(async () => {
      // A product whose only match for 'mekot' is its name's stem (no keywords), in Finnish.
      const template = await database.db
        .selectFrom('products')
        .selectAll()
        .where('product_id', '=', satin.productId)
        .executeTakeFirstOrThrow()
      await database.db
        .insertInto('products')
        .values({
          ...template,
          product_id: SEARCH_PRODUCT_ID,
          article_number: 'SEARCH-1',
          sales_count: 0,
          created_at: new Date(),
        })
        .execute()
      await database.db
        .insertInto('product_texts')
        .values({
          product_id: SEARCH_PRODUCT_ID,
          language: 'fi',
          name: 'Kukallinen mekko',
          alias: 'kukallinen-mekko-test',
          text1: '',
          search_keywords: '',
        })
        .execute()
      await sql`INSERT INTO product_prices SELECT ${SEARCH_PRODUCT_ID}::int, market_alias, regular_price_inc_vat, selling_price_inc_vat, vat_rate_bp
                FROM product_prices WHERE product_id = ${satin.productId}`.execute(database.db)
    })

    const search = async (text: string) =>
      (
        await gql(
          'query ($t: String) { products(take: 200, filter: { searchText: $t }) { count products { productId name } } }',
          { t: text },
        )
      ).data.products.products as { productId: number; name: string }[]

    it("finds 'mekko' by the inflected plural 'mekot' (Finnish stemmer)", async () => {
      expect((await search('mekot')).map((p) => p.productId)).toContain(SEARCH_PRODUCT_ID)
    })

    it('finds a product despite a typo (trigram similarity)', async () => {
      expect((await search('kukalinen')).map((p) => p.productId)).toContain(SEARCH_PRODUCT_ID)
      expect((await search('satinimekko')).map((p) => p.productId)).toContain(satin.productId)
    })

    it('ranks by relevance and finds nothing for nonsense', async () => {
      const results = await search('satiinimekko')
      expect(results[0]?.name.toLowerCase()).toContain('satiinimekko')
      expect(await search('qwxzvbn')).toEqual([])
    })

    it('searches in the request language', async () => {
      const { data } = await gql(
        '{ products(take: 50, languageId: "sv-SE", marketId: "se", filter: { searchText: "klänningar" }) { count products { name } } }',
      )
      expect(data.products.count).toBeGreaterThan(0)
    })
  })

  describe('categories, brands and list pages', () => {
    it('returns the category tree level by level, without hidden categories unless asked', async () => {
      const roots = (
        await gql('{ categories(parentCategoryId: 0) { categoryId parentCategoryId canonicalUrl } }')
      ).data.categories
      expect(roots.length).toBeGreaterThan(0)
      for (const root of roots) expect(root.parentCategoryId).toBe(0)
      const firstRoot = first(roots)
      const children = (
        await gql(`{ categories(parentCategoryId: ${firstRoot.categoryId}) { parentCategoryId } }`)
      ).data.categories
      for (const child of children) expect(child.parentCategoryId).toBe(firstRoot.categoryId)
      const all = (await gql('{ categories { categoryId isHidden } }')).data.categories
      expect(all.every((c) => !c.isHidden)).toBe(true)
      const withHidden = (await gql('{ categories(includeHidden: true) { categoryId } }')).data.categories
      expect(withHidden.length).toBeGreaterThanOrEqual(all.length)
      expect((await gql('{ categories(parentCategoryId: 999999) { categoryId } }')).data.categories).toEqual(
        [],
      )
    })

    it('lists brands with their list urls', async () => {
      const { data } = await gql('{ brands { brandId alias name canonicalUrl } }')
      expect(data.brands.length).toBeGreaterThan(3)
      for (const brand of data.brands) expect(brand.canonicalUrl).toBe(`/b/${brand.alias}`)
    })

    it('describes a list page by url or alias, the site without either, and null for unknown ones', async () => {
      const root = first(
        (await gql('{ categories(parentCategoryId: 0) { categoryId alias name } }')).data.categories,
      )
      const byUrl = await gql(
        `{ listPageInfo(url: "/c/${root.alias}") { id alias name canonicalUrl meta { title } subCategories { categoryId } alternativeUrls { culture } } }`,
      )
      expect(byUrl.data.listPageInfo).toMatchObject({
        id: root.categoryId,
        alias: root.alias,
        name: root.name,
        canonicalUrl: `/c/${root.alias}`,
      })
      expect(byUrl.data.listPageInfo.alternativeUrls.length).toBeGreaterThanOrEqual(4)
      const byAlias = await gql(`{ listPageInfo(alias: "${root.alias}") { id } }`)
      expect(byAlias.data.listPageInfo.id).toBe(root.categoryId)
      const site = await gql('{ listPageInfo { name meta { title description } } }')
      expect(site.data.listPageInfo.name).toBe('Lumo')
      expect(site.data.listPageInfo.meta.title).toContain('Lumo')
      const generic = await gql('{ listPageInfo(url: "/l/new-arrivals") { name } }')
      expect(generic.data.listPageInfo.name).toBe('Uutuudet')
      expect((await gql('{ listPageInfo(url: "/c/nope") { id } }')).data).toEqual({ listPageInfo: null })
      expect((await gql('{ listPageInfo(alias: "nope") { id } }')).data).toEqual({ listPageInfo: null })
    })
  })

  describe('reviews', () => {
    it('returns count, average and a page of reviews', async () => {
      const { data } = await gql(
        `{ reviews(alias: "${SATIN_ALIAS}", take: 2) { count averageRating reviews { rating comment author reviewDate } } }`,
      )
      expect(data.reviews.count).toBe(satin.reviews)
      expect(data.reviews.reviews).toHaveLength(2)
      expect(data.reviews.averageRating).toBeGreaterThanOrEqual(1)
      expect(data.reviews.averageRating).toBeLessThanOrEqual(5)
    })

    it('rejects an unknown alias and take above 200', async () => {
      expect(codeOf(await gql('{ reviews(alias: "nope") { count } }'))).toBe('NOT_FOUND')
      expect(
        (await gql(`{ reviews(alias: "${SATIN_ALIAS}", take: 201) { count } }`)).errors?.[0]?.message,
      ).toBe('take must be at most 200')
    })

    /** A new customer and a bearer token for them: posting a review needs a login. */
    async function reviewer(email: string) {
      // a customer logged in through the auth service's real protocol
      const { token, userId } = await registerAndLogin(app, { email, password: 'Arvostelija-123' })
      return { userId, headers: { authorization: `Bearer ${token}` } }
    }

    it('stores a valid review and records the signed-in author', async () => {
      const alias = FIXTURE_PRODUCTS.newBlouse.productId
      const product = (await gql(`{ product(productId: ${alias}) { alias } }`)).data.product.alias as string
      const before = (await gql(`{ reviews(alias: "${product}") { count } }`)).data.reviews.count as number
      const { userId, headers } = await reviewer('reviewer@example.fi')
      const posted = await gql(
        'mutation ($a: String!) { postProductReview(alias: $a, rating: 4, author: " Anna ", comment: "Hyvä istuvuus") }',
        { a: product },
        headers,
      )
      expect(posted.data).toEqual({ postProductReview: true })
      const after = await gql(
        `{ reviews(alias: "${product}", take: 1) { count reviews { author rating comment } } }`,
      )
      expect(after.data.reviews.count).toBe(before + 1)
      expect(after.data.reviews.reviews[0]).toEqual({ author: 'Anna', rating: 4, comment: 'Hyvä istuvuus' })
      const stored = await database.db
        .selectFrom('reviews')
        .select('user_id')
        .where('author', '=', 'Anna')
        .executeTakeFirstOrThrow()
      expect(stored.user_id).toBe(userId)
    })

    it('rejects a review without a valid rating, author or comment, storing nothing', async () => {
      const count = async () =>
        Number(
          (
            await database.db
              .selectFrom('reviews')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const before = await count()
      const { headers } = await reviewer('rejected-reviewer@example.fi')
      const cases = [
        ['rating: 6, author: "A", comment: "x"', 'rating must be between 1 and 5'],
        ['rating: 0, author: "A", comment: "x"', 'rating must be between 1 and 5'],
        ['author: "A", comment: "x"', 'rating is required'],
        ['rating: 3, author: "  ", comment: "x"', 'author is required'],
        ['rating: 3, author: "A", comment: ""', 'comment is required'],
        ['rating: 3, author: "A"', 'comment is required'],
      ] as const
      for (const [args, message] of cases) {
        const response = await gql(
          `mutation { postProductReview(alias: "${SATIN_ALIAS}", ${args}) }`,
          {},
          headers,
        )
        expect(codeOf(response), args).toBe('BAD_USER_INPUT')
        expect(response.errors?.[0]?.message, args).toBe(message)
      }
      expect(
        codeOf(
          await gql(
            'mutation { postProductReview(alias: "nope", rating: 3, author: "A", comment: "x") }',
            {},
            headers,
          ),
        ),
      ).toBe('NOT_FOUND')
      expect(await count()).toBe(before)
    })
  })

  describe('back-in-stock requests and newsletter', () => {
    it('stores a request once; asking again is true, and tells no visitor that the address already waited', async () => {
      const sku = satin.skus.outOfStock
      const first = await gql(
        `mutation { requestStockNotification(email: "Shopper@Example.fi", skuId: ${sku}) { ok alreadyActive } }`,
      )
      expect(first.data.requestStockNotification).toEqual({ ok: true, alreadyActive: false })
      const again = await gql(
        `mutation { monitorProductAvailability(email: "shopper@example.fi", skuId: ${sku}) }`,
      )
      expect(again.data.monitorProductAvailability).toBe(true)
      const third = await gql(
        `mutation { requestStockNotification(email: "shopper@example.fi", skuId: ${sku}) { ok alreadyActive } }`,
      )
      // whether an address asked about a product is the address's own business
      expect(third.data.requestStockNotification).toEqual({ ok: true, alreadyActive: false })
      const rows = await database.db
        .selectFrom('stock_monitors')
        .selectAll()
        .where('sku_id', '=', sku)
        .where('email', '=', 'shopper@example.fi')
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        email: 'shopper@example.fi',
        market_alias: 'fi',
        language: 'fi',
        notified_at: null,
      })
    })

    it('re-arms a request that was already notified', async () => {
      const sku = satin.skus.oversellable
      await gql(`mutation { monitorProductAvailability(email: "again@example.fi", skuId: ${sku}) }`)
      await database.db
        .updateTable('stock_monitors')
        .set({ notified_at: new Date() })
        .where('sku_id', '=', sku)
        .where('email', '=', 'again@example.fi')
        .execute()
      const response = await gql(
        `mutation { requestStockNotification(email: "again@example.fi", skuId: ${sku}) { alreadyActive } }`,
      )
      expect(response.data.requestStockNotification.alreadyActive).toBe(false)
      const row = await database.db
        .selectFrom('stock_monitors')
        .select('notified_at')
        .where('sku_id', '=', sku)
        .where('email', '=', 'again@example.fi')
        .executeTakeFirstOrThrow()
      expect(row.notified_at).toBeNull()
    })

    it('rejects an invalid e-mail and an unknown SKU', async () => {
      const bad = await gql(
        `mutation { monitorProductAvailability(email: "not-an-email", skuId: ${satin.skus.inStock}) }`,
      )
      expect(codeOf(bad)).toBe('BAD_USER_INPUT')
      expect(bad.errors?.[0]?.message).toBe('email must be a valid e-mail address')
      expect(
        codeOf(await gql('mutation { monitorProductAvailability(email: "a@b.fi", skuId: 99999999) }')),
      ).toBe('NOT_FOUND')
    })

    it('subscribes to the newsletter idempotently and rejects an invalid e-mail', async () => {
      const subscribe = (email: string) =>
        gql(
          'mutation ($e: String!) { subscribeToNewsletter(email: $e, tags: ["first-purchase"], marketId: "se") }',
          { e: email },
        )
      expect((await subscribe('News@Example.se')).data).toEqual({ subscribeToNewsletter: true })
      expect((await subscribe('news@example.se')).data).toEqual({ subscribeToNewsletter: true })
      const rows = await database.db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('email', '=', 'news@example.se')
        .execute()
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        market_alias: 'se',
        language: 'sv',
        tags: ['first-purchase'],
        unsubscribed_at: null,
      })
      expect(codeOf(await subscribe('nope'))).toBe('BAD_USER_INPUT')
    })
  })

  describe('batched loading', () => {
    it('reads a list of 48 products with brands, SKUs, stock, prices, images, categories and parameters in at most 5 statements', async () => {
      await gql('{ channel { id } }') // markets are cached per process; warm them like a running server
      const statements: string[] = []
      const stop = database.onQuery((event) => statements.push(event.sql))
      const { data, errors } = await gql(`{ products(take: 48) { count products {
        productId name brand { name } unitPrice { sellingPriceIncVat sellingPriceIncVatFormatted } lowestPrice { lowestPriceIncVat }
        skus { skuId name stock { inStock totalStock } stockStatus } totalStock { totalStock } stockStatus badges
        productImages { fileName } categories { name } primaryCategory { name } breadcrumbs { name }
        parameterGroups { name parameters { name value } } discountCampaigns { name } rating { score } } } }`)
      stop()
      expect(errors).toBeUndefined()
      expect(data.products.products).toHaveLength(48)
      const seeded = data.products.products.filter((p) => p.productId !== SEARCH_PRODUCT_ID)
      expect(seeded.every((p) => p.skus.length > 0 && p.productImages.length > 0)).toBe(true)
      expect(statements.length, statements.join('\n---\n')).toBeLessThanOrEqual(5)
    })
  })
})
