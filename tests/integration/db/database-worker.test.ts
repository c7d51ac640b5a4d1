/**
 * The embedded database in its worker thread (docs/adr/0023-database-worker.md, issue #15 finding
 * 1): a slow statement no longer stops the event loop, values and errors cross the thread as the
 * callers expect, statements are pipelined and answered in order (ADR 0051), and every statement has
 * a time limit, on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. Ordering is compared, never
 * durations.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type DatabaseKind } from '../../../server/db'
import { PIPELINE_DEPTH } from '../../../server/db/pglite-worker-client'
import { createTestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

/** Resolves after `turns` timer callbacks in a row: each needs the event loop to be free. */
async function timerTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setTimeout(resolve, 0))
}

const TIMEOUT_MS = 2000
/** Far longer than TIMEOUT_MS: it can only end by being cancelled. */
const ENDLESS = sql`SELECT pg_sleep(600)`

describe('the PGlite worker', () => {
  it('answers timers while a slow statement runs, and queues the next statement behind it', async () => {
    const database = await createTestDatabase()
    try {
      const order: string[] = []
      const slow = sql`SELECT pg_sleep(1)`.execute(database.db).then(() => order.push('slow statement'))
      const next = sql`SELECT 1 AS one`.execute(database.db).then(() => order.push('next statement'))
      await timerTurns(5).then(() => order.push('event loop'))
      await Promise.all([slow, next])
      expect(order).toEqual(['event loop', 'slow statement', 'next statement'])
    } finally {
      await database.close()
    }
  })

  it('answers statements sent back to back (more than the pipeline holds) each with its own result', async () => {
    const database = await createTestDatabase()
    try {
      const count = PIPELINE_DEPTH * 3
      const answers = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          index % 7 === 3
            ? // a failing statement in the middle fails alone
              sql`SELECT 1 / (${index}::int - ${index}::int) AS n`.execute(database.db).then(
                () => 'no error',
                (error: { code?: string }) => error.code,
              )
            : sql<{ n: number }>`SELECT ${index}::int AS n`
                .execute(database.db)
                .then((result) => result.rows[0]?.n),
        ),
      )
      expect(answers).toEqual(
        Array.from({ length: count }, (_, index) => (index % 7 === 3 ? '22012' : index)),
      )
    } finally {
      await database.close()
    }
  })

  it('carries bytea, timestamptz and errors with their code and fields across the thread', async () => {
    const database = await createTestDatabase()
    try {
      const bytes = Buffer.from([0, 1, 2, 254, 255])
      const image = { file_name: 'worker.png', content_type: 'image/png', data: bytes, width: 1, height: 1 }
      await database.db.insertInto('images').values(image).execute()
      const row = await database.db
        .selectFrom('images')
        .select(['data', 'created_at'])
        .where('file_name', '=', 'worker.png')
        .executeTakeFirstOrThrow()
      expect(row.data).toBeInstanceOf(Uint8Array)
      expect([...(row.data ?? [])]).toEqual([...bytes])
      expect(row.created_at).toBeInstanceOf(Date)

      const duplicate = database.db.insertInto('images').values(image).execute()
      await expect(duplicate).rejects.toBeInstanceOf(pg.DatabaseError)
      await expect(duplicate).rejects.toMatchObject({
        code: '23505',
        constraint: 'images_pkey',
        message: expect.stringMatching(/duplicate key/) as unknown,
      })
    } finally {
      await database.close()
    }
  })
})

/** PGlite on a data directory, as the server opens it (an in-memory one cannot restart). */
async function openTimed(kind: DatabaseKind): Promise<{ database: Database; cleanUp(): Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createTestDatabase({ kind, statementTimeoutMs: TIMEOUT_MS })
    return { database, cleanUp: () => database.close() }
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-db-worker-'))
  const database = await openDatabase({ dataDir, statementTimeoutMs: TIMEOUT_MS, log: () => {} })
  return {
    database,
    async cleanUp() {
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

describeEachDatabase('the statement timeout on %s', (kind) => {
  let opened: Awaited<ReturnType<typeof openTimed>> | undefined
  afterAll(async () => {
    await opened?.cleanUp()
  })

  it('cancels a statement that runs too long with a clear error while the others keep working', async () => {
    opened = await openTimed(kind)
    const { db } = opened.database
    await db
      .insertInto('languages')
      .values({ code: 'fi', iso: 'fi-FI', name: 'Suomi', ts_config: 'finnish' })
      .execute()
    const endless = ENDLESS.execute(db)
    const waiting = db.selectFrom('languages').select('code').execute()
    await expect(endless).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    })
    expect(await waiting).toEqual([{ code: 'fi' }])
  })

  it('rolls a transaction cut by the timeout back, and the next statements run', async () => {
    const { db } = opened!.database
    const cut = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('languages')
        .values({ code: 'sv', iso: 'sv-SE', name: 'Svenska', ts_config: 'swedish' })
        .execute()
      await ENDLESS.execute(trx)
    })
    await expect(cut).rejects.toMatchObject({ code: '57014' })
    expect(await db.selectFrom('languages').select('code').execute()).toEqual([{ code: 'fi' }])
  })
})

describe('a PGlite worker that timed out', () => {
  let opened: Awaited<ReturnType<typeof openTimed>> | undefined
  afterAll(async () => {
    await opened?.cleanUp()
  })

  it('listens again after its restart and tells listeners they may have missed notifications', async () => {
    opened = await openTimed('pglite')
    const { database } = opened
    const heard: string[] = []
    const stop = await database.listen('lumo_worker_test', (payload) => heard.push(payload))
    await expect(ENDLESS.execute(database.db)).rejects.toMatchObject({ code: '57014' })
    await sql`SELECT pg_notify('lumo_worker_test', 'after restart')`.execute(database.db)
    await expect.poll(() => heard).toEqual(['*', 'after restart'])
    await stop()
  })
})
