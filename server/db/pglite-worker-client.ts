/**
 * The main thread's side of the database worker (ADR 0023): PGlite runs in a worker_thread
 * (pglite-worker.ts) and this client sends it requests in order, so the worker's single
 * connection sees exactly the sequence the pool hands out (pglite-pool.ts) while the event loop
 * stays free.
 *
 * Statements are pipelined (ADR 0051): up to PIPELINE_DEPTH of them are posted back to back, and
 * the worker runs them one after the other in the order received, so it is not idle while the
 * main thread is busy rendering between an answer and the next statement. Any other request
 * (exec, listen, dump, close) is a barrier: it is posted alone, once everything before it has
 * been answered, and nothing follows it until it has been.
 *
 * Statement timeout: PGlite has no signals, so PostgreSQL's statement_timeout never fires inside
 * it. The client times each statement instead; when one runs too long the worker is terminated
 * (like a PostgreSQL backend killed mid-query), the statement fails with PostgreSQL's own error
 * (57014), and a file-backed database is opened again on the same directory (crash recovery from
 * the WAL), after which the waiting statements run. An in-memory database cannot come back: it is
 * closed and every later statement fails. Only the oldest statement in flight is timed, from the
 * moment the one before it was answered: the worker runs them in order, so that is when it starts.
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

interface InFlight {
  id: number
  pending: Pending
  timer: NodeJS.Timeout | undefined
}

/** How many statements may wait in the worker at once. */
export const PIPELINE_DEPTH = 16

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
  /** Posted and not answered yet, oldest first: the worker answers them in this order. */
  private readonly inFlight: InFlight[] = []
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
    if (!this.worker) return
    while (this.queue.length > 0 && this.inFlight.length < PIPELINE_DEPTH) {
      const pending = this.queue[0]!
      const last = this.inFlight.at(-1)
      // a barrier goes alone, and nothing goes after a barrier until it is answered
      if (last && (last.pending.request.op !== 'query' || pending.request.op !== 'query')) break
      this.queue.shift()
      const sent: InFlight = { id: this.nextId++, pending, timer: undefined }
      this.inFlight.push(sent)
      if (this.inFlight.length === 1) this.startTimer(sent)
      this.worker.postMessage({ ...pending.request, id: sent.id } as WorkerRequest)
    }
    // An idle worker must not keep the process alive; a request in flight does.
    if (this.inFlight.length > 0) this.worker.ref()
    else this.worker.unref()
  }

  /** Times the oldest request in flight: the worker is running it now. */
  private startTimer(head: InFlight): void {
    const limit = this.options.statementTimeoutMs ?? 0
    if (head.pending.timed && limit > 0) head.timer = setTimeout(() => this.onTimeout(head.id), limit)
  }

  private onMessage(message: WorkerMessage): void {
    if (message.type === 'notify') {
      this.listeners.get(message.listenId)?.onNotify(message.payload)
      return
    }
    if (message.type !== 'result' && message.type !== 'error') return
    const head = this.inFlight[0]
    if (!head || head.id !== message.id) return
    clearTimeout(head.timer)
    this.inFlight.shift()
    const next = this.inFlight[0]
    if (next) this.startTimer(next)
    if (message.type === 'result') head.pending.resolve(message.result)
    else head.pending.reject(reviveError(message.error))
    this.pump()
  }

  private onTimeout(id: number): void {
    if (this.inFlight[0]?.id !== id) return
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
    // The oldest request in flight is the one the worker was running: it fails. The worker runs
    // requests in order, so the ones posted after it never started: they go to the new worker.
    const [current, ...notStarted] = this.inFlight.splice(0)
    this.queue.unshift(...notStarted.map((request) => request.pending))
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
