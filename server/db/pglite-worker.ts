/**
 * The database worker: a Node worker_thread that owns the embedded PGlite (WASM) so that a slow
 * statement runs beside the server's event loop instead of on it (ADR 0023). It runs the requests
 * one at a time, in the order received, and answers in that order; the main thread's client
 * (pglite-worker-client.ts) pipelines statements (ADR 0051) and times the oldest in flight.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS, PGLITE_PARSERS } from './pglite-options'
import { pgliteDirectoryOptions } from './pglite-durability'
import { PreparedStatements } from './pglite-statements'
import {
  serializeError,
  type QueryResult,
  type WorkerMessage,
  type WorkerRequest,
  type WorkerStartOptions,
} from './pglite-protocol'

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread')
const port = parentPort
const options = workerData as WorkerStartOptions
const post = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

async function main(): Promise<void> {
  let pglite: PGlite
  try {
    pglite = await PGlite.create({
      // on disk: durable commits unless the operator turned fsync off (DB_FSYNC, ADR 0039)
      ...(options.directory ? pgliteDirectoryOptions(options.directory, options.fsync !== false) : {}),
      ...(options.loadDataDir
        ? { loadDataDir: new Blob([options.loadDataDir as Uint8Array<ArrayBuffer>]) }
        : {}),
      extensions: PGLITE_EXTENSIONS,
      parsers: PGLITE_PARSERS,
    })
  } catch (error) {
    post({ type: 'failed', error: serializeError(error) })
    return
  }
  const unlisteners = new Map<number, () => Promise<void>>()
  // each SQL text is parsed and planned once, not per call (ADR 0041)
  const statements = new PreparedStatements(pglite)

  const run = async (request: WorkerRequest): Promise<QueryResult | Uint8Array | null> => {
    switch (request.op) {
      case 'query':
        return statements.query(request.sql, request.parameters)
      case 'exec':
        await pglite.exec(request.sql)
        return null
      case 'listen': {
        const unlisten = await pglite.listen(request.channel, (payload) =>
          post({ type: 'notify', listenId: request.listenId, payload }),
        )
        unlisteners.set(request.listenId, unlisten)
        return null
      }
      case 'unlisten':
        await unlisteners.get(request.listenId)?.()
        unlisteners.delete(request.listenId)
        return null
      case 'dump': {
        const dump = await pglite.dumpDataDir('none')
        return new Uint8Array(await dump.arrayBuffer())
      }
      case 'close':
        if (!pglite.closed) await pglite.close()
        return null
    }
  }

  port.on('message', (request: WorkerRequest) => {
    run(request).then(
      (result) =>
        post(
          { type: 'result', id: request.id, result },
          result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [],
        ),
      (error: unknown) => post({ type: 'error', id: request.id, error: serializeError(error) }),
    )
  })
  post({ type: 'ready' })
}

void main()
