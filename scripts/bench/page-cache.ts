/**
 * The page cache's figures on the production build (docs/adr/0014-page-cache.md): a static file
 * of the home page's size against the cached home and product pages (autocannon, side by side in
 * one run), a product page for a shopper with a cart, and the time of first (uncached) renders.
 *
 *   npx tsx scripts/bench/page-cache.ts            (BENCH_SEED_PRODUCTS=2000, 50 connections, 10 s)
 *
 * Prints a table; it asserts nothing (figures on a shared machine are noisy: compare ratios).
 */
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import path from 'node:path'
import { rmSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { REPO_ROOT, startProductionServer } from '../harness/production-server'
import { ensureBuild } from '../harness/run-command'

const SEED_PRODUCTS = Number(process.env.BENCH_SEED_PRODUCTS ?? 2000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const API_KEY = 'lumo-bench-storefront-key'

interface AutocannonResult {
  requests: { average: number }
  latency: { p50: number; p99: number }
  errors: number
  timeouts: number
  non2xx: number
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
}) => Promise<AutocannonResult>

async function productPaths(baseUrl: string, count: number): Promise<string[]> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    body: JSON.stringify({
      query: `{ products(take: ${count}, marketId: "fi", languageId: "fi-FI") { products { alias } } }`,
    }),
  })
  const body = (await response.json()) as { data: { products: { products: { alias: string }[] } } }
  return body.data.products.products.map((product) => `/fi/p/${encodeURIComponent(product.alias)}`)
}

async function fetchPage(url: string, headers: Record<string, string> = {}) {
  const started = performance.now()
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip', ...headers } })
  const body = Buffer.from(await response.arrayBuffer())
  return { ms: performance.now() - started, state: response.headers.get('x-lumo-cache'), body }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function main() {
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const staticFile = path.join(REPO_ROOT, 'dist', 'client', 'assets', `bench-page-cache-${process.pid}.html`)
  const options = { name: 'bench-cache', seedProducts: SEED_PRODUCTS, env: { API_KEY }, keepDataDir: true }
  // a first start seeds; the home page's HTML becomes the same-size static file of the second
  const seeding = await startProductionServer(options)
  let dataDir = seeding.dataDir
  try {
    // fetch (undici) decodes gzip itself: this is the page's HTML
    const home = await fetch(`${seeding.baseUrl}/fi/`)
    writeFileSync(staticFile, Buffer.from(await home.arrayBuffer()))
  } finally {
    await seeding.stop()
  }
  const server = await startProductionServer({ ...options, dataDir })
  dataDir = server.dataDir
  try {
    const base = server.baseUrl
    const products = await productPaths(base, 12)
    const product = products[0]!

    // First renders (misses) of distinct product pages, then the same pages as hits.
    const misses: number[] = []
    const hits: number[] = []
    for (const page of products.slice(1)) {
      const miss = await fetchPage(`${base}${page}`)
      if (miss.state !== 'miss') throw new Error(`${page}: expected a miss, got ${miss.state}`)
      misses.push(miss.ms)
      hits.push((await fetchPage(`${base}${page}`)).ms)
    }
    const homeMiss = await fetchPage(`${base}/fi/`)

    const cartId = (
      (await (
        await fetch(`${base}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
          body: JSON.stringify({ query: '{ getCart { id } }' }),
        })
      ).json()) as { data: { getCart: { id: string } } }
    ).data.getCart.id

    const targets: [string, string, Record<string, string>][] = [
      ['static file (home HTML size)', `/assets/${path.basename(staticFile)}`, {}],
      ['home, cached', '/fi/', {}],
      ['product, cached', product, {}],
      ['product, cached, shopper with a cart cookie', product, { cookie: `lumo-cart=${cartId}` }],
      // once more at the end: on a shared machine the rate drifts during the runs
      ['static file again', `/assets/${path.basename(staticFile)}`, {}],
    ]
    for (const [, url, headers] of targets)
      for (let i = 0; i < 20; i++) await fetchPage(`${base}${url}`, headers)
    console.log(
      `\nfirst render (miss) of a product page: median ${median(misses).toFixed(1)} ms over ${misses.length}; the same page cached: ${median(hits).toFixed(1)} ms; home miss ${homeMiss.ms.toFixed(1)} ms (sequential fetch, loopback)`,
    )
    const load = loadavg()
    console.log(
      `\nautocannon ${CONNECTIONS} connections × ${DURATION_S} s, Accept-Encoding: gzip, ${SEED_PRODUCTS} products`,
    )
    console.log('| target | req/s | vs static | p99 | errors |\n|---|---|---|---|---|')
    let staticRate = 0
    for (const [label, url, headers] of targets) {
      const run = await autocannon({
        url: `${base}${url}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        headers: { 'accept-encoding': 'gzip', ...headers },
      })
      staticRate ||= run.requests.average
      const bytes = (await fetchPage(`${base}${url}`, headers)).body.length
      console.log(
        `| ${label} (${(bytes / 1024).toFixed(0)} KiB) | ${run.requests.average.toFixed(0)} | ${(run.requests.average / staticRate).toFixed(2)}× | ${run.latency.p99} ms | ${run.errors + run.timeouts + run.non2xx} |`,
      )
    }
    console.log(
      `load average before the runs: ${load.map((v) => v.toFixed(2)).join(' ')}; after: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' ')}`,
    )
  } finally {
    await server.stop()
    rmSync(staticFile, { force: true })
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
