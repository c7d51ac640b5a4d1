/**
 * Import circles in the repository's TypeScript, type-only imports included. ESLint's
 * import-x/no-cycle leaves `import type` out, but a circle of types still ties two modules into
 * one: neither can be read, moved or tested without the other. Dynamic `import()` is left out (a
 * lazy route chunk may import the shell that loads it). `npx tsx scripts/lint/import-cycles.ts`
 * prints them; scripts/lint/import-cycles.test.ts keeps the list empty.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const SOURCE = /\.(ts|tsx|mts)$/

/**
 * Codegen's output (`generated.ts`) names the presenters' shapes as its mappers (ADR 0078), and
 * those shapes are written in the generated types: a circle by design, of types only, that no
 * one edits by hand. Its imports are left out; every hand-written file still counts.
 */
const GENERATED = /(^|\/)generated\.ts$/
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx']

/** The static imports and re-exports of one file, as written. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text)
    }
  }
  return specifiers
}

function resolveRelative(fromFile: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = path.join(path.dirname(fromFile), specifier.split('?')[0] ?? '')
  return RESOLVE_SUFFIXES.map((suffix) => base + suffix).find((candidate) => known.has(candidate))
}

/** Every circle (a strongly connected group of two or more files, or a file importing itself). */
export function findImportCycles(files: ReadonlyMap<string, string>): string[][] {
  const known = new Set(files.keys())
  const edges = new Map<string, string[]>()
  for (const [file, text] of files) {
    if (GENERATED.test(file)) {
      edges.set(file, [])
      continue
    }
    const targets = importSpecifiers(file, text)
      .map((specifier) => resolveRelative(file, specifier, known))
      .filter((target): target is string => target !== undefined)
    edges.set(file, [...new Set(targets)])
  }

  // Tarjan's strongly connected components, iterative so a deep import chain cannot overflow.
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let counter = 0
  for (const start of known) {
    if (index.has(start)) continue
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, counter)
    lowLink.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const targets = edges.get(frame.node) ?? []
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!
        if (!index.has(target)) {
          index.set(target, counter)
          lowLink.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, next: 0 })
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!))
      if (lowLink.get(frame.node) !== index.get(frame.node)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.node)
      const selfImport = (edges.get(frame.node) ?? []).includes(frame.node)
      if (component.length > 1 || selfImport) cycles.push(component.sort())
    }
  }
  return cycles
}

/** The TypeScript files git tracks (and untracked ones it does not ignore), minus the lint fixtures. */
export function repositorySources(root: string): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  const files = new Map<string, string>()
  for (const relative of listed.split('\n')) {
    if (!SOURCE.test(relative) || relative.startsWith('tests/lint-fixtures/')) continue
    const absolute = path.join(root, relative)
    if (existsSync(absolute)) files.set(relative, readFileSync(absolute, 'utf8'))
  }
  return files
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const cycles = findImportCycles(repositorySources(process.cwd()))
  for (const cycle of cycles) console.log(cycle.join(' ↔ '))
  console.log(`${cycles.length} import circle(s)`)
}
