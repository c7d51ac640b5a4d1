/**
 * Issue 27 part 4 (ADR 0055), through the commerce API on a real, seeded database: every list
 * opens on what can be bought, a size filter means "in stock in that size", sizes come in their
 * natural order and each category has one facet row.
 *
 * A card's availability tier is read off the card itself (its badges and stock status), not off
 * the listing table, so the test holds the list order to what the shopper sees.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../server/config'
import graphqlService from '../../../server/services/graphql'
import { sortSizes } from '../../../src/shared/sizes'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const SEED_PRODUCTS = 400

interface Card {
  productId: number
  stockStatus: string
  badges: string[]
  skus: { name: string; stockStatus: string }[]
}
interface FilterValue {
  facetId: string
  parentId: string | null
  label: string
  count: number
}
interface ProductsResult {
  count: number
  products: Card[]
  filters: { facets: { type: string; values: FilterValue[] }[] }
}

const TIER_NAMES = ['in stock', 'few left', 'incoming', 'sold out'] as const

/** What the card tells the shopper: 0 in stock, 1 few left / made to order, 2 incoming, 3 sold out. */
function tierOf(card: Card): number {
  if (card.badges.includes('INCOMING')) return 2
  if (card.stockStatus === 'OUT_OF_STOCK') return 3
  if (card.stockStatus === 'FEW_LEFT' || card.stockStatus === 'OVERSELLABLE') return 1
  return 0
}

/** The first card that comes after a card of a higher tier (a sold-out product before a buyable one). */
function firstOutOfOrder(cards: readonly Card[]): string | null {
  for (let i = 1; i < cards.length; i++) {
    const [before, after] = [tierOf(cards[i - 1]!), tierOf(cards[i]!)]
    if (after < before)
      return `#${i + 1} (${cards[i]!.productId}, ${TIER_NAMES[after]}) after #${i} (${cards[i - 1]!.productId}, ${TIER_NAMES[before]})`
  }
  return null
}

const CARD = 'productId stockStatus badges skus { name stockStatus }'
const FACETS = 'filters { facets { type values { facetId parentId label count } } }'

