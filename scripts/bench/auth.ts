/**
 * Auth benchmark: the cost of one password hash (scrypt with the shop's parameters,
 * server/services/shared/password-hash.ts) and of a whole login (challenge, sign, login: the
 * three requests of the protocol through the auth plugin with `app.inject`) on a fresh database,
 * PGlite always and PostgreSQL too when BENCH_DATABASE_URL is set. BENCH_AUTH_LOGINS logins one
 * after another (median, p90). Run alone with `npx tsx scripts/bench/auth.ts` or as part of
 * `npm run bench -- auth`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import Fastify from 'fastify'
import { loadConfig } from '../../server/config'
import type { DatabaseKind } from '../../server/db'
import authService from '../../server/services/auth'
import { passwordHasher } from '../../server/services/shared/password-hash'
import { passwordDigest } from '../../src/shared/password-digest'
import { createTestDatabase } from '../../tests/integration/helpers/db'
import { login, registerAndLogin } from '../../tests/integration/helpers/auth'
import {
  benchDatabaseKinds,
  formatTable,
  ms,
  percentile,
  type Benchmark,
  type BenchmarkResult,
  type BenchmarkRow,
} from './index'

const LOGINS = Number(process.env.BENCH_AUTH_LOGINS ?? 30)
const HASHES = 15
const API_KEY = 'auth-bench-api-key'

async function hashCost(): Promise<number[]> {
  const digest = await passwordDigest('bench-password')
  const times: number[] = []
  await passwordHasher.hash(digest) // warm-up
  for (let i = 0; i < HASHES; i++) {
    const start = performance.now()
    await passwordHasher.hash(digest)
    times.push(performance.now() - start)
  }
  return times
}

async function loginTimes(kind: DatabaseKind): Promise<number[]> {
  const database = await createTestDatabase({ kind })
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumo-auth-bench-'))
  const app = Fastify({ logger: false })
  try {
    const config = loadConfig({ NODE_ENV: 'test', API_KEY, DATA_DIR: dataDir, PORT: '0' })
    await app.register(authService, { database, config })
    await app.ready()
    const credentials = { email: 'bench@example.fi', password: 'Bench-123', apiKey: API_KEY }
    await registerAndLogin(app, credentials)
    const times: number[] = []
    for (let i = 0; i < LOGINS; i++) {
      const start = performance.now()
      await login(app, credentials)
      times.push(performance.now() - start)
    }
    return times
  } finally {
    await app.close()
    await database.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const benchmark: Benchmark = {
  name: 'auth',
  title: 'Auth: password hash and login',
  async run(): Promise<BenchmarkResult> {
    const loadAtStart = os.loadavg()[0] ?? 0
    const { N, r, p } = passwordHasher.params
    const hashes = await hashCost()
    const rows: BenchmarkRow[] = [
      {
        metric: 'scrypt parameters',
        value: `N = 2^${Math.log2(N)} (${N}), r = ${r}, p = ${p}, ${(128 * N * r * p) / 2 ** 20} MiB`,
      },
      {
        metric: 'one hash (median)',
        value: ms(percentile(hashes, 50)),
        target: '50–100 ms',
        meets: percentile(hashes, 50) >= 50 && percentile(hashes, 50) <= 100,
      },
      { metric: 'one hash (p90)', value: ms(percentile(hashes, 90)) },
    ]
    for (const kind of benchDatabaseKinds()) {
      const times = await loginTimes(kind)
      rows.push(
        { metric: `login p50 (${kind})`, value: ms(percentile(times, 50)) },
        { metric: `login p90 (${kind})`, value: ms(percentile(times, 90)) },
      )
    }
    return {
      rows,
      notes: [
        `One hash: scrypt of a password digest with a fresh salt, ${HASHES} in a row after a warm-up (libuv thread pool).`,
        `Login: challenge, sign and login requests through the auth plugin with app.inject (no socket), ${LOGINS} logins one after another; each runs one hash, signs an ES256 token and writes a refresh token.`,
        'The "50–100 ms" target is the tuning aim of docs/adr/0018-auth-service.md: slow for a guesser, quick for a customer.',
        `Load average at start: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores.`,
        `Settings: BENCH_AUTH_LOGINS=${LOGINS}; PostgreSQL when BENCH_DATABASE_URL is set.`,
      ],
    }
  },
}

// No top-level await: the runner (./index) imports this module, and this module imports the runner.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchmark
    .run()
    .then((result) => {
      console.log(formatTable(result.rows))
      for (const note of result.notes) console.log(`- ${note}`)
    })
    .catch((error: unknown) => {
      console.error(error)
      process.exit(1)
    })
}
