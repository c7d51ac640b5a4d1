/**
 * The first half of `npm start`: builds when the production build is missing or stale (the client,
 * the compiled server and the precompressed assets), then exits. package.json then `exec`s
 * `node dist/server/start.js`, so the shop runs as plain compiled JavaScript in one process that
 * receives SIGTERM itself (server/main.ts opens or creates the database, migrates and seeds it on
 * first start).
 */
import path from 'node:path'
import { buildIsCurrent } from './build-stamp'

const root = path.resolve(import.meta.dirname, '..')

if (!(await buildIsCurrent(root))) {
  console.log('Building Lumo (first start or sources changed)…')
  const { buildAll } = await import('./build')
  await buildAll({ quiet: true })
}
