/**
 * The confirmation and failure pages' GraphQL operations are valid against the commerce API's
 * schema (graphql/schema.graphql plus the areas' `extend type` files, e.g. checkout/payments.graphql).
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

const OPERATIONS = [
  'order-confirmation.graphql',
  'order-payment-status.graphql',
  'confirm-complete-cart.graphql',
]

describe('payment pages operations', () => {
  const schema = buildSchema(schemaSource())
  for (const file of OPERATIONS) {
    it(`${file} is valid against the schema`, () => {
      const document = parse(readFileSync(path.join(ROOT, 'graphql', 'operations', file), 'utf8'))
      expect(validate(schema, document).map((error) => error.message)).toEqual([])
    })
  }
})
