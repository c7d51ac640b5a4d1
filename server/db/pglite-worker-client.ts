/**
 * The main thread's side of the database worker (ADR 0023): PGlite runs in a worker_thread
 * (pglite-worker.ts) and this client sends it one request at a time, in order, so the worker's
 * single connection sees exactly the sequence the pool hands out (one transaction at a time, see
 * pglite-pool.ts) while the event loop stays free.
 *
 * Statement timeout: PGlite has no signals, so PostgreSQL's statement_timeout never fires inside
 * it. The client times each statement instead; when one runs too long the worker is terminated
 * (like a PostgreSQL backend killed mid-query), the statement fails with PostgreSQL's own error
 * (57014), and a file-backed database is opened again on the same directory (crash recovery from
 * the WAL), after which the waiting statements run. An in-memory database cannot come back: it is
 * closed and every later statement fails.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import { REPO_ROOT } from '../repo-root'
import type {
  QueryResult,
  SerializedError,
  WorkerMessage,
  WorkerRequest,
  WorkerStartOptions,
} from './pglite-protocol'

export interface PGliteWorkerOptions extends WorkerStartOptions {
  /** Longest a statement may run (ms); 0 or absent: no limit. */
  statementTimeoutMs?: number
  log?: (line: string) => void
}

/** What a request asks, without the id the client gives it. */
type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never

interface Pending {
  request: Request
  timed: boolean
  resolve(result: unknown): void
  reject(error: Error): void
}

/** The PostgreSQL error class, with the fields PostgreSQL reports (code, detail, constraint, …). */
export function databaseError(message: string, fields: Record<string, string | number>): pg.DatabaseError {
  const error = new pg.DatabaseError(message, Number(fields.length ?? 0), 'error')
  for (const [key, value] of Object.entries(fields)) {
    if (key !== 'length' && key !== 'name' && key !== 'stack') Object.assign(error, { [key]: value })
  }
  return error
}

/** A worker's error re-created here: a database error keeps its class, code and fields. */
function reviveError(serialized: SerializedError): Error {
  if (serialized.fields.code !== undefined) return databaseError(serialized.message, serialized.fields)
  const error = new Error(serialized.message)
  error.name = serialized.name
  return error
}

export function statementTimeoutError(): pg.DatabaseError {
  return databaseError('canceling statement due to statement timeout', { severity: 'ERROR', code: '57014' })
}

/**
 * The worker's entry: the compiled file beside the production build, or the TypeScript source
 * when this module itself runs from source (development, tests, scripts). Node 20 does not apply
 * `--import tsx` to a worker's entry, so the source is loaded by a small script that registers
 * tsx's loader first.
 */
