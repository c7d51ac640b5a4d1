/**
 * A pg-Pool lookalike over one PGlite instance, so Kysely's stock PostgresDialect runs on PGlite.
 *
 * PGlite has exactly one connection. Kysely takes a connection for a whole transaction, so the
 * pool hands out that one connection at a time: `connect()` waits until the previous holder
 * released it. A query outside a transaction therefore never runs in the middle of someone
 * else's BEGIN … COMMIT.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely'

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/** The command tag Kysely reads to decide whether rowCount is an affected-rows count. */
function commandOf(sqlText: string, reported: string | undefined, affectedRows: number): string {
  if (reported) return reported.toUpperCase()
  const keyword = /^\s*([a-z]+)/i.exec(sqlText)?.[1]?.toUpperCase() ?? ''
  // A data-modifying WITH … UPDATE/INSERT/DELETE reports its rows like the statement it wraps.
  if (keyword === 'WITH' && affectedRows > 0) return 'UPDATE'
  return keyword
}

class PGliteClient implements PostgresPoolClient {
  releaseCurrentHolder: () => void = () => {}

  constructor(private readonly pglite: PGlite) {}

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
    const result = await this.pglite.query<R>(sqlText, [...parameters])
    const affectedRows = result.affectedRows ?? 0
    const reported = (result as { command?: unknown }).command
    const command = commandOf(sqlText, typeof reported === 'string' ? reported : undefined, affectedRows)
    return {
      command: command as PostgresQueryResult<R>['command'],
      rowCount: DML_COMMANDS.has(command) ? affectedRows : result.rows.length,
      rows: result.rows,
    }
  }

  release(): void {
    this.releaseCurrentHolder()
  }
}

export function createPGlitePool(pglite: PGlite): PostgresPool {
  const client = new PGliteClient(pglite)
  // The tail of the queue: resolves when the last holder handed the connection back.
  let tail: Promise<void> = Promise.resolve()
  return {
    async connect() {
      const previous = tail
      let release: () => void = () => {}
      tail = new Promise<void>((resolve) => {
        release = resolve
      })
      await previous
      let released = false
      client.releaseCurrentHolder = () => {
        // Kysely releases exactly once; guard anyway so a double release cannot skip a waiter.
        if (released) return
        released = true
        release()
      }
      return client
    },
    async end() {
      await tail
      if (!pglite.closed) await pglite.close()
    },
  }
}
