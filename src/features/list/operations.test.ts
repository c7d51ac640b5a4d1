/**
 * The list pages' operations, assembled with their fragments the way the loaders and the card's
 * helpers assemble them, are valid against the commerce API's schema (graphql/schema.graphql plus
 * the areas' `extend type` files): a renamed field fails here rather than on a list page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
const SERVICE_DIR = path.join(ROOT, 'server', 'services', 'graphql')
const operation = (file: string) => readFileSync(path.join(ROOT, 'graphql', 'operations', file), 'utf8')

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

const CARD_FRAGMENTS = [operation('list-product-fields.graphql'), operation('price-fields.graphql')]
const LIST_FRAGMENTS = [operation('list-result-fields.graphql'), ...CARD_FRAGMENTS]

const DOCUMENTS: Record<string, string[]> = {
  listPage: [operation('list-page.graphql'), ...LIST_FRAGMENTS],
  listSearch: [operation('list-search.graphql'), ...LIST_FRAGMENTS],
  listPageAlias: [operation('list-page-info.graphql')],
  listBrands: [operation('list-brands.graphql')],
  // a page of cards the way another page builds one with withListProductFields()
  cards: [
    'query cards($take: Int) { products(take: $take) { products { ...ListProductFields } } }',
    ...CARD_FRAGMENTS,
  ],
}

describe('list page operations', () => {
  const schema = buildSchema(schemaSource())
  for (const [name, parts] of Object.entries(DOCUMENTS)) {
    it(`${name} is valid against the schema`, () => {
      const errors = validate(schema, parse(parts.join('\n'))).map((error) => error.message)
      expect(errors).toEqual([])
    })
  }
})
