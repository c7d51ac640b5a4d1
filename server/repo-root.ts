/**
 * The checkout's root directory (where package.json is), found by walking up from this module.
 * The server runs from source (server/…) in development and tests, and bundled into
 * dist/server/main.js in production, so files it reads beside the code (migrations, the GraphQL
 * schema, locales, the client build) are located from here rather than relative to the caller.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'

export function findRepoRoot(from: string): string {
  for (let directory = from; ; directory = path.dirname(directory)) {
    if (existsSync(path.join(directory, 'package.json'))) return directory
    if (path.dirname(directory) === directory) throw new Error(`no package.json above ${from}`)
  }
}

export const REPO_ROOT = findRepoRoot(import.meta.dirname)
