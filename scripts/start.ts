/**
 * `npm start`: builds when the production build is missing or stale, then runs the shop
 * (server/main.ts opens or creates the database, migrates and seeds it on first start).
 */
import path from 'node:path'
import { buildIsCurrent } from './build-stamp'

const root = path.resolve(import.meta.dirname, '..')

if (!(await buildIsCurrent(root))) {
  console.log('Building Lumo (first start or sources changed)…')
  const { buildAll } = await import('./build')
  await buildAll({ quiet: true })
}
process.env.NODE_ENV ??= 'production'
await import('../server/main')
