/**
 * Checkout benchmark: how long placeOrder takes (the one transaction that re-prices the cart,
 * locks and decrements stock and writes the order), measured through the GraphQL plugin with
 * `app.inject` on a freshly seeded database: PGlite always, PostgreSQL too when
 * BENCH_DATABASE_URL (a server URL whose user may create databases) is set.
 *  - sequential: BENCH_CHECKOUT_ORDERS orders one after another (median, p90, max);
 *  - concurrent: BENCH_CHECKOUT_CONCURRENCY orders at once for the same SKU (wall time, orders/s).
 * Carts are filled before the clock starts. Run alone with `npx tsx scripts/bench/checkout.ts`
 * or as part of `npm run bench -- checkout`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import Fastify, { type FastifyInstance } from 'fastify'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database, type DatabaseKind } from '../../server/db'
import { seedDatabase } from '../../server/db/seed'
import type { RateLimiter } from '../../server/services/shared/rate-limit'
import graphqlService from '../../server/services/graphql'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { createTestDatabase } from '../../tests/integration/helpers/db'
import {
  benchDatabaseKinds,
  ms,
  percentile,
  formatTable,
  type Benchmark,
  type BenchmarkResult,
  type BenchmarkRow,
} from './index'

const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 200)
const CONCURRENCY = Number(process.env.BENCH_CHECKOUT_CONCURRENCY ?? 50)
const API_KEY = 'checkout-bench-api-key'
const SKU_ID = FIXTURE_PRODUCTS.satinDress.skus.inStock

const CHECKOUT = {
  email: 'bench@example.com',
  paymentId: 2,
  shippingId: 1,
  billingAddress: {
    firstName: 'Bench',
    lastName: 'Mark',
    addressLine1: 'Testikatu 1',
    zip: '00100',
    city: 'Helsinki',
  },
}

async function gql(app: FastifyInstance, query: string, variables: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    payload: { query, variables },
  })
  return response.json() as { data?: Record<string, { id?: string; orderId?: string }>; errors?: unknown[] }
}

async function prepareCart(app: FastifyInstance): Promise<string> {
  const created = await gql(app, 'query { getCart(marketId: "fi") { id } }', {})
  const id = created.data?.['getCart']?.id
  if (!id) throw new Error(`getCart failed: ${JSON.stringify(created.errors)}`)
  const added = await gql(
    app,
    'mutation ($id: String!, $sku: Int!) { addToCart(id: $id, item: { skuId: $sku, quantity: 1 }) { id } }',
    {
      id,
      sku: SKU_ID,
    },
  )
  if (added.errors) throw new Error(`addToCart failed: ${JSON.stringify(added.errors)}`)
  return id
}

const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId status } }`

async function placeOrder(app: FastifyInstance, cartId: string): Promise<boolean> {
  const result = await gql(app, PLACE, { cartId, checkout: CHECKOUT })
  return !result.errors && Boolean(result.data?.['placeOrder']?.orderId)
}

const UNLIMITED: RateLimiter = {
  kind: 'memory',
  hit: async () => ({ allowed: true, remaining: Number.MAX_SAFE_INTEGER }),
  check: async () => ({ allowed: true, remaining: Number.MAX_SAFE_INTEGER }),
  close: async () => {},
}

/** A database to measure on: the test helper's (PGlite in memory, PostgreSQL), or PGlite on disk. */
interface BenchDatabase {
  label: string
  open(): Promise<Database>
}

/**
 * PGlite in a data directory as the server runs it, with durable commits (the default) or with
 * DB_FSYNC=off: side by side in one run, the price of fsync per commit (ADR 0039).
 */
function onDisk(fsync: boolean): BenchDatabase {
  return {
    label: `pglite on disk, fsync ${fsync ? 'on' : 'off'}`,
    async open() {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumo-bench-checkout-'))
      const database = await openDatabase({ dataDir, fsync, log: () => {} })
      await seedDatabase(database.db, { products: 10 })
      const close = database.close
      database.close = async () => {
        await close()
        rmSync(dataDir, { recursive: true, force: true })
      }
      return database
    },
  }
}

