/**
 * Load benchmark (issue #9 "Fast for a crowd"): the compiled production server, as `npm start`
 * runs it, on a freshly seeded database. Measured side by side in one run, with the bench's lean
 * HTTP client (./http-load.ts; autocannon for the walking shoppers, whose answers are read):
 *  - at 50 connections: a static file the size of the home page, /robots.txt, the largest script
 *    (brotli), anonymous pages (home, list, product) and personalised renders (checkout with a
 *    cart cookie, which no page cache may serve);
 *  - single renders with a cart cookie (one request at a time): product, list and home;
 *  - shoppers walking home → list → product → add to cart → checkout, mixed with anonymous
 *    shoppers who only browse, at 50, 100 and 200 connections: req/s, latency, errors and the
 *    server's memory (RSS) at start and end;
 *  - with `--soak 300`: the walk for 5 minutes, and how much the server's RSS grew over them. The
 *    clock starts after a minute of the same walk (SOAK_WARMUP_S), so the figure is growth under
 *    load (a leak), not the step from a just-collected idle heap to the working set, which the
 *    row reports beside it.
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL names a server (a fresh database there,
 * dropped afterwards). Flags: --duration s (30), --connections 50,100,200, --soak s (off);
 * BENCH_SEED_PRODUCTS (2000) products are seeded.
 */
import http from 'node:http'
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pg from 'pg'
import { REPO_ROOT, startProductionServer, type ProductionServer } from '../harness/production-server'
import { ensureBuild } from '../harness/run-command'
import { runLoad, type LoadRequest } from './http-load'
import { compressBrotli, compressGzip } from '../precompress'
import { CSRF_HEADER } from '../../src/shared/storefront-api'
import { COOKIES } from '../../src/shared/cookies'
import { apiScope } from '../../src/shared/markets'
import {
  benchDatabaseKinds,
  ms,
  percentile,
  type Benchmark,
  type BenchmarkResult,
  type BenchmarkRow,
} from './index'

const SEED_PRODUCTS = Number(process.env.BENCH_SEED_PRODUCTS ?? 2000)
const API_KEY = 'lumo-bench-storefront-key'
const HOME_PATH = '/fi/'
const CHECKOUT_PATH = '/fi/kassa'
const BFF_PATH = '/api/graphql'
const SCOPE = apiScope('fi', 'fi')
/** The connections of the side-by-side figures (the issue's targets are set at 50). */
const SIDE_BY_SIDE_CONNECTIONS = 50
const SINGLE_RENDERS = 30
/** Share of walking shoppers who add to the cart and open the checkout; the rest only browse. */
const CART_SHARE = 1 / 3
/** What a browser sends with every request. */
const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,*/*' }

const TARGETS = {
  anonymousVsStatic: 0.8,
  anonymousP99Ms: 150,
  personalisedVsStatic: 0.15,
  personalisedP99Ms: 500,
  renderP50Ms: { product: 25, list: 40, home: 40 },
  scriptVsRobots: 0.3,
  rssGrowth: 0.1,
} as const

// ---------------------------------------------------------------------------------------------
// Pure parts (scripts/bench/load.test.ts)

export interface LoadFlags {
  durationS: number
  connections: number[]
  /** Seconds of the soak run; 0 leaves it out. */
  soakS: number
}

export const DEFAULT_FLAGS: LoadFlags = { durationS: 30, connections: [50, 100, 200], soakS: 0 }

function positiveInteger(flag: string, value: string | undefined): number {
  const number = Number(value)
  if (value === undefined || !Number.isInteger(number) || number <= 0)
    throw new Error(`${flag} needs a whole number above 0 (got ${value ?? 'nothing'})`)
  return number
}

/** `--duration 5 --connections 50,100 --soak 300`, with clear errors for anything else. */
export function parseLoadFlags(flags: readonly string[]): LoadFlags {
  const parsed: LoadFlags = { ...DEFAULT_FLAGS, connections: [...DEFAULT_FLAGS.connections] }
  for (let i = 0; i < flags.length; i += 2) {
    const flag = flags[i] ?? ''
    const value = flags[i + 1]
    if (flag === '--duration') parsed.durationS = positiveInteger(flag, value)
    else if (flag === '--soak') parsed.soakS = positiveInteger(flag, value)
    else if (flag === '--connections')
      parsed.connections = (value ?? '').split(',').map((level) => positiveInteger(flag, level))
    else throw new Error(`Unknown flag ${flag}: the load bench takes --duration, --connections and --soak`)
  }
  return parsed
}

/** The list and product pages a page links to (same market and language), each once. */
export function pagePathsFromHtml(
  html: string,
  localePrefix = '/fi',
): { lists: string[]; products: string[] } {
  const lists = new Set<string>()
  const products = new Set<string>()
  for (const match of html.matchAll(/href="([^"]+)"/g)) {
    const href = match[1] ?? ''
    if (href.startsWith(`${localePrefix}/c/`)) lists.add(href)
    else if (href.startsWith(`${localePrefix}/p/`)) products.add(href)
  }
  return { lists: [...lists], products: [...products] }
}