function createWorker(options: WorkerStartOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(path.join(REPO_ROOT, 'dist/server/pglite-worker.js'), { workerData: options })
  }
  // tsx's ESM API (its `import` export; require.resolve would give the CommonJS one)
  const require = createRequire(import.meta.url)
  const tsxPackage = require.resolve('tsx/package.json')
  const { exports } = require(tsxPackage) as { exports: { './esm/api': { import: { default: string } } } }
  const tsx = pathToFileURL(path.join(path.dirname(tsxPackage), exports['./esm/api'].import.default)).href
  const entry = pathToFileURL(path.join(REPO_ROOT, 'server/db/pglite-worker.ts')).href
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}) })`
  return new Worker(bootstrap, { eval: true, workerData: options })
}

function spawn(options: WorkerStartOptions): Promise<Worker> {
  const worker = createWorker(options)
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if (message.type === 'ready') {
        cleanup()
        resolve(worker)
      } else if (message.type === 'failed') {
        cleanup()
        void worker.terminate()
        reject(reviveError(message.error))
      }
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const onExit = (code: number) => {
      cleanup()
      reject(new Error(`The database worker exited (${code}) while starting`))
    }
    const cleanup = () => {
      worker.off('message', onMessage)
      worker.off('error', onError)
      worker.off('exit', onExit)
    }
    worker.on('message', onMessage)
    worker.on('error', onError)
    worker.on('exit', onExit)
  })
}

export class PGliteWorker {
  /** Increases each time the worker was replaced: a transaction open before then is gone. */
  generation = 0
  closed = false
  private worker: Worker | undefined
  private readonly queue: Pending[] = []
  private current: { id: number; pending: Pending; timer: NodeJS.Timeout | undefined } | undefined
  private nextId = 1
  private nextListenId = 1
  private readonly listeners = new Map<number, { channel: string; onNotify: (payload: string) => void }>()
  private closing: Promise<void> | undefined

  private constructor(private readonly options: PGliteWorkerOptions) {}

  static async start(options: PGliteWorkerOptions): Promise<PGliteWorker> {
    const client = new PGliteWorker(options)
    client.attach(await spawn(client.startOptions()))
    return client
  }

  /** A statement, timed. */
  query<R>(sqlText: string, parameters: unknown[] = []): Promise<{ rows: R[]; affectedRows: number }> {
    return this.request({ op: 'query', sql: sqlText, parameters }, true) as Promise<{
      rows: R[]
      affectedRows: number
    }>
  }

  /** Statements without a time limit (migrations). */
  untimedQuery<R>(sqlText: string, parameters: unknown[] = []): Promise<R[]> {
    return this.request({ op: 'query', sql: sqlText, parameters }, false).then(
      (result) => (result as QueryResult).rows as R[],
    )
  }

  async exec(sqlText: string): Promise<void> {
    await this.request({ op: 'exec', sql: sqlText }, false)
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = this.nextListenId++
    await this.request({ op: 'listen', channel, listenId }, false)
    this.listeners.set(listenId, { channel, onNotify })
    return async () => {
      if (!this.listeners.delete(listenId) || this.closed || this.closing) return
      await this.request({ op: 'unlisten', listenId }, false)
    }
  }

  /** The whole data directory as an uncompressed tar (PGlite's loadDataDir reads it back). */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.request({ op: 'dump' }, false)) as Uint8Array
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.closed) await this.request({ op: 'close' }, false).catch(() => undefined)
      this.closed = true
      await this.worker?.terminate()
      this.worker = undefined
      this.failQueue(new Error('The database is closed'))
    })()
    return this.closing
  }

  private startOptions(): WorkerStartOptions {
    const { directory, loadDataDir, fsync } = this.options
    return {
      ...(directory ? { directory } : {}),
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(fsync === undefined ? {} : { fsync }),
    }
  }

  private request(request: Request, timed: boolean): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The database is closed'))
    return new Promise((resolve, reject) => {
      this.queue.push({ request, timed, resolve, reject })
      this.pump()
    })
  }

  private attach(worker: Worker): void {
    this.worker = worker
    worker.on('message', (message: WorkerMessage) => this.onMessage(message))
    worker.on('error', (error) => this.replace(`The database worker failed: ${error.message}`, error))
    worker.on('exit', (code) => {
      if (this.worker === worker)
        this.replace(`The database worker exited (${code})`, new Error(`exit ${code}`))
    })
    // An idle worker must not keep the process alive; a request in flight does (see pump).
    worker.unref()
  }

  private pump(): void {
    if (this.current || !this.worker) return
    const pending = this.queue.shift()
    if (!pending) {
      this.worker.unref()
      return
    }
    this.worker.ref()
    const id = this.nextId++
    const limit = this.options.statementTimeoutMs ?? 0
    const timer = pending.timed && limit > 0 ? setTimeout(() => this.onTimeout(id), limit) : undefined
    this.current = { id, pending, timer }
    this.worker.postMessage({ ...pending.request, id } as WorkerRequest)
  }

  private onMessage(message: WorkerMessage): void {
    if (message.type === 'notify') {
      this.listeners.get(message.listenId)?.onNotify(message.payload)
      return
    }
    if (message.type !== 'result' && message.type !== 'error') return
    const current = this.current
    if (!current || current.id !== message.id) return
    clearTimeout(current.timer)
    this.current = undefined
    if (message.type === 'result') current.pending.resolve(message.result)
    else current.pending.reject(reviveError(message.error))
    this.pump()
  }

  private onTimeout(id: number): void {
    if (this.current?.id !== id) return
    const limit = this.options.statementTimeoutMs ?? 0
    this.replace(
      `A statement ran longer than ${limit} ms: the database worker is restarted`,
      statementTimeoutError(),
    )
  }

  /**
   * The worker is stuck or gone: fail the statement in flight with `error`, stop the worker, and
   * open the data directory again in a new one (an in-memory database is closed instead).
   */
  private replace(reason: string, error: Error): void {
    if (this.closed) return
    const current = this.current
    this.current = undefined
    if (current) {
      clearTimeout(current.timer)
      current.pending.reject(error)
    }
    if (this.closing) {
      // Closing anyway: nothing to reopen.
      this.failQueue(new Error('The database is closed'))
      return
    }
    const old = this.worker
    this.worker = undefined
    void old?.terminate()
    this.options.log?.(reason)
    if (!this.options.directory) {
      this.closed = true
      this.failQueue(new Error(`The in-memory database was lost: ${reason}`))
      return
    }
    this.generation++
    spawn(this.startOptions()).then(
      (worker) => {
        if (this.closed) {
          void worker.terminate()
          return
        }
        this.attach(worker)
        // Listeners are registered again first; they may have missed notifications meanwhile.
        for (const [listenId, { channel, onNotify }] of this.listeners) {
          this.queue.unshift({
            request: { op: 'listen', channel, listenId },
            timed: false,
            resolve: () => onNotify('*'),
            reject: () => onNotify('*'),
          })
        }
        this.pump()
      },
      (startError: Error) => {
        this.closed = true
        this.options.log?.(`The database could not be opened again: ${startError.message}`)
        this.failQueue(new Error(`The database could not be opened again: ${startError.message}`))
      },
    )
  }

  private failQueue(error: Error): void {
    for (const pending of this.queue.splice(0)) pending.reject(error)
  }
}