describeEachDatabase('lists that open on what can be bought on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let config: Config

  async function products(args: string, scope = ''): Promise<ProductsResult> {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': config.apiKey },
      payload: { query: `{ products(${args}${scope}) { count products { ${CARD} } ${FACETS} } }` },
    })
    const body = response.json() as { data?: { products: ProductsResult }; errors?: unknown }
    if (!body.data?.products) throw new Error(`products(${args}) failed: ${JSON.stringify(body.errors)}`)
    return body.data.products
  }

  /** The whole list, read 200 at a time (the API's largest page). */
  async function wholeList(args: string): Promise<Card[]> {
    const cards: Card[] = []
    for (let skip = 0; ; skip += 200) {
      const page = await products(`${args}, skip: ${skip}, take: 200`)
      cards.push(...page.products)
      if (cards.length >= page.count || page.products.length === 0) return cards
    }
  }

  const sizeFacet = (result: ProductsResult) =>
    result.filters.facets.find((group) => group.type === 'Sku')?.values ?? []
  const categoryFacet = (result: ProductsResult) =>
    result.filters.facets.find((group) => group.type === 'Category')?.values ?? []

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: SEED_PRODUCTS } })
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-lists-availability-test',
      SESSION_SECRET: 'lists-availability-secret-0123456789abcdef',
    })
    app = Fastify()
    await app.register(graphqlService, { database, config })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  /** Every kind of list the storefront opens, with the sort it opens in (src/features/list/query.ts). */
  async function storefrontLists(): Promise<{ name: string; args: string; scope?: string }[]> {
    const brand = await database.db
      .selectFrom('brands')
      .select('alias')
      .orderBy('brand_id')
      .executeTakeFirstOrThrow()
    const campaign = await database.db
      .selectFrom('discount_campaign_texts')
      .select('alias')
      .where('language', '=', 'fi')
      .orderBy('campaign_id')
      .executeTakeFirstOrThrow()
    return [
      { name: '/fi/c/mekot', args: 'url: "/c/mekot", filter: { sort: LATEST }' },
      { name: '/fi/c/kengat', args: 'url: "/c/kengat", filter: { sort: LATEST }' },
      { name: '/fi/c/vaatteet', args: 'url: "/c/vaatteet", filter: { sort: LATEST }' },
      {
        name: '/se/sv/c/klanningar',
        args: 'url: "/c/klanningar", filter: { sort: LATEST }',
        scope: ', marketId: "se", languageId: "sv-SE"',
      },
      { name: `/fi/b/${brand.alias}`, args: `url: "/b/${brand.alias}", filter: { sort: LATEST }` },
      { name: `/fi/dc/${campaign.alias}`, args: `url: "/dc/${campaign.alias}", filter: { sort: LATEST }` },
      { name: '/fi/l/all', args: 'url: "/l/all", filter: { sort: LATEST }' },
      { name: '/fi/l/new-arrivals', args: 'url: "/l/new-arrivals", filter: { sort: LATEST }' },
      { name: '/fi/l/bestsellers', args: 'url: "/l/bestsellers", filter: { sort: MOST_SOLD }' },
      { name: '/fi/l/sale', args: 'url: "/l/sale", filter: { sort: PRICE }' },
      { name: '/fi/l/outlet', args: 'url: "/l/outlet", filter: { sort: PRICE }' },
      { name: '/fi/l/sustainable', args: 'url: "/l/sustainable", filter: { sort: LATEST }' },
      { name: '/fi/l/incoming', args: 'url: "/l/incoming", filter: { sort: LATEST }' },
      { name: '/fi/s/mekko', args: 'url: "/s/mekko", filter: { sort: RELEVANCE }' },
      { name: 'the default sort (none given)', args: 'url: "/c/vaatteet"' },
      { name: 'lowest price first', args: 'url: "/c/vaatteet", filter: { sort: PRICE }' },
      { name: 'highest price first', args: 'url: "/c/vaatteet", filter: { sort: PRICE_DESC }' },
      { name: 'most sold first', args: 'url: "/c/vaatteet", filter: { sort: MOST_SOLD }' },
    ]
  }

  it('opens every list on what can be bought: no card of a later tier before one of an earlier', async () => {
    const lists = await storefrontLists()
    const broken: string[] = []
    const tiersSeen = new Set<number>()
    for (const list of lists) {
      const result = await products(`${list.args}, take: 48`, list.scope)
      for (const card of result.products) tiersSeen.add(tierOf(card))
      const wrong = firstOutOfOrder(result.products)
      if (wrong) broken.push(`${list.name}: ${wrong}`)
    }
    expect(broken).toEqual([])
    // the catalogue has every tier, so the order was put to the test
    expect([...tiersSeen].sort()).toEqual([0, 1, 2, 3])
  })

  it('keeps the tiers across pages: page 2 starts no earlier than page 1 ended', async () => {
    const whole = { products: await wholeList('url: "/c/vaatteet", filter: { sort: LATEST }') }
    expect(whole.products.length).toBeGreaterThan(48)
    expect(firstOutOfOrder(whole.products)).toBeNull()
    const second = await products('url: "/c/vaatteet", filter: { sort: LATEST }, skip: 24, take: 24')
    expect(second.products.map((card) => card.productId)).toEqual(
      whole.products.slice(24, 48).map((card) => card.productId),
    )
    // the sold-out products are still in the list, last
    expect(whole.products.some((card) => tierOf(card) === 3)).toBe(true)
    expect(tierOf(whole.products.at(-1)!)).toBe(3)
  })

  it('puts what can be bought first among related products', async () => {
    const origin = (await products('url: "/c/vaatteet", take: 1')).products[0]!
    const alias = await database.db
      .selectFrom('product_texts')
      .select('alias')
      .where('product_id', '=', origin.productId)
      .where('language', '=', 'fi')
      .executeTakeFirstOrThrow()
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': config.apiKey },
      payload: { query: `{ relatedProducts(alias: "${alias.alias}") { ${CARD} } }` },
    })
    const related = (response.json() as { data: { relatedProducts: Card[] } }).data.relatedProducts
    expect(related.length).toBeGreaterThan(0)
    expect(firstOutOfOrder(related)).toBeNull()
  })

  it('filters a size to the products that can be bought in it, with the count the facet promised', async () => {
    const list = 'url: "/c/vaatteet", filter: { sort: LATEST'
    const unfiltered = await products(`${list} }, take: 1`)
    const m = sizeFacet(unfiltered).find((value) => value.label === 'M')
    expect(m?.count).toBeGreaterThan(0)
    const filtered = await products(`${list}, facets: ["sk_M"], filterMode: BY_GROUP }, take: 1`)
    expect(filtered.count).toBe(m!.count)
    const filteredCards = await wholeList(`${list}, facets: ["sk_M"], filterMode: BY_GROUP }`)
    expect(filteredCards).toHaveLength(filtered.count)
    expect(firstOutOfOrder(filteredCards)).toBeNull()
    const withoutM = filteredCards.filter(
      (card) => !card.skus.some((sku) => sku.name === 'M' && sku.stockStatus !== 'OUT_OF_STOCK'),
    )
    expect(withoutM.map((card) => card.productId)).toEqual([])
    // …and it counts every product that has M in stock: none is left out
    const all = { products: await wholeList(`${list} }`) }
    const mInStock = all.products.filter((card) =>
      card.skus.some((sku) => sku.name === 'M' && sku.stockStatus !== 'OUT_OF_STOCK'),
    )
    expect(filtered.count).toBe(mInStock.length)
    // the products with M sold out exist, so the filter had something to leave out
    expect(
      all.products.some((card) =>
        card.skus.some((sku) => sku.name === 'M' && sku.stockStatus === 'OUT_OF_STOCK'),
      ),
    ).toBe(true)
  })

  it('shows a size sold out in every product of the list with 0, and finds nothing for it', async () => {
    const brand = await database.db
      .selectFrom('product_listing')
      .select([
        'brand_id',
        sql<string>`(SELECT alias FROM brands b WHERE b.brand_id = product_listing.brand_id)`.as('alias'),
      ])
      .where('market_alias', '=', 'fi')
      .where(sql<boolean>`'L' = ANY (sizes)`)
      .groupBy('brand_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow()
    await database.db
      .updateTable('skus')
      .set({ stock_in_stock: 0, stock_oversellable: 0, stock_static: 0 })
      .where('name', '=', 'L')
      .where(
        'product_id',
        'in',
        database.db.selectFrom('products').select('product_id').where('brand_id', '=', brand.brand_id),
      )
      .execute()
    const list = `url: "/b/${brand.alias}", filter: { sort: LATEST`
    const facet = sizeFacet(await products(`${list} }, take: 1`))
    expect(facet.find((value) => value.label === 'L')).toMatchObject({ facetId: 'sk_L', count: 0 })
    expect(facet.some((value) => value.count > 0)).toBe(true)
    const filtered = await products(`${list}, facets: ["sk_L"], filterMode: BY_GROUP }, take: 48`)
    expect(filtered.count).toBe(0)
    expect(filtered.products).toEqual([])
  })

  it('lists the sizes in their natural order: XXS … 3XL, then numbers ascending, one-size last', async () => {
    const labels = sizeFacet(await products('url: "/l/all", take: 1')).map((value) => value.label)
    expect(labels).toEqual(sortSizes(labels))
    const at = (label: string) => labels.indexOf(label)
    for (const label of ['XS', 'S', 'M', 'L', 'XL', '32', '44', '46', 'One size'])
      expect(at(label)).toBeGreaterThanOrEqual(0)
    expect(at('XS')).toBeLessThan(at('S'))
    expect(at('M')).toBeLessThan(at('L'))
    expect(at('XL')).toBeLessThan(at('32'))
    expect(at('44')).toBeLessThan(at('46'))
    expect(at('One size')).toBe(labels.length - 1)
  })

  it('gives each category one facet row: no parent with the same products as its child', async () => {
    for (const [url, scope] of [
      ['/c/mekot', ''],
      ['/c/klanningar', ', marketId: "se", languageId: "sv-SE"'],
      ['/c/vaatteet', ''],
      ['/l/all', ''],
    ] as const) {
      const result = await products(`url: "${url}", take: 1`, scope)
      const rows = categoryFacet(result)
      const countOf = new Map(rows.map((row) => [row.facetId, row.count]))
      const doubled = rows.filter((row) => row.parentId !== null && countOf.get(row.parentId) === row.count)
      expect(doubled.map((row) => `${url}: ${row.label} (${row.count}) and its parent`)).toEqual([])
      expect(new Set(rows.map((row) => row.facetId)).size).toBe(rows.length)
    }
    // the dresses list: one row for dresses with the whole list, not also one for clothing
    const dresses = await products('url: "/c/klanningar", take: 1', ', marketId: "se", languageId: "sv-SE"')
    const labels = categoryFacet(dresses).map((row) => row.label)
    expect(labels).toContain('Klänningar')
    expect(labels).not.toContain('Kläder')
    expect(categoryFacet(dresses).find((row) => row.label === 'Klänningar')?.count).toBe(dresses.count)
  })
})