/** Whether the walk with this number carries a cart: spread evenly (share 1/3: every third). */
export function walksWithCart(walk: number, share = CART_SHARE): boolean {
  return Math.floor((walk + 1) * share) > Math.floor(walk * share)
}

export interface Site {
  homePath: string
  checkoutPath: string
  lists: string[]
  products: { path: string; skuId: number }[]
}

export interface RequestSpec {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
}

export interface Shopper {
  walk: number
  withCart: boolean
  cartId?: string
}

/** Steps of one walk; a shopper without a cart browses on where the other one buys. */
export const WALK_STEPS = 6

const GET_CART = `query ($channelId: String, $languageId: String, $marketId: String) {
  getCart(channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`
const ADD_TO_CART = `mutation ($id: String!, $item: CartItemInputType!, $channelId: String, $languageId: String, $marketId: String) {
  addToCart(id: $id, item: $item, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`

/** A POST to the storefront's GraphQL endpoint as the page's script sends it (CSRF header, JSON). */
export function bffRequest(query: string, variables: Record<string, unknown>, cartId?: string): RequestSpec {
  return {
    method: 'POST',
    path: BFF_PATH,
    headers: {
      'content-type': 'application/json',
      [CSRF_HEADER]: '1',
      ...(cartId ? { cookie: cartCookie(cartId) } : {}),
    },
    body: JSON.stringify({ query, variables }),
  }
}

export function cartCookie(cartId: string): string {
  return `${COOKIES.cart}=${encodeURIComponent(cartId)}`
}

const at = <T>(items: readonly T[], index: number): T => {
  const item = items[index % items.length]
  if (item === undefined) throw new Error('nothing to pick from')
  return item
}

/** The request of one step of a shopper's walk. */
export function walkRequest(step: number, shopper: Shopper, site: Site): RequestSpec {
  const page = (pagePath: string, cartId?: string): RequestSpec => ({
    method: 'GET',
    path: pagePath,
    headers: cartId ? { cookie: cartCookie(cartId) } : {},
  })
  const { walk } = shopper
  const product = at(site.products, walk)
  switch (step) {
    case 0:
      return page(site.homePath)
    case 1:
      return page(at(site.lists, walk))
    case 2:
      return page(product.path)
    case 3:
      return shopper.withCart ? bffRequest(GET_CART, SCOPE) : page(at(site.products, walk + 1).path)
    case 4:
      return shopper.withCart
        ? bffRequest(
            ADD_TO_CART,
            { ...SCOPE, id: shopper.cartId ?? 'no-cart', item: { skuId: product.skuId, quantity: 1 } },
            shopper.cartId,
          )
        : page(at(site.lists, walk + 1))
    case 5:
      return shopper.withCart
        ? page(site.checkoutPath, shopper.cartId)
        : page(at(site.products, walk + 2).path)
    default:
      throw new Error(`a walk has ${WALK_STEPS} steps, not ${step + 1}`)
  }
}

/** The cart id of a getCart answer, if it has one. */
export function cartIdFrom(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { data?: { getCart?: { id?: unknown } } }).data?.getCart?.id
    return typeof id === 'string' ? id : undefined
  } catch {
    return undefined
  }
}

/** A GraphQL answer with errors (HTTP 200 all the same, so autocannon would count it as fine). */
export function hasGraphqlErrors(body: string): boolean {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors
    return Array.isArray(errors) && errors.length > 0
  } catch {
    return true
  }
}

/** The first error message of a GraphQL answer (or why the body was no GraphQL answer). */
export function graphqlErrorMessage(body: string): string {
  try {
    const errors = (JSON.parse(body) as { errors?: { message?: unknown }[] }).errors
    return String(errors?.[0]?.message ?? 'no message')
  } catch {
    return `not JSON: ${body.slice(0, 40)}`
  }
}

/** Tallies the page cache's `x-lumo-cache` header (hit, miss, …) when the server sends one. */
export class CacheTally {
  private readonly counts = new Map<string, number>()
  record(headers: Record<string, string | string[] | undefined>) {
    const value = headers['x-lumo-cache']
    if (typeof value !== 'string') return
    const key = value.toLowerCase()
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }
  /**
   * Share of answers with the header that the cache served (hit, or stale while it refreshes, as
   * docs/deploy.md counts the hit ratio); undefined when none carried it.
   */
  hitRatio(): number | undefined {
    let total = 0
    let hits = 0
    for (const [value, count] of this.counts) {
      total += count
      if (value.startsWith('hit') || value === 'stale') hits += count
    }
    return total === 0 ? undefined : hits / total
  }
}

/** Resident memory in bytes from /proc/<pid>/status text (VmRSS is in kB). */
export function rssFromStatus(status: string): number | undefined {
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]
  return kilobytes === undefined ? undefined : Number(kilobytes) * 1024
}

export function growth(start: number, end: number): number {
  return (end - start) / start
}

export interface LoadFigures {
  requestsPerSecond: number
  total: number
  p50: number
  p95: number
  p99: number
  /** Socket errors, timeouts, non-2xx answers and GraphQL answers with errors. */
  errors: number
  /** What the errors were (errorKinds), '' for none. */
  errorKinds?: string
  cacheHitRatio: number | undefined
}

