/**
 * Every GraphQL operation the storefront sends (graphql/operations/*.graphql) is valid against
 * the commerce API's schema (graphql/schema.graphql plus the areas' `extend type` files in
 * server/services/graphql/*), so a renamed field fails here rather than on a page. Fragments are
 * kept in their own files and appended at run time (withPriceFields, withListProductFields, the
 * cart fragment), so each operation is checked together with the fragments it spreads.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { buildSchema, Kind, parse, validate, visit, type FragmentDefinitionNode } from 'graphql'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const SERVICE_DIR = path.join(ROOT, 'server', 'services', 'graphql')
const OPERATIONS_DIR = path.join(ROOT, 'graphql', 'operations')

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

const files = readdirSync(OPERATIONS_DIR)
  .filter((file) => file.endsWith('.graphql'))
  .sort()
  .map((file) => ({ file, source: readFileSync(path.join(OPERATIONS_DIR, file), 'utf8') }))

/** Every fragment of every file, by name (a name defined twice would make appending ambiguous). */
const fragments = new Map<string, FragmentDefinitionNode>()
for (const { file, source } of files) {
  for (const definition of parse(source).definitions) {
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) continue
    if (fragments.has(definition.name.value))
      throw new Error(`${file} defines ${definition.name.value} again`)
    fragments.set(definition.name.value, definition)
  }
}

/** The fragments a document spreads, directly or through other fragments, that it does not define. */
function missingFragments(document: ReturnType<typeof parse>): FragmentDefinitionNode[] {
  const defined = new Set(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])),
  )
  const needed = new Map<string, FragmentDefinitionNode>()
  const collect = (node: Parameters<typeof visit>[0]) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value
        if (defined.has(name) || needed.has(name)) return
        const fragment = fragments.get(name)
        if (!fragment) return // left for validate() to report as unknown
        needed.set(name, fragment)
        collect(fragment)
      },
    })
  collect(document)
  return [...needed.values()]
}

describe('storefront operations', () => {
  const schema = buildSchema(schemaSource())
  const operations = files.filter(({ source }) =>
    parse(source).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION),
  )

  it('finds the operation files', () => {
    expect(operations.length).toBeGreaterThan(20)
  })

  for (const { file, source } of operations) {
    it(`${file} is valid against the schema`, () => {
      const document = parse(source)
      const complete = { ...document, definitions: [...document.definitions, ...missingFragments(document)] }
      expect(validate(schema, complete).map((error) => error.message)).toEqual([])
    })
  }
})