function benchDatabases(kinds: DatabaseKind[]): BenchDatabase[] {
  const fromHelper = kinds.map((kind) => ({
    label: kind === 'pglite' ? 'pglite in memory' : kind,
    open: () => createTestDatabase({ kind, seed: { products: 10 } }),
  }))
  return [...fromHelper, onDisk(true), onDisk(false)]
}

async function measure({ label: kind, open }: BenchDatabase): Promise<BenchmarkRow[]> {
  const database = await open()
  const config = loadConfig({
    NODE_ENV: 'production',
    API_KEY,
    SESSION_SECRET: 'checkout-bench-secret-0123456789abcdef',
    PORT: '0',
  })
  const app = Fastify({ logger: false })
  try {
    // the abuse limits (ADR 0024: 20 orders per client and hour) would refuse all but the first
    // orders from the one bench client; the bench measures the order's transaction
    await app.register(graphqlService, { database, config, limiter: UNLIMITED })
    await app.ready()
    await database.db
      .updateTable('skus')
      .set({ stock_in_stock: 1_000_000 })
      .where('sku_id', '=', SKU_ID)
      .execute()

    const sequentialCarts: string[] = []
    for (let i = 0; i < ORDERS; i += 1) sequentialCarts.push(await prepareCart(app))
    const timings: number[] = []
    let failures = 0
    for (const cartId of sequentialCarts) {
      const started = performance.now()
      if (!(await placeOrder(app, cartId))) failures += 1
      timings.push(performance.now() - started)
    }
    timings.sort((a, b) => a - b)

    const concurrentCarts: string[] = []
    for (let i = 0; i < CONCURRENCY; i += 1) concurrentCarts.push(await prepareCart(app))
    const burstStarted = performance.now()
    const results = await Promise.all(concurrentCarts.map((cartId) => placeOrder(app, cartId)))
    const burstMs = performance.now() - burstStarted
    failures += results.filter((ok) => !ok).length

    const median = percentile(timings, 50)
    return [
      { metric: `${kind}: placeOrder median (${ORDERS} sequential)`, value: ms(median) },
      { metric: `${kind}: placeOrder p90`, value: ms(percentile(timings, 90)) },
      { metric: `${kind}: placeOrder max`, value: ms(timings[timings.length - 1] ?? 0) },
      { metric: `${kind}: ${CONCURRENCY} concurrent placeOrder, wall time`, value: ms(burstMs) },
      { metric: `${kind}: concurrent orders per second`, value: (CONCURRENCY / (burstMs / 1000)).toFixed(0) },
      { metric: `${kind}: failed orders`, value: String(failures), target: '0', meets: failures === 0 },
    ]
  } finally {
    await app.close()
    await database.close()
  }
}

export const benchmark: Benchmark = {
  name: 'checkout',
  title: 'Checkout: placeOrder',
  async run(): Promise<BenchmarkResult> {
    const kinds = benchDatabaseKinds()
    const rows: BenchmarkRow[] = []
    // Shared machines skew latency: the load average tells a reader how busy the cores were.
    const loadAtStart = os.loadavg()[0] ?? 0
    for (const database of benchDatabases(kinds)) rows.push(...(await measure(database)))
    return {
      rows,
      notes: [
        'placeOrder through the GraphQL plugin with app.inject (no socket), invoice payment, one line per cart, 10 seeded products.',
        'Each order re-prices the cart, locks the cart and SKU rows, decrements stock and writes order, rows and event in one transaction.',
        'PGlite has one connection, so its concurrent orders run one at a time; PostgreSQL runs them in parallel up to the pool size.',
        'PGlite in memory is the test helper’s database; on disk it is the server’s (a data directory in the OS temp dir), with fsync per commit (the default) and with DB_FSYNC=off.',
        `Load average at start: ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores.`,
        `Settings: BENCH_CHECKOUT_ORDERS=${ORDERS}, BENCH_CHECKOUT_CONCURRENCY=${CONCURRENCY}; PostgreSQL when BENCH_DATABASE_URL is set.`,
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
