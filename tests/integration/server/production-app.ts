/**
 * The production app for integration tests: the real build (made when missing or stale), a fresh
 * seeded test database, and `buildApp` exactly as `npm start` wires it, driven with app.inject.
 */
import path from 'node:path'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { buildIsCurrent } from '../../../scripts/build-stamp'
import { buildAll } from '../../../scripts/build'
import { loadConfig } from '../../../server/config'
import { buildApp } from '../../../server/app'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { HARNESS_API_KEY } from '../../../scripts/harness/production-server'

/** The app's X-ApiKey (a production server refuses the public development key). */
export const PRODUCTION_API_KEY = HARNESS_API_KEY

const root = path.resolve(import.meta.dirname, '../../..')

export async function ensureProductionBuild() {
  if (!(await buildIsCurrent(root))) await buildAll({ quiet: true })
}

export interface ProductionApp {
  app: FastifyInstance
  database: TestDatabase
  close(): Promise<void>
}

export async function startProductionApp(env: Record<string, string> = {}): Promise<ProductionApp> {
  await ensureProductionBuild()
  const database = await createTestDatabase({ seed: { products: 60 } })
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lumo-app-')),
    PORT: '3000',
    API_KEY: PRODUCTION_API_KEY,
    ...env,
  })
  const app = await buildApp({ config, database, dev: false, logger: false })
  await app.ready()
  return {
    app,
    database,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
