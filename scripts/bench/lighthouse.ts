/**
 * Lighthouse benchmark (docs/quality-bars.md#page-speed): Lighthouse 12 with its mobile preset (the default:
 * emulated Moto G Power, simulated slow 4G, 4× CPU slowdown) against the production server on a
 * free loopback port with a freshly seeded DATA_DIR, for the home page, a category list, a
 * product page, a search result and the checkout with an item in the cart (a cart made through
 * the commerce API, sent as the cart cookie). Each page is measured BENCH_LIGHTHOUSE_RUNS times (3) and the median run (by
 * performance score) is reported, because single runs on a shared two-core machine scatter.
 * The list and product pages come from the shop's own sitemap, so the bench measures what a
 * crawler would find; the search term is the product's first word.
 * Settings: BENCH_SEED_PRODUCTS (2000), BENCH_LIGHTHOUSE_RUNS (3).
 */
import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../ensure-chromium'
import { REPO_ROOT, startProductionServer } from '../harness/production-server'
import { ensureBuild, localBin } from '../harness/run-command'
import { percentile, type Benchmark, type BenchmarkResult, type BenchmarkRow } from './index'

const SEED_PRODUCTS = Number(process.env.BENCH_SEED_PRODUCTS ?? 2000)
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3))

/** docs/quality-bars.md#page-speed */
const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const
const LCP_BAR_MS = 2000
const CLS_BAR = 0.05
const TBT_BAR_MS = 150

type Category = keyof typeof BARS
const CATEGORIES = Object.keys(BARS) as Category[]

export interface LighthouseFigures {
  scores: Record<Category, number>
  lcpMs: number
  cls: number
  tbtMs: number
  /** Audits that did not pass in a category below 100, for the notes. */
  failing: string[]
  /** Render-blocking requests Lighthouse names, with the time it estimates they cost. */
  renderBlocking: string[]
  /**
   * Lighthouse's benchmarkIndex of the host during the run (NaN when the report has none): its
   * simulation scales the main thread's work by it, so a faster host reports less blocking time.
   */
  benchmarkIndex: number
}

/**
 * The host the issue 33 targets hold for: a benchmarkIndex at or below this (a mid-range phone's
 * share of this two-core machine), where Lighthouse's 4× slowdown is not flattered by a fast host.
 */
export const TARGET_HOST_INDEX = 1600

interface LighthouseReport {
  environment?: { benchmarkIndex?: number }
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>
  audits: Record<
    string,
    {
      score: number | null
      numericValue?: number
      title: string
      details?: { items?: { url?: string; wastedMs?: number }[] }
    }
  >
}

/** The figures of one Lighthouse JSON report. */
export function readReport(report: LighthouseReport): LighthouseFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((report.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>
  const failing = new Set<string>()
  for (const category of CATEGORIES) {
    if (scores[category] >= 100) continue
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) failing.add(audit.title)
    }
  }
  return {
    scores,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    failing: [...failing],
    renderBlocking: (report.audits['render-blocking-resources']?.details?.items ?? []).map(
      (item) => `${new URL(item.url ?? '', 'http://x').pathname} (${Math.round(item.wastedMs ?? 0)} ms)`,
    ),
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  }
}

/** Which runs were taken on a host at or below TARGET_HOST_INDEX, and the indexes seen. */
export function hostOf(runs: readonly LighthouseFigures[]): {
  indexes: number[]
  atTarget: number
  median: number
} {
  const indexes = runs.map((run) => Math.round(run.benchmarkIndex))
  return {
    indexes,
    atTarget: indexes.filter((index) => index <= TARGET_HOST_INDEX).length,
    median: percentile(indexes, 50),
  }
}

/** The run whose performance score is the median (the middle one for an odd count). */
export function medianRun(runs: LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse run to choose from')
  const target = percentile(
    runs.map((run) => run.scores.performance),
    50,
  )
  return runs.find((run) => run.scores.performance === target) ?? runs[0]!
}

/** The first sitemap URL whose path (after the market prefix) starts with the given segment. */
export function pickFromSitemap(xml: string, segment: string): string | undefined {
  for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const url = new URL(match[1]!.replace(/&amp;/g, '&'))
    if (/^\/fi\//.test(url.pathname) && url.pathname.slice('/fi'.length).startsWith(segment))
      return url.pathname
  }
  return undefined
}

export async function sitemapUrls(baseUrl: string): Promise<string> {
  const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const parts = [...index.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
  if (parts.length === 0) return index
  const bodies = await Promise.all(parts.map(async (part) => (await fetch(part)).text()))
  return bodies.join('\n')
}

const BENCH_API_KEY = 'lumo-bench-storefront-key'

async function commerceApi<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': BENCH_API_KEY },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] }
  if (!body.data || body.errors)
    throw new Error(`the commerce API answered ${JSON.stringify(body).slice(0, 300)}`)
  return body.data
}

/** A new Finnish cart holding one fixture dress (a SKU with static stock): its id, for the cart cookie. */
async function cartWithAnItem(baseUrl: string): Promise<string> {
  const skuId = FIXTURE_PRODUCTS.satinDress.skus.staticStock
  const { getCart } = await commerceApi<{ getCart: { id: string } }>(
    baseUrl,
    '{ getCart(marketId: "fi") { id } }',
  )
  await commerceApi(
    baseUrl,
    'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "fi") { id } }',
    { id: getCart.id, skuId },
  )
  return getCart.id
}

