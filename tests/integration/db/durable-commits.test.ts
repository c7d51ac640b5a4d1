/**
 * Issue #15 finding 14 (docs/adr/0039-durable-commits.md): the embedded database on disk runs
 * with fsync on, and a commit reaches fsync(2) of its WAL file before it returns; DB_FSYNC=off
 * (`fsync: false`) is PGlite's own setting again.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../server/db'
import { pgliteDirectoryOptions } from '../../../server/db/pglite-durability'

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'lumo-durable-'))

async function settings(fsync?: boolean) {
  const database = await openDatabase({
    dataDir: freshDir(),
    log: () => {},
    ...(fsync === undefined ? {} : { fsync }),
  })
  try {
    const shown = async (name: string) =>
      (await sql<Record<string, string>>`SHOW ${sql.raw(name)}`.execute(database.db)).rows[0]![name]
    return {
      fsync: await shown('fsync'),
      walSyncMethod: await shown('wal_sync_method'),
      synchronousCommit: await shown('synchronous_commit'),
    }
  } finally {
    await database.close()
  }
}

describe('durable commits of the embedded database', () => {
  it('opens the server’s database with fsync on, by default', async () => {
    expect(await settings()).toEqual({ fsync: 'on', walSyncMethod: 'fsync', synchronousCommit: 'on' })
  }, 120_000)

  it('runs as PGlite ships it when turned off', async () => {
    expect((await settings(false)).fsync).toBe('off')
  }, 120_000)

  it('syncs the WAL file to disk for each commit', async () => {
    const synced: string[] = []
    const pglite = await PGlite.create(pgliteDirectoryOptions(freshDir(), true, (file) => synced.push(file)))
    try {
      await pglite.exec('CREATE TABLE orders_kept (id serial PRIMARY KEY)')
      synced.length = 0
      await pglite.query('INSERT INTO orders_kept DEFAULT VALUES')
      expect(synced.some((file) => file.includes('/pg_wal/'))).toBe(true)
      synced.length = 0
      // a read commits nothing: no WAL to sync
      await pglite.query('SELECT count(*) FROM orders_kept')
      expect(synced).toEqual([])
    } finally {
      await pglite.close()
    }
  }, 120_000)
})
