/**
 * Each house boundary rule fires on a violation: the fixtures in tests/lint-fixtures/ are linted
 * with the repository's own eslint.config.js, each as if it stood where its `// lint-as:` line
 * says, and must be reported by exactly the rule named here.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')
const FIXTURES = path.join(REPO_ROOT, 'tests/lint-fixtures')

const eslint = new ESLint({ cwd: REPO_ROOT, ignore: false })

async function lintFixture(name: string) {
  const text = readFileSync(path.join(FIXTURES, name), 'utf8')
  const lintAs = /^\/\/ lint-as: (\S+)/.exec(text)?.[1]
  if (!lintAs) throw new Error(`${name} has no "// lint-as:" first line`)
  const [result] = await eslint.lintText(text, { filePath: path.join(REPO_ROOT, lintAs) })
  return result?.messages ?? []
}

describe('house boundaries in eslint.config.js', () => {
  it.each([
    ['storefront-imports-server.ts', 'The storefront never imports server code'],
    ['shared-imports-storefront.ts', 'src/shared/ is isomorphic'],
    ['server-imports-storefront.ts', 'server/ imports only src/shared/'],
    ['service-imports-service.ts', 'graphql may not import another service'],
    ['service-imports-ssr.ts', 'A service does not import the storefront server'],
    ['ssr-imports-service.ts', 'The storefront server reaches a service only through its HTTP contract'],
    ['contract-imports-service.ts', 'Shared server modules and the database layer import no service'],
  ])('import-x/no-restricted-paths reports %s', async (fixture, message) => {
    const messages = await lintFixture(fixture)
    expect(messages.map((m) => m.ruleId)).toEqual(['import-x/no-restricted-paths'])
    expect(messages[0]?.message).toContain(message)
  })

  it('import-x/no-cycle reports two modules that import each other', async () => {
    const results = await eslint.lintFiles([path.join(FIXTURES, 'cycle/*.ts')])
    for (const result of results) {
      expect(result.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
    }
    expect(results).toHaveLength(2)
  })

  it('no-restricted-syntax reports a payment kind named outside src/shared/payment-kinds.ts', async () => {
    const messages = await lintFixture('payment-kind-literal.ts')
    expect(messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax'])
    expect(messages[0]?.message).toContain('src/shared/payment-kinds.ts')
  })

  it('refuses every kind of the payment kinds table, read from its keys', async () => {
    const config = pathToFileURL(path.join(REPO_ROOT, 'eslint.config.js')).href
    const { PAYMENT_KIND_NAMES } = (await import(config)) as { PAYMENT_KIND_NAMES: string[] }
    const { PAYMENT_KIND_IDS } = await import('../../src/shared/payment-kinds')
    expect([...PAYMENT_KIND_NAMES].sort()).toEqual([...PAYMENT_KIND_IDS].sort())
    for (const kind of PAYMENT_KIND_IDS) {
      const [result] = await eslint.lintText(`export const kind = '${kind}'\n`, {
        filePath: path.join(REPO_ROOT, 'server/services/graphql/checkout/payment-kind-literal.ts'),
      })
      expect(result?.messages.map((m) => m.ruleId)).toEqual(['no-restricted-syntax'])
    }
  })

  it('passes a module that imports only what a service may', async () => {
    expect(await lintFixture('clean.ts')).toEqual([])
  })

  it('leaves the fixtures out of the normal lint run', async () => {
    expect(await new ESLint({ cwd: REPO_ROOT }).isPathIgnored(path.join(FIXTURES, 'clean.ts'))).toBe(true)
  })
})
