/**
 * A pg-Pool lookalike over the database worker's one PGlite connection (pglite-worker-client.ts),
 * so Kysely's stock PostgresDialect runs on PGlite.
 *
 * PGlite has exactly one connection. Kysely takes a connection for a whole transaction, so the
 * pool hands out that one connection at a time: `connect()` waits until the previous holder
 * released it. A query outside a transaction therefore never runs in the middle of someone
 * else's BEGIN … COMMIT.
 */
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'
import { databaseError, type PGliteWorker } from './pglite-worker-client'

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])
const BEGIN = /^\s*(begin|start\s+transaction)\b/i
const END = /^\s*(commit|rollback|end|abort)\b/i

/** The command tag Kysely reads to decide whether rowCount is an affected-rows count. */
function commandOf(sqlText: string, affectedRows: number): string {
  const keyword = /^\s*([a-z]+)/i.exec(sqlText)?.[1]?.toUpperCase() ?? ''
  // A data-modifying WITH … UPDATE/INSERT/DELETE reports its rows like the statement it wraps.
  if (keyword === 'WITH' && affectedRows > 0) return 'UPDATE'
  return keyword
}

export type PGliteConnection = Pick<PGliteWorker, 'query' | 'close' | 'generation'>

class PGliteClient implements PostgresPoolClient {
  releaseCurrentHolder: () => void = () => {}
  /** The worker generation a transaction began in; a replaced worker (timeout) has lost it. */
  private transactionGeneration: number | undefined

  constructor(private readonly connection: PGliteConnection) {}

  query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming queries are not supported on PGlite')
    return this.run<R>(sqlOrCursor, parameters ?? [])
  }

  private async run<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (
      this.transactionGeneration !== undefined &&
      this.transactionGeneration !== this.connection.generation
    ) {
      // The worker was replaced inside this transaction (a statement timed out): like PostgreSQL,
      // the transaction is aborted and only its end is accepted.
      if (END.test(sqlText)) {
        this.transactionGeneration = undefined
        return { command: 'ROLLBACK' as PostgresQueryResult<R>['command'], rowCount: 0, rows: [] }
      }
      throw databaseError('current transaction is aborted, commands ignored until end of transaction block', {
        severity: 'ERROR',
        code: '25P02',
      })
    }
    const result = await this.connection.query<R>(sqlText, [...parameters])
    if (BEGIN.test(sqlText)) this.transactionGeneration = this.connection.generation
    else if (END.test(sqlText)) this.transactionGeneration = undefined
    const command = commandOf(sqlText, result.affectedRows)
    return {
      command: command as PostgresQueryResult<R>['command'],
      rowCount: DML_COMMANDS.has(command) ? result.affectedRows : result.rows.length,
      rows: result.rows,
    }
  }

  release(): void {
    this.transactionGeneration = undefined
    this.releaseCurrentHolder()
  }
}

/** How busy a pool is (the operator's /metrics): connections open, idle, and callers waiting. */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export function createPGlitePool(connection: PGliteConnection): PostgresPool & { stats(): PoolStats } {
  const client = new PGliteClient(connection)
  // The tail of the queue: resolves when the last holder handed the connection back.
  let tail: Promise<void> = Promise.resolve()
  // callers that asked for the connection and do not hold it yet, plus the holder
  let queued = 0
  let held = false
  return {
    stats: () => ({ total: 1, idle: held ? 0 : 1, waiting: queued }),
    async connect() {
      const previous = tail
      let release: () => void = () => {}
      tail = new Promise<void>((resolve) => {
        release = resolve
      })
      queued++
      await previous
      queued--
      held = true
      let released = false
      client.releaseCurrentHolder = () => {
        // Kysely releases exactly once; guard anyway so a double release cannot skip a waiter.
        if (released) return
        released = true
        held = false
        release()
      }
      return client
    },
    async end() {
      await tail
      await connection.close()
    },
  }
}
