/**
 * docs/architecture.md's map names only what exists (issue 28 item 5). scripts/docs/docs-paths.test.ts
 * checks the repository paths it names in backticks; this also reads the paths written as plain text
 * (the flow chart, the prose) and the bare file names a section names beside its folder
 * (`session.ts`), which must be the name of some file in the repository.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const TOP_FOLDERS = ['src', 'server', 'scripts', 'tests', 'docs', 'graphql', 'sw', 'public', 'locales']
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  '.data',
  '.test-data',
  'test-results',
  'coverage',
])
/** A placeholder or a pattern, not a path: `NNNN_name.sql`, `<name>`, `*.tsx`, `{a,b}`, `…`. */
const PLACEHOLDER = /[*<>{}…]|NNNN|\.\.\./

/** Every repository path in a text: a top folder, a slash, then path characters. */
export function plainPaths(text: string): string[] {
  const pattern = new RegExp(`(?<![\\w./-])((?:${TOP_FOLDERS.join('|')})/[\\w./*{},…-]*[\\w/])`, 'g')
  const paths = new Set<string>()
  for (const [, found] of text.matchAll(pattern)) {
    if (!PLACEHOLDER.test(found!)) paths.add(found!.replace(/\/$/, ''))
  }
  return [...paths].sort()
}

/** The bare source file names a text names in backticks: `session.ts`, `App.tsx`. */
export function bareFileNames(text: string): string[] {
  const names = new Set<string>()
  for (const [, code] of text.matchAll(/`([\w.-]+\.(?:ts|tsx|sql|graphql|css))`/g)) {
    if (!PLACEHOLDER.test(code!)) names.add(code!)
  }
  return [...names].sort()
}

function fileNamesIn(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) fileNamesIn(path.join(dir, entry.name), names)
    } else names.add(entry.name)
  }
  return names
}

describe('docs/architecture.md', () => {
  const map = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8')

  it('names only repository paths that exist, in backticks or not', () => {
    expect(plainPaths(map).filter((named) => !existsSync(path.join(ROOT, named)))).toEqual([])
  })

  it('names only file names that some file in the repository has', () => {
    const names = fileNamesIn(ROOT)
    expect(bareFileNames(map).filter((name) => !names.has(name))).toEqual([])
  })

  it('reads paths and names out of prose, charts and code spans, leaving placeholders', () => {
    const text =
      'SSR["server/ssr<br/>Fastify"] reads src/routes/*.tsx and `server/db/migrations/NNNN_name.sql`, ' +
      'then docs/adr/ and `session.ts` (not `npm test`) and see server/app.ts.'
    expect(plainPaths(text)).toEqual(['docs/adr', 'server/app.ts', 'server/ssr'])
    expect(bareFileNames(text)).toEqual(['session.ts'])
  })
})
