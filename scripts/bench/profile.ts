/**
 * Server render profile (issue #9): for the home page, a category list and a product page, the
 * serial server time of one shopper (sequential requests on one keep-alive socket, after a
 * warm-up) and the top five functions by self time in a V8 CPU profile of the production server
 * rendering that page under a short autocannon run.
 *
 * Each page type gets its own server start (on one seeded DATA_DIR) with Node's `--cpu-prof`,
 * so its profile holds only that page's work; the profile is written when the server exits on
 * SIGTERM. Only the samples of the load window count (the profile's end minus
 * the measured stop time and load time), so start-up work does not crowd the table.
 * Settings: BENCH_SEED_PRODUCTS (2000), BENCH_PROFILE_SECONDS (5), BENCH_PROFILE_CONNECTIONS (10),
 * BENCH_SERIAL_REQUESTS (40), BENCH_PROFILE_NOCACHE=1 (render every request: `?nocache=1` passes
 * the page cache, so the database's share of the main thread shows; ADR 0023).
 */
import http from 'node:http'
import { createRequire } from 'node:module'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { startProductionServer } from '../harness/production-server'
import { ensureBuild } from '../harness/run-command'
import { pickFromSitemap, sitemapUrls } from './lighthouse'
import { ms, percentile, type Benchmark, type BenchmarkResult, type BenchmarkRow } from './index'

const SEED_PRODUCTS = Number(process.env.BENCH_SEED_PRODUCTS ?? 2000)
const LOAD_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 5)
const CONNECTIONS = Number(process.env.BENCH_PROFILE_CONNECTIONS ?? 10)
const SERIAL_REQUESTS = Number(process.env.BENCH_SERIAL_REQUESTS ?? 40)
const NOCACHE = process.env.BENCH_PROFILE_NOCACHE === '1'
const TOP = 5

type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  headers?: Record<string, string>
}) => Promise<{ requests: { average: number }; errors: number; non2xx: number }>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

/** The parts of a `.cpuprofile` (V8's Profile object) this report reads. */
export interface CpuProfile {
  nodes: {
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
  }[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

export interface SelfTime {
  name: string
  ms: number
  share: number
}

function frameName(frame: CpuProfile['nodes'][number]['callFrame']): string {
  const name = frame.functionName || '(anonymous)'
  if (!frame.url) return name
  const file = frame.url.replace(/^file:\/\//, '').replace(/^.*\/node_modules\//, '')
  const short = file.includes('/') && !file.startsWith('node:') ? file.split('/').slice(-2).join('/') : file
  return `${name} ${short}:${frame.lineNumber + 1}`
}

/**
 * Self time per function over the samples taken in [from, to] (profile clock, µs), largest first.
 * The idle and program pseudo-frames are left out: they are not the server's work.
 */
export function topSelfTime(profile: CpuProfile, from = -Infinity, to = Infinity, count = TOP): SelfTime[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const totals = new Map<string, number>()
  let clock = profile.startTime
  let all = 0
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0
    clock += delta
    if (clock < from || clock > to) continue
    const node = byId.get(profile.samples[i]!)
    if (!node) continue
    const name = frameName(node.callFrame)
    if (name === '(idle)' || name === '(program)') continue
    // a sample stands for the time until the next one
    const weight = profile.timeDeltas[i + 1] ?? delta
    totals.set(name, (totals.get(name) ?? 0) + weight)
    all += weight
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, ms: micros / 1000, share: all > 0 ? micros / all : 0 }))
}

/** The share of self time spent in WebAssembly (PGlite's PostgreSQL) among all of `selfTimes`. */
export function wasmShare(selfTimes: readonly SelfTime[]): SelfTime {
  const wasm = selfTimes.filter((entry) => entry.name.startsWith('wasm-function'))
  return {
    name: 'WebAssembly',
    ms: wasm.reduce((sum, entry) => sum + entry.ms, 0),
    share: wasm.reduce((sum, entry) => sum + entry.share, 0),
  }
}

