/** A fingerprint of everything the production build is made from, to tell when it is stale. */
import path from 'node:path'
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'

export const BUILD_STAMP = 'dist/.build-fingerprint'
/** The compiled server process (built from server/start.ts): what `npm start` runs with node. */
export const SERVER_ENTRY = 'dist/server/start.js'
/**
 * Node's flags for that process, wherever it is started (package.json's start, the Dockerfile,
 * the test and bench harness): a young generation of 64 MiB per semi-space, so the many
 * short-lived objects of a render die young instead of being scavenged and promoted (ADR 0053).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const
const INPUTS = [
  'src',
  'server',
  'scripts/build.ts',
  'scripts/precompress.ts',
  'tsconfig.json',
  'locales',
  'public',
  'sw',
  'graphql',
  'vite.config.ts',
  'package-lock.json',
  'package.json',
]

async function filesUnder(entry: string): Promise<string[]> {
  const info = await stat(entry).catch(() => null)
  if (!info) return []
  if (info.isFile()) return [entry]
  const children = await readdir(entry)
  const nested = await Promise.all(children.map((child) => filesUnder(path.join(entry, child))))
  return nested.flat()
}

export async function sourceFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256')
  const files = (await Promise.all(INPUTS.map((input) => filesUnder(path.join(root, input))))).flat().sort()
  for (const file of files) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue
    hash.update(path.relative(root, file))
    hash.update(await readFile(file))
  }
  return hash.digest('hex')
}

/** True when the build was made from the current sources and its server entry is in place. */
export async function buildIsCurrent(root: string): Promise<boolean> {
  const recorded = await readFile(path.join(root, BUILD_STAMP), 'utf8').catch(() => null)
  if (recorded === null || !(await stat(path.join(root, SERVER_ENTRY)).catch(() => null))) return false
  return recorded === (await sourceFingerprint(root))
}
