/**
 * The committed generated types (src/graphql/generated.ts, server/services/graphql/generated.ts)
 * match what the schema and the operations generate now, so a schema change that breaks an
 * operation's result type fails the type check instead of a page at run time.
 */
import { describe, expect, it } from 'vitest'
import { generate, OPERATION_TYPES_FILE, readSources, RESOLVER_TYPES_FILE, staleFiles } from './codegen'

describe('generated GraphQL types', () => {
  it('are up to date with graphql/schema.graphql and graphql/operations (run `npm run codegen`)', async () => {
    const stale = await staleFiles()
    expect(stale, `Stale generated types: ${stale.join(', ')}. Run \`npm run codegen\` and commit.`).toEqual(
      [],
    )
  })

  it('names the stale files when the schema changes', async () => {
    const sources = readSources()
    // A field an operation reads changes type: the operation's result type must change with it.
    const schema = sources.schema.replace(/(\n\s+isCompleted: )Boolean!/, '$1String')
    expect(schema).not.toBe(sources.schema)
    expect(await staleFiles({ ...sources, schema })).toEqual([OPERATION_TYPES_FILE, RESOLVER_TYPES_FILE])
  })

  it('names the operation types as stale when an operation changes', async () => {
    const sources = readSources()
    const operations = new Map(sources.operations)
    const confirm = operations.get('confirm-complete-cart.graphql')
    expect(confirm).toContain('isCompleted')
    operations.set(
      'confirm-complete-cart.graphql',
      confirm!.replace('isCompleted', 'isCompleted\n    promoCode'),
    )
    expect(await staleFiles({ ...sources, operations })).toEqual([OPERATION_TYPES_FILE])
  })

  it('reports a schema error rather than generating from an invalid schema', async () => {
    const sources = readSources()
    await expect(
      generate({ ...sources, schema: `${sources.schema}\nextend type NoSuchType { x: Int }` }),
    ).rejects.toThrow(/NoSuchType/)
  })
})
