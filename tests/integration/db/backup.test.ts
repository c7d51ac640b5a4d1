/**
 * Backup and restore of the embedded database (issue #15 item 5): a backup taken from a stopped
 * DATA_DIR or from the running shop (admin API) restores the database exactly as it was; a restore
 * keeps the database it replaces and refuses while the shop runs.
 */
import { mkdtempSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { DatabaseInUseError, openDatabase, type Database } from '../../../server/db'
import { backupDatabase, BackupUnsupportedError, restoreDatabase } from '../../../server/db/backup'
import adminService from '../../../server/services/admin'
import { takeBackup } from '../../../scripts/backup'

const ADMIN_KEY = 'backup-test-admin-key-0123456789'
const open: Database[] = []

afterEach(async () => {
  for (const database of open.splice(0)) await database.close()
})

async function openDataDir(dataDir: string): Promise<Database> {
  const database = await openDatabase({ dataDir, log: () => {} })
  open.push(database)
  return database
}

async function closeAll() {
  for (const database of open.splice(0)) await database.close()
}

async function mark(database: Database, marker: string) {
  await sql`INSERT INTO admin_audit_log (actor, action, target, details) VALUES ('test', 'marker', ${marker}, '{}')`.execute(
    database.db,
  )
}

async function markers(database: Database): Promise<string[]> {
  const rows = await sql<{
    target: string
  }>`SELECT target FROM admin_audit_log WHERE action = 'marker' ORDER BY id`.execute(database.db)
  return rows.rows.map((row) => row.target)
}

describe('backup and restore of the embedded database', () => {
  it('restores the database as it was at the backup, keeping the one it replaced', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-backup-'))
    const first = await openDataDir(dataDir)
    await mark(first, 'before backup')
    await closeAll()
    const { archive, source } = await takeBackup({ dataDir, databaseUrl: undefined })
    expect(source).toBe(dataDir)

    const later = await openDataDir(dataDir)
    await mark(later, 'after backup')
    expect(await markers(later)).toEqual(['before backup', 'after backup'])
    // not while the shop (here: this open database) runs on the directory
    await expect(restoreDatabase({ dataDir }, archive)).rejects.toThrow(DatabaseInUseError)
    await closeAll()

    const result = await restoreDatabase({ dataDir }, archive, new Date('2026-11-25T12:00:00Z'))
    expect(result.replacedDirectory).toBe(path.join(dataDir, 'pglite.replaced-2026-11-25T12-00-00-000Z'))
    expect((await stat(result.replacedDirectory!)).isDirectory()).toBe(true)
    const restored = await openDataDir(dataDir)
    expect(await markers(restored)).toEqual(['before backup'])
  }, 300_000)

  it('takes the backup from the running shop through the admin API, which records it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-backup-live-'))
    const database = await openDataDir(dataDir)
    await mark(database, 'live')
    const app = Fastify()
    await app.register(adminService, { database, config: { adminKey: ADMIN_KEY } })
    const address = await app.listen({ host: '127.0.0.1', port: 0 })
    const saved = { url: process.env.ADMIN_URL, key: process.env.ADMIN_KEY }
    process.env.ADMIN_URL = `${address}/admin/api`
    process.env.ADMIN_KEY = ADMIN_KEY
    try {
      const refused = await app.inject({ method: 'GET', url: '/admin/api/backup' })
      expect(refused.statusCode).toBe(401)
      // the database is locked by the "running shop": the backup comes from it
      const { archive, source } = await takeBackup({ dataDir, databaseUrl: undefined })
      expect(source).toBe('the running shop')
      expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
      expect(
        (
          await sql<{
            n: number
          }>`SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'database.backup'`.execute(
            database.db,
          )
        ).rows[0]!.n,
      ).toBe(1)

      await app.close()
      await closeAll()
      const other = mkdtempSync(path.join(tmpdir(), 'lumo-backup-copy-'))
      const result = await restoreDatabase({ dataDir: other }, archive)
      expect(result.replacedDirectory).toBeNull()
      expect(await markers(await openDataDir(other))).toEqual(['live'])
    } finally {
      process.env.ADMIN_URL = saved.url
      process.env.ADMIN_KEY = saved.key
      if (saved.url === undefined) delete process.env.ADMIN_URL
      if (saved.key === undefined) delete process.env.ADMIN_KEY
      await app.close()
    }
  }, 300_000)

  it('says what to do instead for a PostgreSQL server, and refuses a file that is not a backup', async () => {
    await expect(takeBackup({ dataDir: '/nowhere', databaseUrl: 'postgres://db/shop' })).rejects.toThrow(
      /pg_dump/,
    )
    await expect(
      restoreDatabase({ dataDir: '/nowhere', databaseUrl: 'postgres://db/shop' }, new Uint8Array()),
    ).rejects.toThrow(BackupUnsupportedError)
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-backup-bad-'))
    await expect(restoreDatabase({ dataDir }, Buffer.from('not a backup'))).rejects.toThrow(
      /not a Lumo backup/,
    )
    await expect(backupDatabase({ kind: 'postgres' } as Database)).rejects.toThrow(/pg_dump/)
  })
})
