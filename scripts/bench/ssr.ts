/**
 * SSR benchmark (docs/quality-bars.md#throughput-and-latency): the production server on a free loopback port with a freshly
 * seeded DATA_DIR, measuring
 *  - time to first byte of the home page (sequential requests: median, p90);
 *  - JavaScript a first load fetches, for the home page and a product page: the scripts and
 *    modulepreloads the HTML names (gzip bytes as served), and what Chromium really transfers;
 *  - throughput of the product page against a static file of the same size served by the same
 *    server in the same run (autocannon), their ratio, p99 latency and errors.
 * Settings: BENCH_SEED_PRODUCTS (2000), BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10),
 * BENCH_TTFB_REQUESTS (50).
 */
import http from 'node:http'
import { createRequire } from 'node:module'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync, gunzipSync } from 'node:zlib'
import { performance } from 'node:perf_hooks'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../ensure-chromium'
import { REPO_ROOT, startProductionServer } from '../harness/production-server'
import { ensureBuild } from '../harness/run-command'
import { ms, percentile, type Benchmark, type BenchmarkResult, type BenchmarkRow } from './index'

const SEED_PRODUCTS = Number(process.env.BENCH_SEED_PRODUCTS ?? 2000)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10)
const TTFB_REQUESTS = Number(process.env.BENCH_TTFB_REQUESTS ?? 50)
const HOME_PATH = '/fi/'
/** The first-load JavaScript budget of a product page (docs/quality-bars.md#first-load-javascript). */
const JS_BUDGET_BYTES = 150 * 1024

// autocannon ships no type declarations: the part of its API used here.
interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  errors: number
  timeouts: number
  non2xx: number
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
}) => Promise<AutocannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/**
 * The module scripts and modulepreloads a page's HTML asks for, as absolute same-origin URLs:
 * with the entry module the boot script adds after the first paint (its `data-entry`).
 */
export function scriptUrls(html: string, pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin
  const urls = new Set<string>()
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = new Map<string, string>()
    for (const attribute of (tag[2] ?? '').matchAll(
      /([a-zA-Z:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
    )) {
      attributes.set((attribute[1] ?? '').toLowerCase(), attribute[2] ?? attribute[3] ?? attribute[4] ?? '')
    }
    const isScript = tag[1]?.toLowerCase() === 'script'
    const href = isScript
      ? (attributes.get('src') ?? attributes.get('data-entry'))
      : (attributes.get('rel') ?? '').split(/\s+/).includes('modulepreload')
        ? attributes.get('href')
        : undefined
    if (!href) continue
    const url = new URL(href.replace(/&amp;/g, '&'), pageUrl)
    if (url.origin === origin) urls.add(url.href)
  }
  return [...urls]
}

interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  /** The bytes on the wire (still compressed when the server compressed them). */
  body: Buffer
}

function get(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

function decoded(response: RawResponse): Buffer {
  return response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body
}

async function pageHtml(url: string): Promise<string> {
  const response = await get(url, { 'accept-encoding': 'gzip' })
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return decoded(response).toString('utf8')
}

/** Time from sending the request to the response's first bytes (status line and headers). */
function timeToFirstByte(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const elapsed = performance.now() - started
      response.resume()
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(elapsed)
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      )
    })
    request.on('error', reject)
  })
}

interface ScriptWeight {
  files: number
  /** Bytes as served with Accept-Encoding: gzip (gzipped here when the server sent them plain). */
  gzipBytes: number
}

async function declaredScripts(pageUrl: string): Promise<ScriptWeight> {
  const urls = scriptUrls(await pageHtml(pageUrl), pageUrl)
  let gzipBytes = 0
  for (const url of urls) {
    const response = await get(url, { 'accept-encoding': 'gzip' })
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    gzipBytes +=
      response.headers['content-encoding'] === 'gzip' ? response.body.length : gzipSync(response.body).length
  }
  return { files: urls.length, gzipBytes }
}

/** What Chromium transfers for scripts on a first visit (empty cache, no service worker). */
async function browserScripts(pageUrl: string): Promise<ScriptWeight | undefined> {
  if (!existsSync(CHROMIUM_PATH)) return undefined
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    const page = await context.newPage()
    const sizes: Promise<number>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize))
    })
    await page.goto(pageUrl, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForLoadState('networkidle')
    const bytes = await Promise.all(sizes)
    return { files: bytes.length, gzipBytes: bytes.reduce((sum, n) => sum + n, 0) }
  } finally {
    await browser.close()
  }
}

const BENCH_API_KEY = 'lumo-bench-storefront-key'

/** A product page's path: the first product the commerce API lists. */
async function findProductPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': BENCH_API_KEY },
    body: JSON.stringify({
      query: '{ products(take: 1, marketId: "fi", languageId: "fi-FI") { products { alias } } }',
    }),
  })
  const body = (await response.json()) as { data?: { products?: { products?: { alias?: string }[] } } }
  const alias = body.data?.products?.products?.[0]?.alias
  if (!alias)
    throw new Error(
      `the commerce API listed no product (${response.status}: ${JSON.stringify(body).slice(0, 200)})`,
    )
  return `/fi/p/${encodeURIComponent(alias)}`
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

async function throughput(url: string): Promise<AutocannonResult> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { 'accept-encoding': 'gzip' },
  })
}

