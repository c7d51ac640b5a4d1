/**
 * Starts the shop's production server as a child process for the end-to-end suite and the
 * benchmarks: a free loopback port, a fresh DATA_DIR under .test-data/, and a wait for /healthz.
 * Shared so both measure exactly the server that `npm start` runs.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../build-stamp'

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * The storefront API key of servers started for tests and benchmarks: a production server refuses
 * the public development key (server/config.ts), and this one is set so tests can sign requests.
 */
export const HARNESS_API_KEY = 'lumo-harness-storefront-key'

export interface ProductionServer {
  baseUrl: string
  port: number
  dataDir: string
  logFile: string
  /** The server process's id (the benchmarks read its memory use). */
  pid: number
  /** SIGTERM (the graceful path under test), then SIGKILL if it has not exited in time. */
  stop(): Promise<void>
}

export interface StartOptions {
  /** Prefix of the fresh data directory under .test-data/ (e.g. 'e2e', 'bench'). */
  name: string
  seedProducts: number
  /** Extra Node options before the entry, e.g. `--cpu-prof` (which NODE_OPTIONS does not accept). */
  nodeArgs?: string[]
  /** Extra environment for the server (e.g. REDIS_URL). */
  env?: Record<string, string>
  /** How long the first start may take: it creates, migrates and seeds an embedded database. */
  readyTimeoutMs?: number
  /** Keep the data directory after stop (to look at a failed run, or to start again on it). */
  keepDataDir?: boolean
  /** Start on this data directory (e.g. one a previous start seeded) instead of a fresh one. */
  dataDir?: string
}

/** A port the kernel just handed out for loopback; the server binds it right after. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not read the probe port'))
      })
    })
  })
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function waitForHealth(baseUrl: string, child: ChildProcess, deadline: number): Promise<void> {
  let lastError = 'no answer yet'
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (code ${child.exitCode ?? child.signalCode}) before /healthz answered`,
      )
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`)
      if (response.ok) return
      lastError = `/healthz answered ${response.status}`
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the server did not become healthy in time (${lastError})`)
}

/** The end of the server's log for an error message, with very long lines (SQL dumps) cut short. */
function tail(file: string, lines = 40, lineLength = 300): string {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .slice(-lines)
      .map((line) => (line.length > lineLength ? `${line.slice(0, lineLength)}…` : line))
      .join('\n')
  } catch {
    return ''
  }
}

export async function startProductionServer(options: StartOptions): Promise<ProductionServer> {
  const port = await freePort()
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  const dataDir = options.dataDir ?? path.join(REPO_ROOT, '.test-data', `${options.name}-${stamp}`)
  mkdirSync(dataDir, { recursive: true })
  const logDir = path.join(REPO_ROOT, 'test-results')
  mkdirSync(logDir, { recursive: true })
  const logFile = path.join(logDir, `${options.name}-server.log`)
  const log = createWriteStream(logFile)
  const baseUrl = `http://127.0.0.1:${port}`

  // The compiled server, as `npm start` runs it (the caller makes sure the build is current).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SEED_PRODUCTS: String(options.seedProducts),
      // The suite runs against the embedded services, whatever the developer's shell points at.
      DATABASE_URL: '',
      API_KEY: HARNESS_API_KEY,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log)
  child.stderr?.pipe(log)
  // Never leave a server behind when this process ends abruptly.
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited(child)
      clearTimeout(killTimer)
    }
    process.removeListener('exit', killOnExit)
    log.end()
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    await waitForHealth(baseUrl, child, Date.now() + (options.readyTimeoutMs ?? 240_000))
  } catch (error) {
    await stop()
    const message = error instanceof Error ? error.message : String(error)
    throw new Error(
      `${message}\n--- last lines of ${path.relative(REPO_ROOT, logFile)} ---\n${tail(logFile)}`,
      {
        cause: error,
      },
    )
  }
  return { baseUrl, port, dataDir, logFile, pid: child.pid ?? 0, stop }
}
