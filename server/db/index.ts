/**
 * The database: embedded PGlite in `${dataDir}/pglite` by default, a PostgreSQL server when
 * `databaseUrl` is set. Both run the same migrations and are used through the same Kysely
 * instance type, so query code never knows which one it talks to.
 */
import { readFileSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Kysely, PostgresDialect, type LogEvent, type PostgresPool } from 'kysely'
import pg from 'pg'
import { runMigrations, type MigrationResult } from './migrate'
import { DATE_OID, INT8_OID, parseDate, parseInt8 } from './pglite-options'
import { fairSharePool } from './fair-share'
import { createPGlitePool, type PoolStats } from './pglite-pool'
import { PGliteWorker } from './pglite-worker-client'
import type { DB } from './schema'

export type { DB } from './schema'
export type DatabaseKind = 'pglite' | 'postgres'

/** One executed statement, reported after it finished. */
export interface QueryEvent {
  sql: string
  parameters: readonly unknown[]
  durationMs: number
  error?: unknown
}
export type QueryListener = (event: QueryEvent) => void

export interface Database {
  db: Kysely<DB>
  kind: DatabaseKind
  /** Migrations applied by this open (empty when the schema was already current). */
  migrations: MigrationResult
  /** Listen to every statement run through `db` (tests count statements with it). Returns unsubscribe. */
  onQuery(listener: QueryListener): () => void
  /**
   * Receive the notifications of one channel (`pg_notify`): PGlite delivers them in process, a
   * PostgreSQL server through a dedicated connection of this listener's own. When that
   * connection was lost and is back, `onNotify` gets '*' (notifications may have been missed).
   * Resolves once listening; the returned function stops it.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * Connections open and idle, statements waiting for one, and statements of shoppers waiting
   * for their share (./fair-share.ts; the operator's /metrics).
   */
  poolStats(): PoolStats & { waitingForShare: number }
  close(): Promise<void>
}

export type Listen = Database['listen']

export interface OpenDatabaseOptions {
  dataDir: string
  databaseUrl?: string | undefined
  /** Operational messages (migrations applied, ...). */
  log?: (line: string) => void
  /** Called for every statement; the same as `database.onQuery(listener)` from the start. */
  onQuery?: QueryListener
  /**
   * Longest a statement may run (ms), after which it fails with PostgreSQL's error 57014
   * ('canceling statement due to statement timeout'); 0 or absent: no limit. Migrations run
   * without it. See docs/adr/0023-database-worker.md.
   */
  statementTimeoutMs?: number
  /** Start an empty embedded database from this dump (a restore: server/db/backup.ts). */
  loadDataDir?: Uint8Array
  /**
   * The embedded database: whether a commit waits until its WAL is on disk (default true;
   * DB_FSYNC=off trades that for speed, docs/adr/0039-durable-commits.md).
   */
  fsync?: boolean
}

type ConnectionOptions = Pick<OpenDatabaseOptions, 'log' | 'onQuery' | 'statementTimeoutMs' | 'fsync'>

const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return parseInt8
    if (oid === DATE_OID) return parseDate
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text')
  }) as pg.CustomTypesConfig['getTypeParser'],
}

export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite')
}

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError'
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * When a process started (clock ticks since boot, /proc/PID/stat field 22), so that a pid taken
 * by another process later is not mistaken for the lock's owner. null where /proc is missing.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // the command name (field 2) is in parentheses and may hold spaces: count from after it
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

/** Lock files this process holds: a second opener in the same process is refused too. */
const heldLocks = new Set<string>()

/** Whether the lock file's owner `pid [start time]` is a live process other than a past life of ours. */
function ownerIsAlive(content: string, lockFile: string): number | null {
  const [pidText = '', startTime] = content.trim().split(' ')
  const pid = Number.parseInt(pidText, 10)
  if (!Number.isInteger(pid) || pid <= 0) return null
  if (pid === process.pid) {
    // Our own pid: either we hold it, or a previous process with the same pid (a restarted
    // container, where the server is PID 1 every time) left it behind.
    return heldLocks.has(lockFile) ? pid : null
  }
  if (!isRunning(pid)) return null
  if (startTime !== undefined) {
    const current = processStartTime(pid)
    if (current !== null && current !== startTime) return null
  }
  return pid
}

/**
 * PGlite's files must have one writer: a second process on the same directory would corrupt
 * them. A lock file with the owner's pid and start time keeps a second opener out; a stale one
 * (its process is gone, e.g. after kill -9, or its pid now belongs to another process or to us
 * after a container restart) is taken over.
 */
async function lockDirectory(directory: string): Promise<() => Promise<void>> {
  // Beside the data directory, not in it: PostgreSQL's own files stay untouched.
  const lockFile = `${directory}.lock`
  const identity = [process.pid, processStartTime(process.pid)].filter((part) => part !== null).join(' ')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, identity, { flag: 'wx' })
      heldLocks.add(lockFile)
      return async () => {
        heldLocks.delete(lockFile)
        await rm(lockFile, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = ownerIsAlive(await readFile(lockFile, 'utf8').catch(() => ''), lockFile)
      if (owner !== null) {
        throw new DatabaseInUseError(
          `The database in ${directory} is in use by process ${owner}. Stop it first, or set DATABASE_URL to share a PostgreSQL server.`,
        )
      }
      await rm(lockFile, { force: true })
    }
  }
  throw new DatabaseInUseError(`Could not lock ${directory}`)
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options)
  const directory = pgliteDirectory(options.dataDir)
  await mkdir(directory, { recursive: true })
  const unlock = await lockDirectory(directory)
  try {
    const database = await openPGliteWorker({ ...options, directory })
    const close = database.close
    let closing: Promise<void> | undefined
    database.close = () => {
      closing ??= close().finally(unlock)
      return closing
    }
    return database
  } catch (error) {
    await unlock()
    throw error
  }
}