async function run(): Promise<BenchmarkResult> {
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const staticFile = path.join(REPO_ROOT, 'dist', 'client', 'assets', `bench-same-size-${process.pid}.html`)
  const serverOptions = {
    name: 'bench',
    seedProducts: SEED_PRODUCTS,
    env: { API_KEY: BENCH_API_KEY },
    keepDataDir: true,
  }

  // The server serves the static files that exist when it starts. So a first start seeds the
  // database and renders the product page, whose HTML becomes the same-size static file; the
  // measured server then starts on the same, already seeded data directory.
  const seeding = await startProductionServer(serverOptions)
  let productPath: string
  try {
    productPath = await findProductPath(seeding.baseUrl)
    writeFileSync(
      staticFile,
      decoded(await get(`${seeding.baseUrl}${productPath}`, { 'accept-encoding': 'gzip' })),
    )
  } catch (error) {
    await seeding.stop()
    rmSync(seeding.dataDir, { recursive: true, force: true })
    throw error
  }
  await seeding.stop()

  const server = await startProductionServer({ ...serverOptions, dataDir: seeding.dataDir }).catch(
    (error: unknown) => {
      rmSync(staticFile, { force: true })
      rmSync(seeding.dataDir, { recursive: true, force: true })
      throw error
    },
  )
  try {
    const base = server.baseUrl
    const rows: BenchmarkRow[] = []

    // Time to first byte, after a few requests have warmed the process up.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    for (let i = 0; i < 5; i++) await timeToFirstByte(`${base}${HOME_PATH}`, agent)
    const samples: number[] = []
    for (let i = 0; i < TTFB_REQUESTS; i++) samples.push(await timeToFirstByte(`${base}${HOME_PATH}`, agent))
    agent.destroy()
    rows.push({
      metric: `home ${HOME_PATH} TTFB median (${TTFB_REQUESTS} sequential)`,
      value: ms(percentile(samples, 50)),
    })
    rows.push({ metric: `home ${HOME_PATH} TTFB p90`, value: ms(percentile(samples, 90)) })

    // JavaScript of a first load.
    for (const [label, pagePath, budget] of [
      ['home', HOME_PATH, undefined],
      ['product', productPath, JS_BUDGET_BYTES],
    ] as const) {
      const declared = await declaredScripts(`${base}${pagePath}`)
      rows.push({
        metric: `${label} JS named in HTML (${declared.files} files, gzip)`,
        value: kib(declared.gzipBytes),
        ...(budget ? { target: `≤ ${kib(budget)}`, meets: declared.gzipBytes <= budget } : {}),
      })
      const measured = await browserScripts(`${base}${pagePath}`)
      rows.push({
        metric: `${label} JS transferred by Chromium (${measured ? `${measured.files} files` : 'no Chromium'})`,
        value: measured ? kib(measured.gzipBytes) : 'n/a',
        ...(budget && measured ? { target: `≤ ${kib(budget)}`, meets: measured.gzipBytes <= budget } : {}),
      })
    }

    // Product page SSR against a static file of the same size, from the same server.
    const pageUrl = `${base}${productPath}`
    const staticUrl = `${base}/assets/${path.basename(staticFile)}`
    const pageBytes = decoded(await get(pageUrl, { 'accept-encoding': 'gzip' })).length
    const staticCopy = await get(staticUrl, { 'accept-encoding': 'gzip' })
    if (staticCopy.status !== 200) throw new Error(`the static copy answered ${staticCopy.status}`)
    const staticBytes = decoded(staticCopy).length
    // Warm both paths up (JIT, caches, connections) before the clock starts.
    const warmAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    for (let i = 0; i < 20; i++) {
      await timeToFirstByte(staticUrl, warmAgent)
      await timeToFirstByte(pageUrl, warmAgent)
    }
    warmAgent.destroy()
    const staticRun = await throughput(staticUrl)
    const pageRun = await throughput(pageUrl)
    const ratio = pageRun.requests.average / staticRun.requests.average
    const errors = pageRun.errors + pageRun.timeouts + pageRun.non2xx
    rows.push({
      metric: `static file, ${kib(staticBytes)} (req/s)`,
      value: staticRun.requests.average.toFixed(0),
    })
    rows.push({
      metric: `product page SSR, anonymous, ${kib(pageBytes)} (req/s)`,
      value: pageRun.requests.average.toFixed(0),
    })
    rows.push({
      metric: 'product page / static throughput',
      value: `${ratio.toFixed(2)}×`,
      target: '≥ 0.15×',
      meets: ratio >= 0.15,
    })
    rows.push({
      metric: `product page p99 latency at ${CONNECTIONS} connections`,
      value: ms(pageRun.latency.p99),
      target: '≤ 150 ms',
      meets: pageRun.latency.p99 <= 150,
    })
    rows.push({
      metric: 'product page errors (socket, timeouts, non-2xx)',
      value: String(errors),
      target: '0',
      meets: errors === 0,
    })

    return {
      rows,
      notes: [
        `Production build, NODE_ENV=production, embedded PGlite seeded with ${SEED_PRODUCTS} products; server and load generator share the machine's cores.`,
        `Product page: ${productPath}. Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, Accept-Encoding: gzip, static file first, then the page; the static file is the page's own HTML (from a first start of the server) served from /assets/ by the same server.`,
        'JS "named in HTML" sums the module scripts and modulepreloads of the server-rendered HTML as served gzip; "transferred by Chromium" sums the encoded script bodies of a first visit (empty cache, service worker blocked) until the network is idle.',
      ],
    }
  } finally {
    await server.stop()
    rmSync(staticFile, { force: true })
    rmSync(seeding.dataDir, { recursive: true, force: true })
  }
}

export const benchmark: Benchmark = {
  name: 'ssr',
  title: 'SSR: time to first byte, first-load JavaScript, throughput',
  run,
}