export interface ErrorCounts {
  /** Connection errors (refused, reset) other than timeouts. */
  socket: number
  /** No answer within autocannon's 10 s. */
  timeouts: number
  /** Answers by status, 2xx left out. */
  statuses: Record<string, number>
  graphql: number
  /** The first GraphQL error message seen. */
  graphqlMessage?: string
}

/** The errors of a run by kind, e.g. "timeouts 12, 503 × 4, GraphQL 2 (Too many requests)". */
export function errorKinds(counts: ErrorCounts): string {
  const parts: string[] = []
  if (counts.timeouts > 0) parts.push(`timeouts ${counts.timeouts}`)
  if (counts.socket > 0) parts.push(`socket errors ${counts.socket}`)
  for (const [status, count] of Object.entries(counts.statuses))
    if (count > 0 && !status.startsWith('2')) parts.push(`${status} × ${count}`)
  if (counts.graphql > 0)
    parts.push(
      `GraphQL ${counts.graphql}${counts.graphqlMessage ? ` (${counts.graphqlMessage.slice(0, 80)})` : ''}`,
    )
  return parts.join(', ')
}

const mib = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(0)} MiB`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const perSecond = (figures: LoadFigures) => figures.requestsPerSecond.toFixed(0)
const times = (ratio: number) => `${ratio.toFixed(2)}×`
/** A latency, or why there is none: no answer finished within the run (all still queued). */
const latency = (value: number) => (Number.isNaN(value) ? 'none finished' : ms(value))
const latencies = (figures: LoadFigures) =>
  figures.total === 0
    ? 'none finished'
    : `${figures.p50.toFixed(0)} / ${figures.p95.toFixed(0)} / ${figures.p99.toFixed(0)} ms`

export interface SideBySideFigures {
  staticBytes: number
  /** Static copies of the anonymous pages: how many, and their average size as sent (br). */
  staticCopies: { count: number; averageBytes: number }
  script: { bytes: number; encoding: string }
  runs: Record<'static' | 'staticCopies' | 'robots' | 'script' | 'anonymous' | 'personalised', LoadFigures>
  /** p50 of single renders with a cart, ms. */
  renders: Record<'product' | 'list' | 'home', number>
}

const AT_50 = `at ${SIDE_BY_SIDE_CONNECTIONS} connections`
const cacheHits = (ratio: number | undefined) =>
  ratio === undefined ? 'no header' : `${(ratio * 100).toFixed(0)} %`

/** The side-by-side figures, each beside its target (issue #9). */
export function sideBySideRows({
  staticBytes,
  staticCopies,
  script,
  runs,
  renders,
}: SideBySideFigures): BenchmarkRow[] {
  const scriptRatio = runs.script.requestsPerSecond / runs.robots.requestsPerSecond
  // the target's "static file of the same size": each page against a static copy of itself
  const anonymousRatio = runs.anonymous.requestsPerSecond / runs.staticCopies.requestsPerSecond
  const anonymousVsHomeFile = runs.anonymous.requestsPerSecond / runs.static.requestsPerSecond
  const personalisedRatio = runs.personalised.requestsPerSecond / runs.static.requestsPerSecond
  const errors = Object.values(runs).reduce((sum, run) => sum + run.errors, 0)
  return [
    { metric: `static file, ${kib(staticBytes)} like home, ${AT_50} (req/s)`, value: perSecond(runs.static) },
    { metric: `/robots.txt ${AT_50} (req/s)`, value: perSecond(runs.robots) },
    {
      metric: `largest script, ${kib(script.bytes)}, sent as ${script.encoding}, ${AT_50} (req/s)`,
      value: perSecond(runs.script),
    },
    {
      metric: 'largest script / robots.txt throughput, brotli',
      value: `${times(scriptRatio)}, ${script.encoding}`,
      target: `≥ ${times(TARGETS.scriptVsRobots)}, br`,
      meets: scriptRatio >= TARGETS.scriptVsRobots && script.encoding === 'br',
    },
    {
      metric: `static copies of the anonymous pages (${staticCopies.count} files, ${kib(staticCopies.averageBytes)} on average as brotli), in the same turn, ${AT_50} (req/s)`,
      value: perSecond(runs.staticCopies),
    },
    { metric: `anonymous home, list, product ${AT_50} (req/s)`, value: perSecond(runs.anonymous) },
    {
      metric: 'anonymous pages / static copies of the same pages, throughput',
      value: times(anonymousRatio),
      target: `≥ ${times(TARGETS.anonymousVsStatic)}`,
      meets: anonymousRatio >= TARGETS.anonymousVsStatic,
    },
    { metric: 'anonymous pages / the static file like home, throughput', value: times(anonymousVsHomeFile) },
    {
      metric: `anonymous pages p99 ${AT_50}`,
      value: latency(runs.anonymous.p99),
      target: `≤ ${TARGETS.anonymousP99Ms} ms`,
      meets: runs.anonymous.p99 <= TARGETS.anonymousP99Ms,
    },
    {
      metric: 'anonymous pages: page cache hits (x-lumo-cache)',
      value: cacheHits(runs.anonymous.cacheHitRatio),
    },
    { metric: `checkout with a cart ${AT_50} (req/s)`, value: perSecond(runs.personalised) },
    {
      metric: 'checkout with a cart / static file throughput',
      value: times(personalisedRatio),
      target: `≥ ${times(TARGETS.personalisedVsStatic)}`,
      meets: personalisedRatio >= TARGETS.personalisedVsStatic,
    },
    {
      metric: `checkout with a cart p99 ${AT_50}`,
      value: latency(runs.personalised.p99),
      target: `≤ ${TARGETS.personalisedP99Ms} ms`,
      meets: runs.personalised.p99 <= TARGETS.personalisedP99Ms,
    },
    ...(['product', 'list', 'home'] as const).map((page) => ({
      metric: `${page} with a cart, rendered (?nocache), p50 of ${SINGLE_RENDERS} one at a time`,
      value: ms(renders[page]),
      target: `≤ ${TARGETS.renderP50Ms[page]} ms`,
      meets: renders[page] <= TARGETS.renderP50Ms[page],
    })),
    { metric: `errors in the runs ${AT_50} above`, value: String(errors), target: '0', meets: errors === 0 },
  ]
}

/** One level of walking shoppers: throughput and latency, then errors and the server's memory. */
export function walkRows(
  connections: number,
  walk: LoadFigures,
  rssBefore: number | undefined,
  rssAfter: number | undefined,
): BenchmarkRow[] {
  const hits = walk.cacheHitRatio === undefined ? '' : `, ${cacheHits(walk.cacheHitRatio)} cache hits`
  return [
    {
      metric: `walking shoppers at ${connections} connections: req/s; p50 / p95 / p99`,
      value: `${perSecond(walk)}; ${latencies(walk)}${hits}`,
    },
    {
      metric: `walking shoppers at ${connections} connections: errors; server RSS start → end`,
      value: `${walk.errors}${walk.errorKinds ? ` (${walk.errorKinds})` : ''}; ${mib(rssBefore)} → ${mib(rssAfter)}`,
      target: '0 errors',
      meets: walk.errors === 0,
    },
  ]
}

/** A gauge's value from Prometheus text (e.g. the server's lumo_nodejs_heap_size_used_bytes). */
export function gaugeFromMetrics(text: string, name: string): number | undefined {
  const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(text)?.[1]
  return value === undefined ? undefined : Number(value)
}

/** Seconds of walking before the soak's clock starts: the working set is reached by then. */
export const SOAK_WARMUP_S = 60

export interface SoakMemory {
  /** RSS before the warm-up (after the runs before it and the collector's last pass). */
  rssIdle?: number
  /** RSS at the start (after the warm-up), then once per sampling interval, then at the end. */
  rssSamples: (number | undefined)[]
  /** V8 heap in use at the start and the end (from /metrics). */
  heapUsed: [number | undefined, number | undefined]
}

/** The soak: how much the server's memory grew over a long run of walking shoppers. */
export function soakRow(
  connections: number,
  seconds: number,
  soak: LoadFigures,
  rssBefore: number | undefined,
  rssAfter: number | undefined,
  memory?: SoakMemory,
): BenchmarkRow {
  const grew = rssBefore && rssAfter ? growth(rssBefore, rssAfter) : undefined
  const detail = memory
    ? `; ${memory.rssIdle ? `before the ${SOAK_WARMUP_S} s warm-up ${mib(memory.rssIdle)}; ` : ''}RSS every minute ${memory.rssSamples.map((rss) => mib(rss).replace(' MiB', '')).join(' → ')} MiB; V8 heap used ${mib(memory.heapUsed[0])} → ${mib(memory.heapUsed[1])}`
    : ''
  return {
    metric: `soak: walking shoppers, ${connections} connections for ${seconds} s: RSS growth`,
    value: `${grew === undefined ? 'n/a' : `${(grew * 100).toFixed(1)} %`} (${mib(rssBefore)} → ${mib(rssAfter)}; ${soak.errors} errors${soak.errorKinds ? ` (${soak.errorKinds})` : ''}${detail})`,
    target: `≤ ${(TARGETS.rssGrowth * 100).toFixed(0)} %`,
    meets: grew !== undefined && grew <= TARGETS.rssGrowth && soak.errors === 0,
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface AutocannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest
  onResponse?: (
    status: number,
    body: string,
    context: Record<string, unknown>,
    headers: Record<string, string | string[] | undefined>,
  ) => void
}
interface AutocannonResult {
  requests: { average: number; total: number }
  /** Includes the timeouts. */
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
  requests?: AutocannonRequest[]
}) => AutocannonInstance
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

interface Counters {
  graphqlErrors: number
  graphqlMessage?: string
  cache: CacheTally
}

async function load(
  baseUrl: string,
  connections: number,
  durationS: number,
  requests: AutocannonRequest[],
  counters: Counters = { graphqlErrors: 0, cache: new CacheTally() },
): Promise<LoadFigures> {
  const latencies: number[] = []
  const run = autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    headers: BROWSER_HEADERS,
    requests,
  })
  run.on('response', (_client, _status, _bytes, responseMs) => latencies.push(responseMs))
  const result = await run
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    // autocannon's errors include its timeouts: counting both counted every timeout twice
    errors: result.errors + result.non2xx + counters.graphqlErrors,
    errorKinds: errorKinds({
      socket: Math.max(0, result.errors - result.timeouts),
      timeouts: result.timeouts,
      statuses: Object.fromEntries(
        Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
      ),
      graphql: counters.graphqlErrors,
      graphqlMessage: counters.graphqlMessage,
    }),
    cacheHitRatio: counters.cache.hitRatio(),
  }
}

/**
 * A side-by-side run at 50 connections with the lean load generator (scripts/bench/http-load.ts):
 * it drops bodies without decoding them, so a large or compressed body costs the client what it
 * costs the kernel, not a UTF-8 decode as in autocannon.
 */
async function leanLoad(
  baseUrl: string,
  durationS: number,
  next: () => LoadRequest,
  cache = new CacheTally(),
): Promise<LoadFigures> {
  const { hostname, port } = new URL(baseUrl)
  const result = await runLoad({
    host: hostname,
    port: Number(port),
    connections: SIDE_BY_SIDE_CONNECTIONS,
    durationS,
    headers: BROWSER_HEADERS,
    next,
    onResponse: (head) => cache.record(head.headers),
  })
  const failedAnswers = Object.entries(result.statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0)
  return {
    requestsPerSecond: result.requestsPerSecond,
    total: result.total,
    p50: percentile(result.latencies, 50),
    p95: percentile(result.latencies, 95),
    p99: percentile(result.latencies, 99),
    errors: result.timeouts + result.socketErrors + failedAnswers,
    errorKinds: errorKinds({
      socket: result.socketErrors,
      timeouts: result.timeouts,
      statuses: result.statuses,
      graphql: 0,
    }),
    cacheHitRatio: cache.hitRatio(),
  }
}

/** One of each list in turn, then the next of each: [a1, b1, c1, a2, b2, c2, ...]. */
/** The anonymous pages of the side-by-side run: home, a list, a product, in turn. */
function anonymousPathsOf(site: Site): string[] {
  return interleave(
    [site.homePath],
    site.lists,
    site.products.map((product) => product.path),
  )
}

export function interleave<T>(...lists: readonly (readonly T[])[]): T[] {
  const longest = Math.max(0, ...lists.map((list) => list.length))
  const out: T[] = []
  for (let i = 0; i < longest; i++) for (const list of lists) if (list.length > 0) out.push(at(list, i))
  return out
}

/** The walking mix: each connection walks again and again, a new shopper each time. */
function walkingShoppers(site: Site, counters: Counters) {
  let walks = 0
  const shopperOf = (context: Record<string, unknown>): Shopper => {
    if (!context['shopper']) {
      const walk = walks++
      context['shopper'] = { walk, withCart: walksWithCart(walk) } satisfies Shopper
    }
    return context['shopper'] as Shopper
  }
  return Array.from({ length: WALK_STEPS }, (_, step): AutocannonRequest => ({
    setupRequest: (request, context) => {
      const spec = walkRequest(step, shopperOf(context), site)
      return { ...request, ...spec, headers: { ...request.headers, ...spec.headers } }
    },
    onResponse: (status, body, context, headers) => {
      const shopper = shopperOf(context)
      const spec = walkRequest(step, shopper, site)
      if (spec.method === 'POST') {
        if (status === 200 && hasGraphqlErrors(body)) {
          counters.graphqlErrors += 1
          counters.graphqlMessage ??= graphqlErrorMessage(body)
        }
        if (step === 3) shopper.cartId = cartIdFrom(body)
      } else {
        counters.cache.record(headers)
      }
    },
  }))
}

interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
}

function request(url: string, spec: Partial<RequestSpec> = {}, agent?: http.Agent): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: spec.method ?? 'GET', headers: { ...BROWSER_HEADERS, ...spec.headers }, agent },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(spec.body)
  })
}

function decoded(response: RawResponse): Buffer {
  const encoding = response.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(response.body)
  if (encoding === 'gzip') return gunzipSync(response.body)
  return response.body
}

async function bff(baseUrl: string, spec: RequestSpec): Promise<Record<string, unknown>> {
  const response = await request(`${baseUrl}${spec.path}`, spec)
  const text = decoded(response).toString('utf8')
  if (response.status !== 200 || hasGraphqlErrors(text))
    throw new Error(`${spec.path} answered ${response.status}: ${text.slice(0, 300)}`)
  return (JSON.parse(text) as { data: Record<string, unknown> }).data
}

const PRODUCT_SKUS = `query ($alias: String, $channelId: String, $languageId: String, $marketId: String) {
  product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
    skus { skuId stock { inStock } } } }`

/** The pages and in-stock sizes the shoppers use, found the way a shopper finds them: from home. */
async function discoverSite(baseUrl: string): Promise<Site> {
  const home = await request(`${baseUrl}${HOME_PATH}`)
  const { lists, products } = pagePathsFromHtml(decoded(home).toString('utf8'))
  const withSkus: Site['products'] = []
  for (const productPath of products.slice(0, 12)) {
    const alias = decodeURIComponent(productPath.split('/').pop() ?? '')
    const data = await bff(baseUrl, bffRequest(PRODUCT_SKUS, { ...SCOPE, alias }))
    const skus = (data['product'] as { skus?: { skuId: number; stock?: { inStock?: number } }[] } | null)
      ?.skus
    const sku = [...(skus ?? [])].sort((a, b) => (b.stock?.inStock ?? 0) - (a.stock?.inStock ?? 0))[0]
    if (sku && (sku.stock?.inStock ?? 0) > 0) withSkus.push({ path: productPath, skuId: sku.skuId })
  }
  if (lists.length === 0 || withSkus.length === 0)
    throw new Error(`the home page links to ${lists.length} lists and ${withSkus.length} products in stock`)
  return { homePath: HOME_PATH, checkoutPath: CHECKOUT_PATH, lists: lists.slice(0, 6), products: withSkus }
}

async function cartWithItem(baseUrl: string, skuId: number): Promise<string> {
  const created = await bff(baseUrl, bffRequest(GET_CART, SCOPE))
  const id = (created['getCart'] as { id?: string } | undefined)?.id
  if (!id) throw new Error('getCart gave no cart id')
  await bff(baseUrl, bffRequest(ADD_TO_CART, { ...SCOPE, id, item: { skuId, quantity: 1 } }, id))
  return id
}

/**
 * The page rendered for this shopper rather than served from the page cache: `?nocache` is one of
 * the cache's bypass parameters (server/ssr/page-cache/key.ts); without a cache it changes nothing.
 */
export function renderedUrl(pageUrl: string): string {
  const url = new URL(pageUrl)
  url.searchParams.set('nocache', '1')
  return url.href
}

/** Time to the last byte of one request at a time (the render's own time on an idle server). */
async function singleRenders(pageUrl: string, headers: Record<string, string>): Promise<number> {
  const url = renderedUrl(pageUrl)
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const samples: number[] = []
    for (let i = 0; i < SINGLE_RENDERS + 5; i++) {
      const started = performance.now()
      const response = await request(url, { headers }, agent)
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
      const cacheState = response.headers['x-lumo-cache']
      if (cacheState === 'hit' || cacheState === 'stale')
        throw new Error(`${url} came from the page cache (${cacheState}), not from a render`)
      if (i >= 5) samples.push(performance.now() - started)
    }
    return percentile(samples, 50)
  } finally {
    agent.destroy()
  }
}

/**
 * How far the bytes alone cap the script's ratio on this machine: a bare Node http server in its
 * own process answering the same two bodies as the shop (robots.txt, the largest script's brotli
 * copy) from memory, with nothing else per request, under the same load.
 */
const BARE_SERVER = `
const http = require('node:http')
const { readFileSync } = require('node:fs')
const bodies = { '/small': Buffer.from(process.env.SMALL_BODY), '/large': readFileSync(process.env.LARGE_FILE) }
const server = http.createServer((request, response) => {
  const body = bodies[request.url] ?? Buffer.alloc(0)
  response.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream' })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'))