/** The search page of a product's first word (`/fi/p/musta-satiinimekko` → `/fi/s/musta`). */
export function searchPathFor(productPath: string): string {
  const alias = decodeURIComponent(productPath.split('/').pop() ?? '')
  const word = alias.split('-')[0] || 'mekko'
  return `/fi/s/${encodeURIComponent(word)}`
}

/**
 * Lighthouse's trace recording sometimes fails at random with a runtime error that asks for
 * another run (NO_NAVSTART: the trace lost the navigation's start); such a run is made again, up
 * to three times in all. Any other failure ends the bench.
 */
export function isTransientLighthouseFailure(message: string): boolean {
  return /Please run Lighthouse again|NO_NAVSTART/.test(message)
}

async function runLighthouse(name: string, url: string, cookie?: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(name, url, cookie)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (attempt >= 3 || !isTransientLighthouseFailure(message)) throw error
      console.warn(
        `lighthouse ${name}: run ${attempt} failed (${message.slice(-120).trim()}); running it again`,
      )
    }
  }
}

function runLighthouseOnce(name: string, url: string, cookie?: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lumo-lighthouse-'))
  mkdirSync(path.join(REPO_ROOT, 'test-results'), { recursive: true })
  const output = path.join(dir, 'report.json')
  const flags = ['--headless=new', ...CHROMIUM_ARGS, `--user-data-dir=${path.join(dir, 'profile')}`].join(' ')
  return new Promise<LighthouseFigures>((resolve, reject) => {
    const child = spawn(
      localBin('lighthouse'),
      [
        url,
        `--chrome-flags=${flags}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse exited ${code}: ${stderr.slice(-500)}`)
        // the last report of each page stays in test-results/ for a closer look
        copyFileSync(output, path.join(REPO_ROOT, 'test-results', `lighthouse-${name}.json`))
        resolve(readReport(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport))
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}

async function run(): Promise<BenchmarkResult> {
  ensureChromium()
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const server = await startProductionServer({
    name: 'bench-lighthouse',
    seedProducts: SEED_PRODUCTS,
    env: { API_KEY: BENCH_API_KEY },
  })
  try {
    const sitemap = await sitemapUrls(server.baseUrl)
    const product = pickFromSitemap(sitemap, '/p/')
    const cartCookie = `lumo-cart=${await cartWithAnItem(server.baseUrl)}`
    const pages: [string, string | undefined, string?][] = [
      ['home', '/fi/'],
      ['category', pickFromSitemap(sitemap, '/c/')],
      ['product', product],
      ['search', product && searchPathFor(product)],
      ['checkout', '/fi/kassa', cartCookie],
    ]
    const rows: BenchmarkRow[] = []
    const allRuns: LighthouseFigures[] = []
    const notes: string[] = [
      `Lighthouse 12, mobile preset (simulated slow 4G, 4× CPU slowdown), Debian Chromium headless; median of ${RUNS} runs per page by performance score; ${SEED_PRODUCTS} products.`,
      'The load generator (Chromium and Lighthouse) shares the two cores with the server, so the performance figure is a lower bound.',
    ]
    for (const [name, pagePath, cookie] of pages) {
      if (!pagePath) throw new Error(`the sitemap lists no ${name} page`)
      const runs: LighthouseFigures[] = []
      for (let i = 0; i < RUNS; i++)
        runs.push(await runLighthouse(name, `${server.baseUrl}${pagePath}`, cookie))
      const median = medianRun(runs)
      for (const category of CATEGORIES) {
        rows.push({
          metric: `${name} ${pagePath}: ${category}`,
          value: `${median.scores[category]} (runs: ${runs.map((r) => r.scores[category]).join(', ')})`,
          target: `≥ ${BARS[category]}`,
          meets: median.scores[category] >= BARS[category],
        })
      }
      rows.push(
        {
          metric: `${name}: LCP`,
          value: `${Math.round(median.lcpMs)} ms`,
          target: `≤ ${LCP_BAR_MS} ms`,
          meets: median.lcpMs <= LCP_BAR_MS,
        },
        {
          metric: `${name}: CLS`,
          value: median.cls.toFixed(3),
          target: `≤ ${CLS_BAR}`,
          meets: median.cls <= CLS_BAR,
        },
        {
          metric: `${name}: TBT`,
          value: `${Math.round(median.tbtMs)} ms`,
          target: `≤ ${TBT_BAR_MS} ms`,
          meets: median.tbtMs <= TBT_BAR_MS,
        },
      )
      const host = hostOf(runs)
      allRuns.push(...runs)
      rows.push({
        metric: `${name}: host benchmarkIndex`,
        value: `${Math.round(median.benchmarkIndex)} (runs: ${host.indexes.join(', ')})`,
        target: `≤ ${TARGET_HOST_INDEX}`,
        meets: median.benchmarkIndex <= TARGET_HOST_INDEX,
      })
      if (median.failing.length > 0) notes.push(`${name}: audits below 0.9: ${median.failing.join('; ')}.`)
      if (median.renderBlocking.length > 0)
        notes.push(`${name}: render-blocking: ${median.renderBlocking.join(', ')}.`)
    }
    const host = hostOf(allRuns)
    notes.push(
      `Host: Lighthouse's benchmarkIndex ${Math.min(...host.indexes)}–${Math.max(...host.indexes)} (median ${host.median}); ${host.atTarget} of ${host.indexes.length} runs at or below ${TARGET_HOST_INDEX}, where issue 33's targets hold. Each page's row gives the index of the run reported and of every run.`,
    )
    return { rows, notes }
  } finally {
    await server.stop()
  }
}

export const benchmark: Benchmark = {
  name: 'lighthouse',
  title: 'Lighthouse (mobile): home, category, product, search and checkout pages',
  run,
}
