/**
 * The product page's GraphQL operations are valid against the commerce API's schema
 * (graphql/schema.graphql plus the areas' `extend type` files), so a renamed field fails here
 * rather than on a product page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
const SERVICE_DIR = path.join(ROOT, 'server', 'services', 'graphql')

function schemaSource(): string {
  const parts = [readFileSync(path.join(ROOT, 'graphql', 'schema.graphql'), 'utf8')]
  for (const entry of readdirSync(SERVICE_DIR).sort()) {
    const folder = path.join(SERVICE_DIR, entry)
    if (!statSync(folder).isDirectory()) continue
    for (const file of readdirSync(folder).sort()) {
      if (file.endsWith('.graphql')) parts.push(readFileSync(path.join(folder, file), 'utf8'))
    }
  }
  return parts.join('\n')
}

const PRICE_FIELDS = readFileSync(path.join(ROOT, 'graphql', 'operations', 'price-fields.graphql'), 'utf8')

const OPERATIONS = [
  'product.graphql',
  'reviews.graphql',
  'related-products.graphql',
  'monitor-product-availability.graphql',
  'post-product-review.graphql',
]

describe('product page operations', () => {
  const schema = buildSchema(schemaSource())

  for (const file of OPERATIONS) {
    it(`${file} is valid against the schema`, () => {
      const source = readFileSync(path.join(ROOT, 'graphql', 'operations', file), 'utf8')
      // the price fragments are appended at run time (withPriceFields)
      const document = parse(source.includes('...PriceFields') ? `${source}\n${PRICE_FIELDS}` : source)
      expect(validate(schema, document).map((error) => error.message)).toEqual([])
    })
  }
})
