/**
 * The messages between the main thread (server/db/pglite-worker-client.ts) and the database
 * worker (server/db/pglite-worker.ts). Everything crosses by structured clone: Dates, bigints and
 * Uint8Arrays arrive as they left (a Buffer arrives as a Uint8Array); functions do not cross, so
 * the value parsers run in the worker.
 */

export interface WorkerStartOptions {
  /** A data directory on disk; none: an in-memory database. */
  directory?: string
  /** On disk, whether a commit waits for its WAL on disk (fsync); true unless false (ADR 0039). */
  fsync?: boolean
  /** An in-memory database starts from this dump (pglite.dumpDataDir, uncompressed tar). */
  loadDataDir?: Uint8Array
}

export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; parameters: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen'; channel: string; listenId: number }
  | { id: number; op: 'unlisten'; listenId: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' }

export interface QueryResult {
  rows: unknown[]
  affectedRows: number
}

/** An error as it crosses: message, name and the plain fields PostgreSQL reports (code, detail, constraint, …). */
export interface SerializedError {
  name: string
  message: string
  fields: Record<string, string | number>
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; result: QueryResult | Uint8Array | null }
  | { type: 'error'; id: number; error: SerializedError }
  | { type: 'notify'; listenId: number; payload: string }

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(error)) {
    if ((typeof value === 'string' || typeof value === 'number') && key !== 'message') fields[key] = value
  }
  return { name: error.name, message: error.message, fields }
}
