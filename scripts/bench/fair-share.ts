/**
 * A probe beside a cart (issue 31 row 1, ADR 0060): four documents of the largest list fan-out the
 * rows limit admits (8 × `products(take: 200)`) sent at once, and a shopper's `getCart` 30 ms
 * later, once from a shopper's address (the probe in its share of the database) and once from this
 * host (the server's own work, which no share holds back: the shop as it was before the share).
 * Through the commerce API with `app.inject` on BENCH_FAIR_SHARE_PRODUCTS seeded products, PGlite
 * always and PostgreSQL too when BENCH_DATABASE_URL is set. Run with `npm run bench -- fair-share`.
 */
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import type { DatabaseKind } from '../../server/db'
import { DEFAULT_LIMITS } from '../../server/services/graphql/limits'
import { startCommerceApi, type CommerceApi } from '../../tests/integration/graphql/commerce-harness'
import { benchDatabaseKinds, ms, percentile, type Benchmark, type BenchmarkRow } from './index'

const PRODUCTS = Number(process.env.BENCH_FAIR_SHARE_PRODUCTS ?? 2000)
const ROUNDS = 7
const CART = 'query { getCart(marketId: "fi") { id } }'
const lists = (count: number) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: products(take: 200) { products { productId name } }`).join(' ')} }`
/** The most 200-product lists one document may ask for under the rows limit. */
const ADMITTED = Math.floor(DEFAULT_LIMITS.maxRows / 1200)

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now()
  await work()
  return performance.now() - start
}

async function cartBesideProbes(api: CommerceApi, probeAddress: string): Promise<number[]> {
  const waits: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const probes = Array.from({ length: 4 }, () =>
      api.gql(lists(ADMITTED), {}, { remoteAddress: probeAddress }),
    )
    await new Promise((resolve) => setTimeout(resolve, 30))
    waits.push(await timed(() => api.gql(CART)))
    await Promise.all(probes)
  }
  return waits
}

async function measure(kind: DatabaseKind): Promise<BenchmarkRow[]> {
  const api = await startCommerceApi(kind, PRODUCTS)
  try {
    for (let i = 0; i < 3; i++) await api.gql(lists(ADMITTED), {}, { remoteAddress: '203.0.113.1' })
    const refused = await timed(() => api.gql(lists(30), {}, { remoteAddress: '203.0.113.2' }))
    const probeAlone: number[] = []
    for (let i = 0; i < ROUNDS; i++) {
      probeAlone.push(await timed(() => api.gql(lists(ADMITTED), {}, { remoteAddress: '203.0.113.3' })))
    }
    const cartAlone: number[] = []
    for (let i = 0; i < 15; i++) cartAlone.push(await timed(() => api.gql(CART)))
    const shared = await cartBesideProbes(api, '203.0.113.9')
    const unshared = await cartBesideProbes(api, '127.0.0.1')
    const ratio = percentile(unshared, 50) / percentile(shared, 50)
    return [
      { metric: `30 × 200-product lists, refused by rows (${kind})`, value: ms(refused) },
      {
        metric: `${ADMITTED} × 200-product lists alone, p50 (${kind})`,
        value: ms(percentile(probeAlone, 50)),
      },
      { metric: `getCart alone, p50 (${kind})`, value: ms(percentile(cartAlone, 50)) },
      {
        metric: `getCart beside 4 probes in their share, p50 / max (${kind})`,
        value: `${ms(percentile(shared, 50))} / ${ms(Math.max(...shared))}`,
        target: '≤ 100 ms waiting',
        meets: Math.max(...shared) - percentile(cartAlone, 50) <= 100,
      },
      {
        metric: `getCart beside the same probes unshared, p50 / max (${kind})`,
        value: `${ms(percentile(unshared, 50))} / ${ms(Math.max(...unshared))}`,
      },
      { metric: `unshared ÷ shared, p50 (${kind})`, value: `${ratio.toFixed(1)}×` },
    ]
  } finally {
    await api.close()
  }
}

export const benchmark: Benchmark = {
  name: 'fair-share',
  title: 'A probe beside a cart: each shopper’s share of the database',
  async run() {
    const load = os.loadavg()[0] ?? 0
    const rows: BenchmarkRow[] = []
    for (const kind of benchDatabaseKinds()) rows.push(...(await measure(kind)))
    return {
      rows,
      notes: [
        `${PRODUCTS} seeded products; each probe is one document of ${ADMITTED} aliases of \`products(take: 200) { products { productId name } }\`, four sent at once, the cart read 30 ms after them, ${ROUNDS} rounds.`,
        '"In their share": the probes come from a shopper\'s address; "unshared": from this host, which no share holds back, as every request was before ADR 0060. Both are measured side by side in one run.',
        `Load average at start: ${load.toFixed(1)} on ${os.cpus().length} cores.`,
      ],
    }
  },
}
