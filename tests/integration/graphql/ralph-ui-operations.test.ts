/**
 * The original storefront's operations against Lumo's schema (issue 32 part 2). The data file keeps
 * the facts each geins-io/ralph-ui GraphQL document needs (its path, the commit it was read at and
 * every Type.field(argument) it uses) and, for a document Lumo cannot run, the reason. This test
 * only reads files: it checks every fact against the schema the server serves.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../../../server/repo-root'
import { loadSchemaSource } from '../../../server/services/graphql/schema-source'

interface RalphDocument {
  path: string
  commit: string
  uses: string[]
  reason?: string
}

const data = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'tests/integration/graphql/ralph-ui-operations.json'), 'utf8'),
) as { documents: RalphDocument[] }
const schema = buildSchema(loadSchemaSource())

/** Why a fact does not hold in the schema, or null when it does. */
function unmet(schema: GraphQLSchema, fact: string): string | null {
  const match = /^(\w+)(?:\.(\w+)(?:\((\w+)\))?)?$/.exec(fact)
  if (!match) return `not a fact: ${fact}`
  const [, typeName = '', fieldName, argName] = match
  const root = { Query: schema.getQueryType(), Mutation: schema.getMutationType() }[typeName]
  const type = root ?? schema.getType(typeName)
  if (!type) return `no type ${typeName}`
  if (!fieldName) return null
  if (!isObjectType(type) && !isInterfaceType(type) && !isInputObjectType(type))
    return `${typeName} has no fields`
  const field = type.getFields()[fieldName]
  if (!field) return `no field ${typeName}.${fieldName}`
  if (!argName) return null
  const args = 'args' in field ? field.args : []
  return args.some((arg) => arg.name === argName) ? null : `no argument ${typeName}.${fieldName}(${argName})`
}

const unmetOf = (document: RalphDocument) =>
  document.uses.map((fact) => unmet(schema, fact)).filter((why): why is string => why !== null)

describe("ralph-ui's GraphQL documents against graphql/schema.graphql", () => {
  it('keeps facts only: a path, the commit read and the fields used for each document', () => {
    expect(data.documents.length).toBeGreaterThanOrEqual(40)
    const paths = data.documents.map((document) => document.path)
    expect(new Set(paths).size).toBe(paths.length)
    for (const document of data.documents) {
      expect(document.path).toMatch(/^graphql\/[\w/-]+\.graphql$/)
      expect(document.commit).toMatch(/^[0-9a-f]{40}$/)
      expect(document.uses.length).toBeGreaterThan(0)
      expect(Object.keys(document).sort()).toEqual(
        document.reason === undefined ? ['commit', 'path', 'uses'] : ['commit', 'path', 'reason', 'uses'],
      )
    }
  })

  it('finds a type, field or argument the schema lacks', () => {
    expect(unmet(schema, 'ProductType.variantGroup')).toBeNull()
    expect(unmet(schema, 'Query.product(alias)')).toBeNull()
    expect(unmet(schema, 'ProductType.noSuchField')).toBe('no field ProductType.noSuchField')
    expect(unmet(schema, 'Query.product(apiKey)')).toBe('no argument Query.product(apiKey)')
    expect(unmet(schema, 'KlarnaCheckoutType')).toBe('no type KlarnaCheckoutType')
  })

  it.each(data.documents.map((document) => [document.path, document] as const))(
    '%s is fully supported or says why not',
    (_path, document) => {
      const missing = unmetOf(document)
      if (document.reason === undefined) {
        expect(missing).toEqual([])
      } else {
        // a reason must not hide a document that would now run
        expect(missing.length).toBeGreaterThan(0)
        expect(document.reason.length).toBeGreaterThan(40)
      }
    },
  )

  it("runs every document of Ralph's product page unchanged", () => {
    const productPage = [
      'graphql/product/product.graphql',
      'graphql/product/product-price-history.graphql',
      'graphql/product/related-products.graphql',
      'graphql/product/variant.graphql',
      'graphql/product/variant-base.graphql',
    ]
    for (const wanted of productPage) {
      const document = data.documents.find((candidate) => candidate.path === wanted)
      expect(document?.reason).toBeUndefined()
      expect(document && unmetOf(document)).toEqual([])
    }
  })
})
