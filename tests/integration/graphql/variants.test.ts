/**
 * Colour variants (issue #4 item 3): the seed's styles in two or three colours and
 * ProductType.variantGroup, against a real seeded database through HTTP (app.inject).
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig, type Config } from '../../../server/config'
import { DEFAULT_SEED, FIXED_REFERENCE_DATE, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { buildProduct, catalogueContext, variantLead } from '../../../server/db/seed/catalogue'
import graphqlService from '../../../server/services/graphql'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const SEED_PRODUCTS = 120
const satin = FIXTURE_PRODUCTS.satinDress
const colours = FIXTURE_PRODUCTS.satinDressColours

interface Variant {
  dimension: string
  type: string
  value: string | null
  label: string | null
  productId: number
  name: string
  alias: string
  canonicalUrl: string
  primaryImage: string | null
  attributes: { key: string; value: string }[]
}
interface Group {
  variantGroupId: number
  mainProductId: number
  activeProducts: number
  variants: Variant[]
}

interface ListBody {
  data: {
    products: {
      products: { productId: number; variantGroup: { variants: { productId: number }[] } | null }[]
    }
  }
}

const VARIANT_QUERY = `query ($alias: String, $id: Int, $languageId: String, $marketId: String) {
  product(alias: $alias, productId: $id, languageId: $languageId, marketId: $marketId) {
    productId name brand { name } unitPrice { regularPriceIncVat }
    variantGroup { variantGroupId mainProductId activeProducts
      variants { dimension type value label productId name alias canonicalUrl primaryImage attributes { key value } } }
  }
}`

describe('colour variants in the seed', () => {
  const context = catalogueContext(7, FIXED_REFERENCE_DATE)

  it('makes the satin dress a style of three colours with one brand, material and price', () => {
    const [dress, navy, red] = [1, 6, 7].map((id) => buildProduct(context, id))
    for (const rows of [dress, navy, red]) expect(rows?.product.variant_group_id).toBe(1)
    expect(new Set([dress, navy, red].map((rows) => rows?.style.colour))).toEqual(
      new Set(['black', 'navy', 'red']),
    )
    for (const rows of [navy, red]) {
      expect(rows?.style).toMatchObject({
        garment: 'dress',
        material: 'satin',
        brand: satin.brand,
        euro: 59.95,
      })
    }
    expect(navy?.texts.find((text) => text.language === 'fi')?.name).toBe(colours.names.fi[0])
    expect(red?.texts.find((text) => text.language === 'fi')?.name).toBe(colours.names.fi[1])
  })

  it('groups generated products into styles of at most three differently coloured products', () => {
    const groups = new Map<number, number[]>()
    for (let id = 8; id <= 400; id++) {
      const lead = variantLead(7, id)
      groups.set(lead, [...(groups.get(lead) ?? []), id])
    }
    const styles = [...groups.values()].filter((ids) => ids.length > 1)
    expect(styles.length).toBeGreaterThan(10)
    for (const ids of styles) {
      expect(ids.length).toBeLessThanOrEqual(3)
      const rows = ids.map((id) => buildProduct(context, id))
      expect(new Set(rows.map((row) => row.style.colour)).size).toBe(ids.length)
      expect(
        new Set(
          rows.map(
            (row) => `${row.style.garment}|${row.style.material}|${row.style.brand}|${row.style.euro}`,
          ),
        ).size,
      ).toBe(1)
      for (const row of rows) expect(row.product.variant_group_id).toBe(ids[0])
    }
    // a product sold in one colour has no group
    const single = [...groups.entries()].find(([, ids]) => ids.length === 1)?.[0] ?? 0
    expect(buildProduct(context, single).product.variant_group_id).toBeNull()
  })
})

describeEachDatabase('variantGroup on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let config: Config

  async function product(variables: Record<string, unknown>) {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-apikey': config.apiKey },
      payload: { query: VARIANT_QUERY, variables },
    })
    const body = response.json() as {
      data?: { product: { productId: number; name: string; variantGroup: Group | null } | null }
      errors?: unknown
    }
    expect(body.errors).toBeUndefined()
    return body.data?.product ?? null
  }

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: SEED_PRODUCTS } })
    config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/lumo-graphql-test',
      SESSION_SECRET: 'variants-test-secret-0123456789abcdef',
    })
    app = Fastify()
    await app.register(graphqlService, { database, config })
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  it('lists the colours of the satin dress in the request language, itself included', async () => {
    const dress = await product({ alias: satin.aliases.fi, languageId: 'fi-FI', marketId: 'fi' })
    const group = dress?.variantGroup
    expect(group).toMatchObject({ variantGroupId: 1, mainProductId: 1, activeProducts: 3 })
    expect(group?.variants.map((variant) => variant.productId)).toEqual([1, ...colours.productIds])
    expect(group?.variants.map((variant) => variant.name)).toEqual([satin.names.fi, ...colours.names.fi])
    expect(group?.variants[0]).toMatchObject({
      dimension: 'Color',
      type: 'product',
      value: 'black',
      label: 'Musta',
      alias: satin.aliases.fi,
      canonicalUrl: `/p/${satin.aliases.fi}`,
      attributes: [{ key: 'hex', value: '#1f1f1f' }],
    })
    expect(group?.variants.every((variant) => variant.primaryImage?.endsWith('.svg'))).toBe(true)

    const swedish = await product({ id: colours.productIds[0], languageId: 'sv-SE', marketId: 'se' })
    expect(swedish?.variantGroup?.variants.map((variant) => variant.label)).toEqual([
      'Svart',
      'Marinblå',
      'Röd',
    ])
    expect(swedish?.variantGroup?.variants[0]?.alias).toBe(satin.aliases.sv)
  })

  it('gives no group to a product sold in one colour', async () => {
    const lone = Array.from({ length: SEED_PRODUCTS - 8 }, (_, index) => index + 8).find(
      (id) => variantLead(DEFAULT_SEED, id) === id && variantLead(DEFAULT_SEED, id + 1) !== id,
    )
    expect(lone).toBeDefined()
    expect((await product({ id: lone }))?.variantGroup).toBeNull()
  })

  it('reads the groups of a list of products in one statement', async () => {
    const list = (fields: string) =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'x-apikey': config.apiKey },
        payload: { query: `{ products(take: 40) { products { productId ${fields} } } }` },
      })
    await list('') // markets are cached per process; warm them like a running server
    const count = async (fields: string) => {
      const statements: string[] = []
      const stop = database.onQuery((event) => statements.push(event.sql))
      const response = await list(fields)
      stop()
      return { statements: statements.length, body: response.json() as ListBody }
    }
    const plain = await count('')
    const grouped = await count('variantGroup { variants { productId } }')
    expect(grouped.statements).toBe(plain.statements + 1)
    const products = grouped.body.data.products.products
    expect(products).toHaveLength(40)
    expect(products.some((item) => item.variantGroup !== null)).toBe(true)
    for (const item of products) {
      if (item.variantGroup)
        expect(item.variantGroup.variants.map((v) => v.productId)).toContain(item.productId)
    }
  })
})