`

async function bareSizeEffect(
  smallBody: string,
  largeFile: string,
  durationS: number,
): Promise<{ small: LoadFigures; large: LoadFigures }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, SMALL_BODY: smallBody, LARGE_FILE: largeFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))
      child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)))
    })
    const base = `http://127.0.0.1:${port}`
    const small = await leanLoad(base, durationS, () => ({ path: '/small' }))
    const large = await leanLoad(base, durationS, () => ({ path: '/large' }))
    return { small, large }
  } finally {
    child.kill()
  }
}

function rssOf(pid: number): number | undefined {
  try {
    return rssFromStatus(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return undefined
  }
}

function largestScript(): { name: string; bytes: number } {
  const assets = path.join(REPO_ROOT, 'dist', 'client', 'assets')
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, bytes: statSync(path.join(assets, name)).size }))
    .sort((a, b) => b.bytes - a.bytes)
  if (!scripts[0]) throw new Error('the build has no scripts')
  return scripts[0]
}

/** A fresh database on the PostgreSQL server of BENCH_DATABASE_URL, and how to drop it again. */
async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? ''
  const name = `lumo_bench_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}

async function measure(kind: 'pglite' | 'postgres', flags: LoadFlags): Promise<BenchmarkRow[]> {
  const database = kind === 'postgres' ? await freshPostgresDatabase() : undefined
  const serverOptions = {
    name: `bench-load-${kind}`,
    seedProducts: SEED_PRODUCTS,
    env: { API_KEY, ...(database ? { DATABASE_URL: database.url } : {}) },
    keepDataDir: true,
    // A seeded PostgreSQL database or PGlite data directory takes minutes to fill on a busy machine.
    readyTimeoutMs: 600_000,
  }
  const staticFile = path.join(
    REPO_ROOT,
    'dist',
    'client',
    'assets',
    `bench-load-same-size-${process.pid}.html`,
  )
  // each anonymous page's HTML as a static file too, by path
  const staticCopies = new Map<string, string>()
  const copyFile = (index: number) =>
    path.join(REPO_ROOT, 'dist', 'client', 'assets', `bench-load-copy-${process.pid}-${index}.html`)
  const cleanUp = async (dataDir?: string) => {
    const files = [staticFile, ...[...staticCopies.keys()].map((_, index) => copyFile(index))]
    for (const file of files.flatMap((file) => [file, `${file}.br`, `${file}.gz`]))
      rmSync(file, { force: true })
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  }

  // The server registers the static files that exist when it starts. So a first start seeds and
  // renders the home page, whose HTML becomes the same-size static file (precompressed as the
  // build does), and the anonymous pages of the side-by-side run, each of which gets a static
  // copy of its own; the measured server then starts on the same, seeded data.
  let server: ProductionServer | undefined
  let dataDir: string | undefined
  try {
    const seeding = await startProductionServer(serverOptions)
    dataDir = seeding.dataDir
    try {
      const writeStatic = async (file: string, html: Buffer) => {
        writeFileSync(file, html)
        writeFileSync(`${file}.br`, await compressBrotli(html))
        writeFileSync(`${file}.gz`, await compressGzip(html))
      }
      await writeStatic(staticFile, decoded(await request(`${seeding.baseUrl}${HOME_PATH}`)))
      for (const pagePath of anonymousPathsOf(await discoverSite(seeding.baseUrl))) {
        if (staticCopies.has(pagePath)) continue
        const file = copyFile(staticCopies.size)
        staticCopies.set(pagePath, `/assets/${path.basename(file)}`)
        await writeStatic(file, decoded(await request(`${seeding.baseUrl}${pagePath}`)))
      }
    } finally {
      await seeding.stop()
    }
    server = await startProductionServer({ ...serverOptions, dataDir })
  } catch (error) {
    await cleanUp(dataDir)
    throw error
  }

  const rows: BenchmarkRow[] = []
  try {
    const base = server.baseUrl
    const site = await discoverSite(base)
    const carts: string[] = []
    for (let i = 0; i < 20; i++) carts.push(await cartWithItem(base, at(site.products, i).skuId))
    const script = largestScript()
    const scriptUrl = `/assets/${script.name}`
    const staticUrl = `/assets/${path.basename(staticFile)}`

    // Warm every path up (JIT, database caches) before a clock starts.
    for (const pagePath of [site.homePath, ...site.lists, ...site.products.map((p) => p.path)])
      await request(`${base}${pagePath}`)
    for (const cart of carts.slice(0, 5))
      await request(`${base}${CHECKOUT_PATH}`, { headers: { cookie: cartCookie(cart) } })

    const side = (next: () => LoadRequest, cache?: CacheTally) => leanLoad(base, flags.durationS, next, cache)
    // home, a list, a product, in turn, each list and product in turn among its kind
    const anonymousPaths = anonymousPathsOf(site)
    const staticCopyOf = (pagePath: string) => {
      const copy = staticCopies.get(pagePath)
      if (!copy) throw new Error(`${pagePath} has no static copy: the seeding start saw other pages`)
      return copy
    }
    const staticRun = await side(() => ({ path: staticUrl }))
    let nextCopy = 0
    const staticCopiesRun = await side(() => ({ path: staticCopyOf(at(anonymousPaths, nextCopy++)) }))
    const robotsRun = await side(() => ({ path: '/robots.txt' }))
    const scriptEncoding = (await request(`${base}${scriptUrl}`)).headers['content-encoding'] ?? 'none'
    const scriptRun = await side(() => ({ path: scriptUrl }))
    let nextAnonymous = 0
    const anonymousCache = new CacheTally()
    const anonymousRun = await side(() => ({ path: at(anonymousPaths, nextAnonymous++) }), anonymousCache)
    let nextCart = 0
    const personalisedRun = await side(() => ({
      path: CHECKOUT_PATH,
      headers: { cookie: cartCookie(at(carts, nextCart++)) },
    }))

    const robotsBody = decoded(await request(`${base}/robots.txt`)).toString('utf8')
    const bare = await bareSizeEffect(
      robotsBody,
      path.join(REPO_ROOT, 'dist', 'client', 'assets', `${script.name}.br`),
      flags.durationS,
    )

    const cartHeaders = { cookie: cartCookie(at(carts, 0)) }
    const renders = {
      product: await singleRenders(`${base}${at(site.products, 0).path}`, cartHeaders),
      list: await singleRenders(`${base}${at(site.lists, 0)}`, cartHeaders),
      home: await singleRenders(`${base}${site.homePath}`, cartHeaders),
    }

    rows.push(
      {
        metric: `size effect: a bare Node server, same bytes as robots.txt / the largest script (br), ${AT_50} (req/s)`,
        value: `${perSecond(bare.small)} / ${perSecond(bare.large)}: ${times(bare.large.requestsPerSecond / bare.small.requestsPerSecond)}`,
      },
      ...sideBySideRows({
        staticBytes: statSync(staticFile).size,
        staticCopies: {
          count: staticCopies.size,
          averageBytes:
            [...staticCopies.keys()].reduce(
              (sum, _, index) => sum + statSync(`${copyFile(index)}.br`).size,
              0,
            ) / staticCopies.size,
        },
        script: { bytes: script.bytes, encoding: scriptEncoding },
        runs: {
          static: staticRun,
          staticCopies: staticCopiesRun,
          robots: robotsRun,
          script: scriptRun,
          anonymous: anonymousRun,
          personalised: personalisedRun,
        },
        renders,
      }),
    )

    // The walking mix at each level, the server's memory before and after each.
    for (const connections of flags.connections) {
      const counters = { graphqlErrors: 0, cache: new CacheTally() }
      const rssBefore = rssOf(server.pid)
      const walk = await load(base, connections, flags.durationS, walkingShoppers(site, counters), counters)
      const rssAfter = rssOf(server.pid)
      rows.push(...walkRows(connections, walk, rssBefore, rssAfter))
    }

    if (flags.soakS > 0) {
      const connections = flags.connections[0] ?? SIDE_BY_SIDE_CONNECTIONS
      const counters = { graphqlErrors: 0, cache: new CacheTally() }
      const heapUsed = async () =>
        gaugeFromMetrics(
          decoded(await request(`${base}/metrics`)).toString('utf8'),
          'lumo_nodejs_heap_size_used_bytes',
        )
      const rssIdle = rssOf(server.pid)
      await load(base, connections, SOAK_WARMUP_S, walkingShoppers(site, counters), counters)
      const heapBefore = await heapUsed()
      const rssBefore = rssOf(server.pid)
      const rssSamples = [rssBefore]
      const sampling = setInterval(() => rssSamples.push(rssOf(server?.pid ?? 0)), 60_000)
      const soak = await load(base, connections, flags.soakS, walkingShoppers(site, counters), counters)
      clearInterval(sampling)
      const rssAfter = rssOf(server.pid)
      rssSamples.push(rssAfter)
      const memory: SoakMemory = { rssIdle, rssSamples, heapUsed: [heapBefore, await heapUsed()] }
      rows.push(soakRow(connections, flags.soakS, soak, rssBefore, rssAfter, memory))
    } else {
      rows.push({ metric: 'soak: RSS growth under load', value: 'not run (add --soak 300)' })
    }
  } finally {
    await server.stop()
    await cleanUp(dataDir)
  }
  // With two databases in one table, each figure says which one it is.
  return benchDatabaseKinds().length > 1
    ? rows.map((row) => ({ ...row, metric: `${kind}: ${row.metric}` }))
    : rows
}

async function run(flagArgs: readonly string[] = []): Promise<BenchmarkResult> {
  const flags = parseLoadFlags(flagArgs)
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const rows: BenchmarkRow[] = []
  for (const kind of benchDatabaseKinds()) rows.push(...(await measure(kind, flags)))
  return {
    rows,
    notes: [
      `Compiled production server (dist/server/start.js), NODE_ENV=production, seeded with ${SEED_PRODUCTS} products; ${benchDatabaseKinds().join(' and ')}. Server and load generator (one process) share the machine's cores.`,
      `Side by side at ${SIDE_BY_SIDE_CONNECTIONS} connections, ${flags.durationS} s per run, browser-like Accept-Encoding: br, gzip, with the bench's lean HTTP/1.1 client (scripts/bench/http-load.ts: keep-alive, bodies framed and dropped undecoded; autocannon decodes every body into a string, which capped a 110 KiB body at about 550 req/s against a bare Node server that wrk drives at 15,000). In this order: the home page's HTML as a static file under /assets/ (precompressed like the build's files), static copies of the anonymous pages made the same way (each page's HTML from a first start of the server, requested in the same turn as the pages; the target's "static file of the same size"), /robots.txt, the largest script, anonymous pages (home, lists, products in turn), checkout with a cart cookie (20 carts in turn).`,
      `Single renders: ${SINGLE_RENDERS} requests one at a time with a cart cookie after 5 warm-ups, time to the last byte on loopback; \`?nocache\` makes the page cache pass them to the render.`,
      `Walking shoppers: each connection walks home → list → product, then ${Math.round(CART_SHARE * 100)} % of walks get a cart (getCart and addToCart through /api/graphql, then the checkout page with the cart cookie) while the others browse a product, a list and a product more; a new shopper every walk. Walking shoppers run under autocannon (it reads the getCart answers). Errors count socket errors, timeouts (no answer within 10 s), non-2xx answers and GraphQL answers with errors; a run's req/s counts the answers that finished within it. Connections: ${flags.connections.join(', ')}.`,
      'Size effect: a bare Node http server in its own process answers the same bytes as /robots.txt and the largest script (its brotli copy) from memory, under the same load: the ratio the bytes alone allow on this machine, with the load generator on the same cores.',
      "Latency percentiles come from every response time of the run. RSS is the server process's resident memory (/proc), before and after each run.",
    ],
  }
}

export const benchmark: Benchmark = {
  name: 'load',
  title: 'Load: a crowd of shoppers',
  run,
}
