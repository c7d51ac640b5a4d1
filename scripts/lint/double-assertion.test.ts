/**
 * `as unknown as` is refused in product code (eslint.config.js, ADR 0078) and allowed in tests.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: REPO_ROOT, ignore: false })

async function ruleIds(text: string, filePath: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, filePath) })
  return result?.messages.map((message) => message.ruleId) ?? []
}

describe('types/no-double-assertion', () => {
  it('reports the fixture that forces a row into a type through unknown', async () => {
    const fixture = readFileSync(path.join(REPO_ROOT, 'tests/lint-fixtures/double-assertion.ts'), 'utf8')
    expect(await ruleIds(fixture, 'server/services/graphql/cart/double-assertion.ts')).toEqual([
      'types/no-double-assertion',
    ])
  })

  it.each([
    ['src/features/cart/view.ts', 'export const n = (1 as unknown as string).length\n'],
    ['sw/cache.ts', 'export const n = (1 as any as string).length\n'],
    ['server/db/x.ts', 'export const n = (<string>(<unknown>1)).length\n'],
  ])('reports %s', async (file, text) => {
    expect(await ruleIds(text, file)).toContain('types/no-double-assertion')
  })

  it('allows a single assertion, and a double one in a test', async () => {
    expect(
      await ruleIds('export const s = JSON.parse("1") as string\n', 'src/features/cart/view.ts'),
    ).toEqual([])
    expect(
      await ruleIds('export const n = (1 as unknown as string).length\n', 'src/features/cart/view.test.ts'),
    ).toEqual([])
  })
})
