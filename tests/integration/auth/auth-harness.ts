/**
 * An app with only the auth service on a fresh database, a temporary DATA_DIR (the signing key)
 * and a clock the test moves; `verifier` is the shop's one token verifier reading this app's
 * JWKS in process, on the same clock.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadConfig, type Config } from '../../../server/config'
import authService from '../../../server/services/auth'
import { createTokenVerifier, type TokenVerifier } from '../../../server/services/shared/auth-tokens'
import { sessionRevocations } from '../../../server/services/shared/session-revocations'
import { createServiceFetch } from '../../../server/services/shared/service-fetch'
import { createPasswordHasher, SCRYPT_PARAMS } from '../../../server/services/shared/password-hash'
import type { Database } from '../../../server/db'
import type { DatabaseKind } from '../../../server/db'
import { createTestDatabase } from '../helpers/db'

export const API_KEY = 'auth-test-api-key'

export interface Clock {
  now(): Date
  advance(ms: number): void
}

export function testClock(start = Date.now()): Clock {
  let time = start
  return {
    now: () => new Date(time),
    advance: (ms) => {
      time += ms
    },
  }
}

export interface AuthApp {
  app: FastifyInstance
  database: Database
  config: Config
  clock: Clock
  verifier: TokenVerifier
  /** Runs of the KDF so far (scrypt with the shop's parameters). */
  kdfRuns(): number
  close(): Promise<void>
}

export interface AuthAppOptions {
  /** Share a database with another instance (the limit and the keys work across instances). */
  database?: Database
  /** The kind of a fresh database (describeEachDatabase); PGlite by default. */
  kind?: DatabaseKind
  clock?: Clock
  /** More of the shop on the same app (a service that needs a signed-in user), before ready. */
  plugins?: (app: FastifyInstance, config: Config, database: Database) => Promise<void>
}

export async function startAuthApp(options: AuthAppOptions = {}): Promise<AuthApp> {
  const database = options.database ?? (await createTestDatabase(options.kind ? { kind: options.kind } : {}))
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-auth-test-'))
  const config = loadConfig({ NODE_ENV: 'test', API_KEY, DATA_DIR: dataDir, PORT: '0' })
  const clock = options.clock ?? testClock()
  let runs = 0
  const passwordHasher = createPasswordHasher(SCRYPT_PARAMS, { onDerive: () => void runs++ })
  const app = Fastify({ logger: false })
  await app.register(authService, { database, config, passwordHasher, now: clock.now })
  await options.plugins?.(app, config, database)
  await app.ready()
  const verifier = createTokenVerifier({
    authUrl: config.services.auth,
    fetch: createServiceFetch(app, config),
    revocations: sessionRevocations(database.db),
    now: () => clock.now().getTime(),
  })
  return {
    app,
    database,
    config,
    clock,
    verifier,
    kdfRuns: () => runs,
    async close() {
      await app.close()
      if (!options.database) await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
