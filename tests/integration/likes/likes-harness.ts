/**
 * An app with the auth service, the likes service (with the shop's one token verifier, reading
 * the auth service's JWKS in process) and the storefront's /api/likes proxy on a fresh database,
 * as `buildApp` wires them; customers are registered and logged in through the real protocol.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../../server/config'
import authService from '../../../server/services/auth'
import likesService from '../../../server/services/likes'
import likesProxy from '../../../server/ssr/likes-proxy'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import type { DatabaseKind } from '../../../server/db'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { registerAndLogin } from '../helpers/auth'

export interface Customer {
  userId: string
  token: string
}

export interface LikesApp {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  /** a new customer, registered and logged in */
  customer(name: string): Promise<Customer>
  close(): Promise<void>
}

export async function startLikesApp(kind: DatabaseKind = 'pglite'): Promise<LikesApp> {
  const database = await createTestDatabase({ kind })
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-likes-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: 'https://shop.example',
  })
  const app = Fastify({ logger: false })
  const serviceFetch = createServiceFetch(app, config)
  await app.register(authService, { database, config })
  await app.register(likesService, { database, config, fetch: serviceFetch })
  await app.register(likesProxy, { config, serviceFetch })
  await app.ready()
  return {
    app,
    database,
    config,
    async customer(name) {
      const session = await registerAndLogin(app, { email: `${name}@example.com`, password: 'salasana-123' })
      return { userId: session.userId, token: session.token }
    },
    async close() {
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
