/**
 * The Geins fields the original storefront (geins-io/ralph-ui) reads on the product page and that
 * Lumo added for it (issue 32 part 2): PriceLogItemType's ex-VAT formatted amounts, the colours'
 * sizes and stock on VariantType, ProductType.variantDimensions and RelatedProductType.relation.
 * Real seeded database, HTTP.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../server/config'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import graphqlService from '../../../server/services/graphql'
import { formatMoney, fromDecimal } from '../../../server/services/graphql/pricing/money'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const SEED_PRODUCTS = 120
const satin = FIXTURE_PRODUCTS.satinDress

interface Stock {
  totalStock: number
  inStock: number
  oversellable: number
  static: number | null
}
interface Variant {
  level: number
  dimension: string
  type: string
  value: string | null
  label: string | null
  productId: number
  alias: string | null
  skuId: number | null
  stock: Stock
  variants: Variant[] | null
}

describeEachDatabase('the Geins fields Ralph reads on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let config: Config

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': config.apiKey },
      payload: { query, variables },
    })
    const body = response.json() as { data?: T; errors?: unknown }
    expect(body.errors).toBeUndefined()
    return body.data as T
  }

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: SEED_PRODUCTS } })
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-graphql-test',
      SESSION_SECRET: 'ralph-ui-fields-secret-0123456789abcdef',
    })
    app = Fastify()
    await app.register(graphqlService, { database, config })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('formats each price log entry ex VAT with the market money formatter', async () => {
    const fields = `sellingPriceIncVat sellingPriceExVat regularPriceExVat discountIncVat discountExVat vat
      sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceExVatFormatted
      discountIncVatFormatted discountExVatFormatted vatFormatted isLowest date`
    type Entry = Record<string, number | string | boolean>
    const data = await gql<{ products: { products: { productId: number; priceLog: Entry[] }[] } }>(
      `query ($m: String, $l: String) { products(take: 60, marketId: $m, languageId: $l) {
        products { productId priceLog { ${fields} } } } }`,
      { m: 'se', l: 'sv-SE' },
    )
    const logged = data.products.products.filter((product) => product.priceLog.length > 0)
    expect(logged.length).toBeGreaterThan(0)
    const pairs = [
      ['sellingPriceExVat', 'sellingPriceExVatFormatted'],
      ['regularPriceExVat', 'regularPriceExVatFormatted'],
      ['discountIncVat', 'discountIncVatFormatted'],
      ['discountExVat', 'discountExVatFormatted'],
      ['vat', 'vatFormatted'],
    ] as const
    for (const product of logged) {
      for (const entry of product.priceLog) {
        for (const [amount, text] of pairs)
          expect(entry[text]).toBe(formatMoney(fromDecimal(entry[amount] as number), 'SEK', 'sv-SE'))
        // ex VAT + VAT is the VAT-inclusive price the log already showed
        expect(fromDecimal(entry['sellingPriceExVat'] as number) + fromDecimal(entry['vat'] as number)).toBe(
          fromDecimal(entry['sellingPriceIncVat'] as number),
        )
        expect(entry['sellingPriceExVatFormatted']).toMatch(/kr$/)
      }
    }
  })

  it('nests each colour’s sizes under it as sku-level variants with their stock', async () => {
    const stock = 'stock { totalStock inStock oversellable static }'
    const variant = `level dimension type value label productId alias skuId ${stock}`
    const data = await gql<{
      product: { variantGroup: { variants: Variant[] } }
    }>(
      `query ($alias: String) { product(alias: $alias, marketId: "fi", languageId: "fi-FI") {
        variantGroup { variants { ${variant} variants { ${variant} variants { ${variant} } } } } } }`,
      { alias: satin.aliases.fi },
    )
    const colours = data.product.variantGroup.variants
    expect(colours.map((colour) => colour.productId)).toEqual([
      1,
      ...FIXTURE_PRODUCTS.satinDressColours.productIds,
    ])
    for (const colour of colours) {
      const own = await gql<{
        product: { alias: string; totalStock: Stock; skus: { skuId: number; name: string; stock: Stock }[] }
      }>(
        `query ($id: Int) { product(productId: $id, marketId: "fi", languageId: "fi-FI") {
          alias totalStock { totalStock inStock oversellable static } skus { skuId name ${stock} } } }`,
        { id: colour.productId },
      )
      expect(colour).toMatchObject({ level: 1, type: 'product', skuId: null })
      // the colour's stock is its sizes' stock summed, as the product's own totalStock
      expect(colour.stock).toEqual(own.product.totalStock)
      const sizes = colour.variants ?? []
      expect(sizes.length).toBeGreaterThan(1)
      expect(sizes.map((size) => size.skuId)).toEqual(own.product.skus.map((sku) => sku.skuId))
      sizes.forEach((size, index) => {
        const sku = own.product.skus[index]!
        expect(size).toMatchObject({
          level: 0,
          dimension: 'Size',
          type: 'sku',
          value: sku.name,
          label: sku.name,
          productId: colour.productId,
          alias: own.product.alias,
          stock: sku.stock,
          variants: [],
        })
      })
      expect(sizes.reduce((sum, size) => sum + size.stock.totalStock, 0)).toBe(colour.stock.totalStock)
    }
  })

  it('names the colour and size dimensions a product is chosen in', async () => {
    interface Dimension {
      level: number
      dimension: string
      type: string
      value: string | null
      label: string | null
      attributes: { key: string; value: string }[]
      group: { label: string; value: string }[]
    }
    const query = `query ($id: Int, $l: String) { product(productId: $id, marketId: "se", languageId: $l) {
      skus { name } variantDimensions { level dimension type value label attributes { key value } group { label value } } } }`
    const navy = await gql<{ product: { skus: { name: string }[]; variantDimensions: Dimension[] } }>(query, {
      id: FIXTURE_PRODUCTS.satinDressColours.productIds[0],
      l: 'sv-SE',
    })
    const [colour, size] = navy.product.variantDimensions
    expect(colour).toMatchObject({
      level: 1,
      dimension: 'Color',
      type: 'product',
      value: 'navy',
      label: 'Marinblå',
    })
    expect(colour?.group).toEqual([
      { label: 'Svart', value: 'black' },
      { label: 'Marinblå', value: 'navy' },
      { label: 'Röd', value: 'red' },
    ])
    expect(colour?.attributes.map((attribute) => attribute.key)).toEqual(['hex'])
    expect(size).toMatchObject({ level: 0, dimension: 'Size', type: 'sku', value: null, label: null })
    expect(size?.group).toEqual(navy.product.skus.map((sku) => ({ label: sku.name, value: sku.name })))

    // a product sold in one colour still names its colour, the only one of its group
    const lone = await gql<{ products: { products: { productId: number; variantGroup: unknown }[] } }>(
      '{ products(take: 60) { products { productId variantGroup { variantGroupId } } } }',
    )
    const single = lone.products.products.find((product) => product.variantGroup === null)
    expect(single).toBeDefined()
    const own = await gql<{ product: { variantDimensions: Dimension[] } }>(query, {
      id: single?.productId,
      l: 'sv-SE',
    })
    const ownColour = own.product.variantDimensions.find((dimension) => dimension.dimension === 'Color')
    expect(ownColour?.group).toEqual([{ label: ownColour?.label, value: ownColour?.value }])
  })

  it('answers relation with the enum of how each related product was chosen', async () => {
    const data = await gql<{
      product: { brand: { name: string } }
      relatedProducts: { alias: string; relation: string; relationType: string; brand: { name: string } }[]
    }>(
      `query ($alias: String!) { product(alias: $alias) { brand { name } }
        relatedProducts(alias: $alias) { alias relation relationType brand { name } } }`,
      { alias: satin.aliases.fi },
    )
    const related = data.relatedProducts
    expect(related.length).toBeGreaterThan(0)
    for (const item of related) {
      expect(item.relation).toBe(item.relationType)
      // SIMILAR: the same brand as the product; RELATED: the same category only
      expect(item.relation === 'SIMILAR').toBe(item.brand.name === data.product.brand.name)
    }
  })
})
