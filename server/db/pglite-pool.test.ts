/**
 * The pool over PGlite's one connection (ADR 0051): single statements are pipelined, a
 * transaction has the connection to itself, first come first served. The connection here records
 * what reaches it and answers when the test says so; the real worker is in
 * tests/integration/db/database-worker.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { PostgresPoolClient } from 'kysely'
import { createPGlitePool, type PGliteConnection } from './pglite-pool'

function recordingConnection() {
  const sent: string[] = []
  const answers: (() => void)[] = []
  const connection: PGliteConnection = {
    generation: 0,
    query<R>(sqlText: string) {
      sent.push(sqlText)
      return new Promise<{ rows: R[]; affectedRows: number }>((resolve) => {
        answers.push(() => resolve({ rows: [], affectedRows: 0 }))
      })
    },
    close: () => Promise.resolve(),
  }
  /** Answers everything sent so far, and lets the callers' continuations run. */
  async function answerAll(): Promise<void> {
    for (const answer of answers.splice(0)) answer()
    for (let turn = 0; turn < 10; turn++) await Promise.resolve()
  }
  /** Sends one statement of a client that may send now, and waits for its answer. */
  async function answered(client: PostgresPoolClient, sqlText: string): Promise<void> {
    const result = client.query(sqlText, [])
    await answerAll()
    await result
  }
  return { connection, sent, answerAll, answered }
}

/** Lets the pool's promises settle without answering anything. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn++) await Promise.resolve()
}

describe('the PGlite pool', () => {
  it('sends single statements of concurrent callers without waiting for one another', async () => {
    const { connection, sent, answerAll } = recordingConnection()
    const pool = createPGlitePool(connection)
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()])
    const results = clients.map((client, index) => client.query(`SELECT ${index}`, []))
    await settle()
    expect(sent).toEqual(['SELECT 0', 'SELECT 1', 'SELECT 2'])
    await answerAll()
    await Promise.all(results)
    clients.forEach((client) => client.release())
  })

  it('keeps every other statement out of a transaction until its holder releases the connection', async () => {
    const { connection, sent, answerAll, answered } = recordingConnection()
    const pool = createPGlitePool(connection)
    const before = await pool.connect()
    const holder = await pool.connect()
    const other = await pool.connect()

    const early = before.query('SELECT early', [])
    const begun = holder.query('BEGIN', [])
    await settle()
    // sent before the BEGIN: answered before it, outside the transaction
    expect(sent).toEqual(['SELECT early', 'BEGIN'])
    expect(pool.stats()).toMatchObject({ idle: 0 })

    const outside = other.query('SELECT outside', [])
    await answerAll()
    await Promise.all([early, begun])
    const inside = holder.query('UPDATE inside', [])
    await settle()
    expect(sent).toEqual(['SELECT early', 'BEGIN', 'UPDATE inside'])
    expect(pool.stats()).toMatchObject({ waiting: 1 })

    await answerAll()
    await inside
    await answered(holder, 'COMMIT')
    expect(sent.at(-1)).toBe('COMMIT')
    holder.release()
    await settle()
    expect(sent.at(-1)).toBe('SELECT outside')
    await answerAll()
    await outside
    expect(pool.stats()).toEqual({ total: 1, idle: 1, waiting: 0 })
  })

  it('serves the gate first come, first served: a statement after a waiting BEGIN goes after its transaction', async () => {
    const { connection, sent, answerAll, answered } = recordingConnection()
    const pool = createPGlitePool(connection)
    const [first, second, late] = await Promise.all([pool.connect(), pool.connect(), pool.connect()])

    const firstBegin = first.query('BEGIN', [])
    await settle()
    const secondBegin = second.query('BEGIN', [])
    const lateStatement = late.query('SELECT late', [])
    await answerAll()
    await firstBegin
    await answered(first, 'COMMIT')
    first.release()
    await settle()
    // the second transaction began; the late statement waits for it
    expect(sent).toEqual(['BEGIN', 'COMMIT', 'BEGIN'])
    await answerAll()
    await secondBegin
    await answered(second, 'COMMIT')
    second.release()
    await settle()
    expect(sent).toEqual(['BEGIN', 'COMMIT', 'BEGIN', 'COMMIT', 'SELECT late'])
    await answerAll()
    await lateStatement
  })

  it('sends a statement that waited for a transaction before a BEGIN issued right after that transaction ended', async () => {
    const { connection, sent, answerAll, answered } = recordingConnection()
    const pool = createPGlitePool(connection)
    const [holder, waiter, newcomer] = await Promise.all([pool.connect(), pool.connect(), pool.connect()])
    await answered(holder, 'BEGIN')
    const waited = waiter.query('SELECT waiting', [])
    await answered(holder, 'COMMIT')
    holder.release()
    // in the same turn: the waiting statement must not end up inside this new transaction
    const newBegin = newcomer.query('BEGIN', [])
    await settle()
    expect(sent).toEqual(['BEGIN', 'COMMIT', 'SELECT waiting', 'BEGIN'])
    await answerAll()
    await Promise.all([waited, newBegin])
  })

  it('closes only after the transaction under way has ended', async () => {
    const { connection, answered } = recordingConnection()
    let closed = false
    connection.close = () => {
      closed = true
      return Promise.resolve()
    }
    const pool = createPGlitePool(connection)
    const holder = await pool.connect()
    await answered(holder, 'BEGIN')
    const ended = pool.end()
    await settle()
    expect(closed).toBe(false)
    await answered(holder, 'COMMIT')
    holder.release()
    await ended
    expect(closed).toBe(true)
  })
})