/** Milliseconds until the whole response has arrived. */
function timeResponse(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.resume()
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`))
        else resolve(performance.now() - started)
      })
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

/**
 * The main thread's profile: --cpu-prof writes one file per thread
 * (CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile), and the database worker (ADR 0023) is
 * thread 1 or later. The largest file when no name says so.
 */
function newestProfile(dir: string): CpuProfile {
  const all = readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'))
  const mainThread = all.filter((file) => /\.\d+\.0\.\d+\.cpuprofile$/.test(file))
  const files = (mainThread.length > 0 ? mainThread : all)
    .map((file) => path.join(dir, file))
    .sort((a, b) => statSync(b).size - statSync(a).size)
  if (!files[0]) throw new Error(`the server wrote no CPU profile into ${dir}`)
  return JSON.parse(readFileSync(files[0], 'utf8')) as CpuProfile
}

async function run(): Promise<BenchmarkResult> {
  if (!(await ensureBuild())) throw new Error('the production build failed')
  const seeding = await startProductionServer({
    name: 'bench-profile',
    seedProducts: SEED_PRODUCTS,
    keepDataDir: true,
  })
  let pages: [string, string][]
  try {
    const sitemap = await sitemapUrls(seeding.baseUrl)
    const category = pickFromSitemap(sitemap, '/c/')
    const product = pickFromSitemap(sitemap, '/p/')
    if (!category || !product) throw new Error('the sitemap lists no category or product page')
    pages = [
      ['home', '/fi/'],
      ['category', category],
      ['product', product],
    ]
  } finally {
    await seeding.stop()
  }

  const rows: BenchmarkRow[] = []
  const notes: string[] = [
    `Production build, NODE_ENV=production, embedded PGlite seeded with ${SEED_PRODUCTS} products; one server start per page type on the same data.${NOCACHE ? ' Every request rendered (`?nocache=1`, BENCH_PROFILE_NOCACHE=1): the page cache is passed.' : ''}`,
    `Serial: ${SERIAL_REQUESTS} sequential requests on one keep-alive socket after 10 warm-up requests, time until the last byte (gzip). Profile: V8 --cpu-prof of the server's main thread (the database worker, ADR 0023, is profiled apart and left out) under autocannon, ${CONNECTIONS} connections for ${LOAD_SECONDS} s; self time of the samples in the load window, idle and (program) left out.`,
  ]
  try {
    for (const [name, pagePath] of pages) {
      const profileDir = mkdtempSync(path.join(os.tmpdir(), 'lumo-profile-'))
      const server = await startProductionServer({
        name: 'bench-profile',
        seedProducts: SEED_PRODUCTS,
        dataDir: seeding.dataDir,
        keepDataDir: true,
        nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
      })
      let loadMs = 0
      let stopMs = 0
      try {
        const url = `${server.baseUrl}${pagePath}${NOCACHE ? '?nocache=1' : ''}`
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
        for (let i = 0; i < 10; i++) await timeResponse(url, agent)
        const samples: number[] = []
        for (let i = 0; i < SERIAL_REQUESTS; i++) samples.push(await timeResponse(url, agent))
        agent.destroy()
        rows.push({
          metric: `${name} ${pagePath}: serial server time p50 / p90`,
          value: `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 90))}`,
        })
        const loadStarted = performance.now()
        const load = await autocannon({
          url,
          connections: CONNECTIONS,
          duration: LOAD_SECONDS,
          headers: { 'accept-encoding': 'gzip' },
        })
        loadMs = performance.now() - loadStarted
        rows.push({
          metric: `${name}: throughput at ${CONNECTIONS} connections (errors)`,
          value: `${load.requests.average.toFixed(0)} req/s (${load.errors + load.non2xx})`,
        })
      } finally {
        const stopStarted = performance.now()
        await server.stop()
        stopMs = performance.now() - stopStarted
      }
      const profile = newestProfile(profileDir)
      rmSync(profileDir, { recursive: true, force: true })
      const to = profile.endTime - stopMs * 1000
      const all = topSelfTime(profile, to - loadMs * 1000, to, Infinity)
      const wasm = wasmShare(all)
      rows.push({
        metric: `${name}: main thread's self time in WebAssembly (PGlite)`,
        value: `${wasm.ms.toFixed(0)} ms (${(wasm.share * 100).toFixed(1)} %)`,
      })
      all.slice(0, TOP).forEach((entry, index) =>
        rows.push({
          metric: `${name}: self time #${index + 1}`,
          value: `${entry.name} — ${entry.ms.toFixed(0)} ms (${(entry.share * 100).toFixed(1)} %)`,
        }),
      )
    }
  } finally {
    rmSync(seeding.dataDir, { recursive: true, force: true })
  }
  return { rows, notes }
}

export const benchmark: Benchmark = {
  name: 'profile',
  title: 'Server render profile: serial time and CPU top five per page type',
  run,
}
