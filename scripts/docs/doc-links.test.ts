/**
 * Docs a clone can follow (issue 28 item 5): no file in the repository points at a document that is
 * not in it (the product spec, design, service contracts and stack notes the first sessions worked
 * from), and every `docs/…` path a file names exists, with the `#section` it names. Their content
 * is in `docs/product-rules.md`, `docs/quality-bars.md`, `docs/service-contracts.md` and
 * `docs/platform-notes.md`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const THIS_FILE = 'scripts/docs/doc-links.test.ts'

/** Not the project's text: packages, build output, data and test reports (.gitignore). */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  '.data',
  '.test-data',
  'coverage',
  'test-results',
  'playwright-report',
  'backups',
])
const TEXT_FILE =
  /\.(ts|tsx|js|mjs|cjs|json|md|graphql|sql|css|html|ya?ml|sh|txt)$|^(Dockerfile|\.env\.example)$/
/**
 * Applied migrations are frozen: editing one, even a comment, changes the checksum a database
 * recorded when it ran it (server/db/migrate.ts), so their old citations stay.
 */
const FROZEN = /^server\/db\/migrations\//

/** Documents that lived beside the checkout, never in it. */
const OUTSIDE_POINTERS: readonly RegExp[] = [
  /\bspec\.md\b/,
  /\bDESIGN\.md\b/,
  /\b[Ss]pec §/,
  /(?<![\w-])contracts\.md\b/,
  /\bstack-notes\b/,
]

export function repositoryTextFiles(dir = ROOT): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...repositoryTextFiles(path.join(dir, entry.name)))
    } else if (entry.isFile() && TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json') {
      files.push(path.relative(ROOT, path.join(dir, entry.name)).split(path.sep).join('/'))
    }
  }
  return files
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-')
}

/** Every anchor a Markdown file has: its headings' (a repeated one numbered) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let inFence = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inFence = !inFence
    const heading = !inFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (heading) {
      const base = headingAnchor(heading[1]!)
      const count = seen.get(base) ?? 0
      seen.set(base, count + 1)
      anchors.add(count === 0 ? base : `${base}-${count}`)
    }
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!)
  }
  return anchors
}

/** The `docs/…` paths a text names, with their `#anchor` when one follows. */
export function docsReferences(text: string): string[] {
  const references = new Set<string>()
  for (const [reference] of text.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/](?:#[\w-]*\w)?/g)) {
    references.add(reference)
  }
  return [...references]
}

/** Relative Markdown links of a file under docs/, as repository paths: `](adr/0001-x.md#y)`. */
export function relativeMarkdownLinks(file: string, markdown: string): string[] {
  const links: string[] = []
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^([a-z]+:|#|\/)/.test(target!)) continue
    const [file_, anchor] = target!.split('#')
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), file_!))
    links.push(anchor ? `${resolved}#${anchor}` : resolved)
  }
  return links
}

const anchorCache = new Map<string, Set<string>>()
/** Why a reference does not resolve, or undefined when it does. */
export function brokenReason(reference: string): string | undefined {
  const [target, anchor] = reference.split('#')
  const absolute = path.join(ROOT, target!)
  // `docs/adr/0004` names an ADR by its number
  const adr = /^docs\/adr\/(\d{4})$/.exec(target!)
  if (adr) {
    const numbered = readdirSync(path.join(ROOT, 'docs', 'adr')).some((name) => name.startsWith(`${adr[1]}-`))
    return numbered ? undefined : 'no such ADR'
  }
  if (!existsSync(absolute)) return 'no such path'
  if (anchor === undefined) return undefined
  if (!statSync(absolute).isFile() || !target!.endsWith('.md'))
    return 'an anchor into a file that is not Markdown'
  if (!anchorCache.has(target!)) anchorCache.set(target!, anchorsOf(readFileSync(absolute, 'utf8')))
  return anchorCache.get(target!)!.has(anchor) ? undefined : 'no such section'
}

const FILES = repositoryTextFiles().filter((file) => file !== THIS_FILE)

describe('pointers', () => {
  it('no file points at a document outside the repository', () => {
    const offenders: string[] = []
    for (const file of FILES) {
      if (FROZEN.test(file)) continue
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (OUTSIDE_POINTERS.some((pattern) => pattern.test(line))) offenders.push(`${file}:${index + 1}`)
        })
    }
    expect(offenders).toEqual([])
  })

  it('every docs/ path and section a file names exists', () => {
    const broken: string[] = []
    for (const file of FILES) {
      const text = readFileSync(path.join(ROOT, file), 'utf8')
      const references = docsReferences(text)
      if (file.startsWith('docs/') && file.endsWith('.md'))
        references.push(...relativeMarkdownLinks(file, text))
      for (const reference of references) {
        const reason = brokenReason(reference)
        if (reason) broken.push(`${file}: ${reference} (${reason})`)
      }
    }
    expect(broken).toEqual([])
  })
})

describe('the helpers', () => {
  it('anchors headings as GitHub does', () => {
    expect(headingAnchor('Markets and URLs')).toBe('markets-and-urls')
    expect(headingAnchor('Search and recommendations (`server/services/search`, ADR 0032)')).toBe(
      'search-and-recommendations-serverservicessearch-adr-0032',
    )
    expect([...anchorsOf('# A\n## Cart\n```\n# not a heading\n```\n## Cart\n<a id="x"></a>')]).toEqual([
      'a',
      'cart',
      'cart-1',
      'x',
    ])
  })

  it('finds docs paths and relative links, and says why one is broken', () => {
    expect(docsReferences('see docs/product-rules.md#cart, `docs/adr/` and mydocs/x.md.')).toEqual([
      'docs/product-rules.md#cart',
      'docs/adr/',
    ])
    expect(
      relativeMarkdownLinks('docs/adr/README.md', '[a](0001-x.md#y) [b](../urls.md) [c](https://e.x)'),
    ).toEqual(['docs/adr/0001-x.md#y', 'docs/urls.md'])
    expect(brokenReason('docs/product-rules.md#cart')).toBeUndefined()
    expect(brokenReason('docs/product-rules.md#no-such-area')).toBe('no such section')
    expect(brokenReason('docs/no-such-page.md')).toBe('no such path')
    expect(brokenReason('docs/adr/0001')).toBeUndefined()
    expect(brokenReason('docs/adr/0033')).toBe('no such ADR')
  })
})