/** A PGlite database in its worker, with what only PGlite can do: dump its data directory. */
export type PGliteDatabase = Database & {
  /** The data directory as an uncompressed tar, for `loadDataDir` (test templates). */
  dumpDataDir(): Promise<Uint8Array>
}

/**
 * PGlite in a worker thread (ADR 0023): on `directory` (no lock taken here: `openDatabase` does
 * that), or in memory, optionally loaded from a dump (tests start from a template).
 */
export async function openPGliteWorker(
  options: ConnectionOptions & { directory?: string; loadDataDir?: Uint8Array },
): Promise<PGliteDatabase> {
  const worker = await PGliteWorker.start({
    ...(options.directory ? { directory: options.directory } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    ...(options.fsync === undefined ? {} : { fsync: options.fsync }),
    log: options.log ?? ((line) => console.error(line)),
  })
  let migrations: MigrationResult
  try {
    // Before Kysely exists nothing else can use the connection, so the worker is driven directly here.
    migrations = await runMigrations(
      {
        exec: (text) => worker.exec(text),
        query: <R>(text: string, parameters?: unknown[]) => worker.untimedQuery<R>(text, parameters),
      },
      { lock: false, log: options.log },
    )
  } catch (error) {
    await worker.close()
    throw error
  }
  const listen: Listen = (channel, onNotify) => worker.listen(channel, onNotify)
  const pool = createPGlitePool(worker)
  const database = createDatabase('pglite', pool, () => pool.stats(), migrations, listen, options)
  return Object.assign(database, { dumpDataDir: () => worker.dumpDataDir() })
}

export async function openPostgres(databaseUrl: string, options: ConnectionOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    types: pgTypes,
    max: 10,
    // Sent at connect as the session's default: the server cancels a longer statement (57014).
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  })
  // An idle connection the server drops (restart, failover, DROP DATABASE … FORCE) must not crash
  // the process: the pool discards it and opens a new one on the next query.
  pool.on('error', (error) => options.log?.(`database connection lost: ${error.message}`))
  let migrations: MigrationResult
  try {
    const client = await pool.connect()
    try {
      // Migrations may take long (index builds); RESET returns to the connection's default after.
      if (options.statementTimeoutMs) await client.query('SET statement_timeout = 0')
      migrations = await runMigrations(
        {
          // No parameters: pg uses the simple protocol, which accepts several statements at once.
          exec: async (text) => {
            await client.query(text)
          },
          query: async <R>(text: string, parameters: unknown[] = []) =>
            (await client.query(text, parameters)).rows as R[],
        },
        { lock: true, log: options.log },
      )
      if (options.statementTimeoutMs) await client.query('RESET statement_timeout')
    } finally {
      client.release()
    }
  } catch (error) {
    await pool.end()
    throw error
  }
  const listen: Listen = (channel, onNotify) => listenOnPostgres(databaseUrl, channel, onNotify, options.log)
  const stats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
  return createDatabase('postgres', pool, stats, migrations, listen, options)
}

const RECONNECT_DELAY_MS = 1000

/** LISTEN on a connection of its own (a pooled one would be handed to queries and lose it). */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  log: ((line: string) => void) | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', (error) => {
      log?.(`notification connection lost: ${error.message}`)
      void next.end().catch(() => undefined)
      if (client === next) reconnect()
    })
    await next.connect()
    await next.query(`LISTEN ${next.escapeIdentifier(channel)}`)
    client = next
  }
  const reconnect = () => {
    client = undefined
    if (stopped) return
    retry = setTimeout(() => {
      connect().then(
        () => onNotify('*'),
        (error: Error) => {
          log?.(`notification connection failed: ${error.message}`)
          reconnect()
        },
      )
    }, RECONNECT_DELAY_MS)
    retry.unref()
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    await client?.end().catch(() => undefined)
  }
}

function createDatabase(
  kind: DatabaseKind,
  pool: PostgresPool,
  poolStats: () => PoolStats,
  migrations: MigrationResult,
  listen: Listen,
  options: Pick<OpenDatabaseOptions, 'onQuery'>,
): Database {
  const listeners = new Set<QueryListener>()
  if (options.onQuery) listeners.add(options.onQuery)
  // each outside client's share of the connection(s) (./fair-share.ts, ADR 0060)
  const fair = fairSharePool(pool)
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: fair }),
    log(event: LogEvent) {
      if (listeners.size === 0) return
      const queryEvent: QueryEvent = {
        sql: event.query.sql,
        parameters: event.query.parameters,
        durationMs: event.queryDurationMillis,
        ...(event.level === 'error' ? { error: event.error } : {}),
      }
      for (const listener of listeners) listener(queryEvent)
    },
  })
  let closing: Promise<void> | undefined
  return {
    db,
    kind,
    migrations,
    onQuery(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    listen,
    poolStats: () => ({ ...poolStats(), waitingForShare: fair.waitingForShare() }),
    close() {
      closing ??= db.destroy()
      return closing
    },
  }
}
