/**
 * A pg-Pool lookalike over the database worker's one PGlite connection (pglite-worker-client.ts),
 * so Kysely's stock PostgresDialect runs on PGlite.
 *
 * PGlite has exactly one connection, and its worker runs statements in the order they were sent.
 * A statement outside a transaction needs nothing but its place in that order, so any number of
 * callers hold a "connection" at once and their single statements are pipelined (ADR 0051). A
 * transaction needs the connection to itself: its BEGIN waits at the gate until the transaction
 * before it was released, and from then until its holder releases the connection every other
 * statement waits at the gate, so none runs in the middle of someone else's BEGIN … COMMIT.
 * Statements sent before the BEGIN are answered before it (the worker keeps the order). The gate
 * is first come, first served: a statement that arrives after a waiting BEGIN goes after that
 * transaction.
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

/**
 * The gate in front of the connection: single statements pass unless a transaction holds it (or
 * waits for it ahead of them); a transaction's BEGIN takes it for its holder until release.
 */
class Gate {
  private holder: PGliteClient | undefined
  private readonly waiting: { exclusive: boolean; client: PGliteClient; send: () => void }[] = []
  private readonly onFree: (() => void)[] = []

  get held(): boolean {
    return this.holder !== undefined
  }

  get waiters(): number {
    return this.waiting.length
  }

  holds(client: PGliteClient): boolean {
    return this.holder === client
  }

  /**
   * Sends `client`'s statement now, or once the transaction ahead of it has ended (taking the
   * connection for `client` if `exclusive`). A waiting statement is sent from `leave` itself, in
   * order, not from a later continuation: a BEGIN issued in between could otherwise be sent first
   * and take the waiting statement into its transaction.
   */
  pass<T>(client: PGliteClient, exclusive: boolean, send: () => Promise<T>): Promise<T> {
    if (!this.holder && this.waiting.length === 0) {
      if (exclusive) this.holder = client
      return send()
    }
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ exclusive, client, send: () => send().then(resolve, reject) })
    })
  }

  /** The holder is done: the statements waiting behind it go, up to the next transaction. */
  leave(client: PGliteClient): void {
    if (this.holder !== client) return
    this.holder = undefined
    while (this.waiting.length > 0 && !this.holder) {
      const next = this.waiting.shift()!
      if (next.exclusive) this.holder = next.client
      next.send()
    }
    if (!this.holder) for (const resolve of this.onFree.splice(0)) resolve()
  }

  /** Resolves once no transaction holds the connection or waits for it. */
  free(): Promise<void> {
    if (!this.holder && this.waiting.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.onFree.push(resolve))
  }
}

class PGliteClient implements PostgresPoolClient {
  /** The worker generation a transaction began in; a replaced worker (timeout) has lost it. */
  private transactionGeneration: number | undefined

  constructor(
    private readonly connection: PGliteConnection,
    private readonly gate: Gate,
  ) {}

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
    const send = () => this.connection.query<R>(sqlText, [...parameters])
    const result = await (this.gate.holds(this) ? send() : this.gate.pass(this, BEGIN.test(sqlText), send))
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
    this.gate.leave(this)
  }
}

/** How busy a pool is (the operator's /metrics): connections open, idle, and callers waiting. */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

export function createPGlitePool(connection: PGliteConnection): PostgresPool & { stats(): PoolStats } {
  const gate = new Gate()
  return {
    // one connection; it is busy while a transaction holds it
    stats: () => ({ total: 1, idle: gate.held ? 0 : 1, waiting: gate.waiters }),
    connect() {
      return Promise.resolve(new PGliteClient(connection, gate))
    },
    async end() {
      // the transactions under way finish first; statements in flight are answered before close
      await gate.free()
      await connection.close()
    },
  }
}
