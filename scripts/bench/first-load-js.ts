/**
 * First-load JavaScript of the five pages issue #9 item 6 bounds (≤ 150 KiB each), as Chromium
 * transfers it: a first visit (empty cache, service worker blocked) until the page has hydrated and
 * the network is idle, against the production build and the compiled server. The checkout is
 * opened with a cart holding one item, the way a shopper reaches it.
 *
 *   npm run bench -- first-load-js
 */
import { chromium, type Browser } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { CHROMIUM_ARGS, CHROMIUM_PATH, ensureChromium } from '../ensure-chromium'
import { startProductionServer } from '../harness/production-server'
import { ensureBuild } from '../harness/run-command'
import type { Benchmark, BenchmarkResult, BenchmarkRow } from './index'
import { pickFromSitemap, searchPathFor, sitemapUrls } from './lighthouse'

const BUDGET_KIB = 150
const SEED_PRODUCTS = 200
const API_KEY = 'lumo-bench-storefront-key'

async function commerceApi<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
    body: JSON.stringify({ query, variables }),
  })
  const body = (await response.json()) as { data?: T; errors?: unknown }
  if (!body.data || body.errors)
    throw new Error(`the commerce API answered ${JSON.stringify(body).slice(0, 300)}`)
  return body.data
}

/** A new Finnish cart holding one fixture dress: its id, for the cart cookie. */
async function cartWithAnItem(baseUrl: string): Promise<string> {
  const { getCart } = await commerceApi<{ getCart: { id: string } }>(
    baseUrl,
    '{ getCart(marketId: "fi") { id } }',
  )
  await commerceApi(
    baseUrl,
    'mutation ($id: String!, $skuId: Int!) { addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, marketId: "fi") { id } }',
    { id: getCart.id, skuId: FIXTURE_PRODUCTS.satinDress.skus.staticStock },
  )
  return getCart.id
}

interface PageScripts {
  /** path and encoded body size of each script, largest first */
  scripts: [string, number][]
  bytes: number
}

async function firstVisitScripts(browser: Browser, url: string, cartId?: string): Promise<PageScripts> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  try {
    if (cartId) await context.addCookies([{ name: 'lumo-cart', value: cartId, url }])
    const page = await context.newPage()
    const sizes: Promise<[string, number]>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script')
        sizes.push(request.sizes().then((s) => [new URL(request.url()).pathname, s.responseBodySize]))
    })
    await page.goto(url, { waitUntil: 'load' })
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.waitForLoadState('networkidle')
    const scripts = (await Promise.all(sizes)).sort((a, b) => b[1] - a[1])
    return { scripts, bytes: scripts.reduce((sum, [, n]) => sum + n, 0) }
  } finally {
    await context.close()
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

async function run(): Promise<BenchmarkResult> {
  ensureChromium()
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const server = await startProductionServer({
    name: 'bench-first-load-js',
    seedProducts: SEED_PRODUCTS,
    env: { API_KEY },
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const sitemap = await sitemapUrls(server.baseUrl)
    const product = pickFromSitemap(sitemap, '/p/')
    const cartId = await cartWithAnItem(server.baseUrl)
    const pages: [string, string | undefined, string?][] = [
      ['home', '/fi/'],
      ['category', pickFromSitemap(sitemap, '/c/')],
      ['product', product],
      ['search', product && searchPathFor(product)],
      ['checkout', '/fi/kassa', cartId],
    ]
    const rows: BenchmarkRow[] = []
    const notes = [
      `Production build, compiled server, embedded PGlite seeded with ${SEED_PRODUCTS} products; Debian Chromium headless. Each page is a first visit in a fresh context (empty cache, service worker blocked) until hydration and network idle; the figure sums the encoded bodies of all scripts, as served (precompressed brotli).`,
    ]
    for (const [name, pagePath, cart] of pages) {
      if (!pagePath) throw new Error(`the sitemap lists no ${name} page`)
      const measured = await firstVisitScripts(browser, `${server.baseUrl}${pagePath}`, cart)
      rows.push({
        metric: `${name} ${pagePath}: JS transferred (${measured.scripts.length} files)`,
        value: kib(measured.bytes),
        target: `≤ ${BUDGET_KIB} KiB`,
        meets: measured.bytes <= BUDGET_KIB * 1024,
      })
      const largest = measured.scripts.slice(0, 4).map(([file, bytes]) => `${file} ${kib(bytes)}`)
      notes.push(`${name}: largest scripts ${largest.join(', ')}.`)
    }
    return { rows, notes }
  } finally {
    await browser.close()
    await server.stop()
  }
}

export const benchmark: Benchmark = {
  name: 'first-load-js',
  title: 'First-load JavaScript per page (issue #9 item 6)',
  run,
}
