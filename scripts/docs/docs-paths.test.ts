/**
 * The docs a clone follows stay true to the tree: the ADR index (docs/adr/README.md) lists every
 * ADR with its title and links no file that is gone, and every repository path that the README,
 * docs/architecture.md, docs/testing.md and the ADRs name in backticks exists (`{a,b}`
 * alternatives expanded).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const ADR_DIR = path.join(ROOT, 'docs', 'adr')
const TOP_FOLDERS = ['src', 'server', 'scripts', 'tests', 'docs', 'graphql', 'sw', 'public', 'locales', '.ci']

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (one level of braces, repeated). */
export function expandBraces(pattern: string): string[] {
  const match = /\{([^{}]*)\}/.exec(pattern)
  if (!match) return [pattern]
  return match[1]!
    .split(',')
    .flatMap((choice) =>
      expandBraces(pattern.slice(0, match.index) + choice + pattern.slice(match.index + match[0].length)),
    )
}

/** The repository paths a Markdown text names in backticks (a top folder, then a slash). */
export function namedPaths(markdown: string): string[] {
  const paths = new Set<string>()
  for (const [, code] of markdown.matchAll(/`([^`\s]+)`/g)) {
    const candidate = code!.replace(/[.,:;]+$/, '').replace(/^\.\//, '')
    const top = candidate.split('/')[0]!
    if (!candidate.includes('/') || !TOP_FOLDERS.includes(top)) continue
    // a placeholder or a glob is not a path
    if (/[*<>]|\.\.\.|NNNN/.test(candidate)) continue
    for (const expanded of expandBraces(candidate)) paths.add(expanded)
  }
  return [...paths].sort()
}

describe('docs/adr/README.md', () => {
  const index = readFileSync(path.join(ADR_DIR, 'README.md'), 'utf8')
  const adrs = readdirSync(ADR_DIR).filter((name) => /^\d{4}-.+\.md$/.test(name))

  it('lists every ADR once, with the title of its first line', () => {
    const missing: string[] = []
    for (const file of adrs) {
      const title = readFileSync(path.join(ADR_DIR, file), 'utf8')
        .split('\n', 1)[0]!
        .replace(/^#\s*(ADR )?\d{4}\s*[—:-]\s*/, '')
        .trim()
      const rows = index.split('\n').filter((line) => line.includes(`](${file})`))
      if (rows.length !== 1 || !rows[0]!.includes(title)) missing.push(`${file}: ${title}`)
    }
    expect(missing).toEqual([])
  })

  it('links no ADR that does not exist', () => {
    const linked = [...index.matchAll(/\]\(([^)]+\.md)\)/g)].map((match) => match[1]!)
    expect(linked.filter((file) => !adrs.includes(file))).toEqual([])
  })
})

const ADR_FILES = readdirSync(ADR_DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .map((name) => `docs/adr/${name}`)

describe('paths named by the docs exist', () => {
  it.each(['docs/architecture.md', 'docs/testing.md', 'README.md', ...ADR_FILES])('%s', (doc) => {
    const missing = namedPaths(readFileSync(path.join(ROOT, doc), 'utf8')).filter(
      (named) => !existsSync(path.join(ROOT, named)),
    )
    expect(missing).toEqual([])
  })

  it('expands braces and ignores placeholders', () => {
    expect(expandBraces('src/features/cart/{api,thunks}.ts')).toEqual([
      'src/features/cart/api.ts',
      'src/features/cart/thunks.ts',
    ])
    expect(namedPaths('see `src/a/{b,c}.ts`, `server/<service>/x.ts`, `npm test` and `src/d.ts`.')).toEqual([
      'src/a/b.ts',
      'src/a/c.ts',
      'src/d.ts',
    ])
  })
})
