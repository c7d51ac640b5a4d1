/**
 * Backup and restore of the embedded database (issue #15 item 5; docs/deploy.md "Backup"). A
 * backup is PGlite's own dump of its data directory (a tar), gzip-compressed: taken from the
 * running shop through the admin API, or from a stopped shop's DATA_DIR. A restore puts a backup
 * in place of a stopped shop's database; the database it replaces is kept beside it, renamed,
 * never deleted. A PostgreSQL server (DATABASE_URL) is backed up with its own tools (pg_dump).
 */
import { rename, rm, stat } from 'node:fs/promises'
import { gunzipSync, gzipSync } from 'node:zlib'
import { sql } from 'kysely'
import { openDatabase, pgliteDirectory, type Database } from './index'

export class BackupUnsupportedError extends Error {
  override name = 'BackupUnsupportedError'
}

const POSTGRES_ADVICE =
  'This shop uses a PostgreSQL server (DATABASE_URL): back it up with pg_dump and restore with pg_restore.'

/** The running database as a gzip-compressed tar of PGlite's data directory. */
export async function backupDatabase(database: Database): Promise<Buffer> {
  const dump = (database as Partial<{ dumpDataDir(): Promise<Uint8Array> }>).dumpDataDir
  if (database.kind !== 'pglite' || !dump) throw new BackupUnsupportedError(POSTGRES_ADVICE)
  return gzipSync(await dump.call(database), { level: 6 })
}

export interface RestoreResult {
  /** where the database that was replaced now is (null when there was none) */
  replacedDirectory: string | null
  orders: number
  products: number
}

/**
 * Replaces DATA_DIR's database with a backup. Refuses while the shop runs on it (the database
 * lock): PGlite has one writer. Opens the restored database once, which also brings its schema
 * to this version's migrations, and counts what it holds.
 */
export async function restoreDatabase(
  { dataDir, databaseUrl }: { dataDir: string; databaseUrl?: string | undefined },
  archive: Uint8Array,
  now: Date = new Date(),
): Promise<RestoreResult> {
  if (databaseUrl) throw new BackupUnsupportedError(POSTGRES_ADVICE)
  let dump: Uint8Array
  try {
    dump = gunzipSync(archive)
  } catch {
    throw new BackupUnsupportedError('The file is not a Lumo backup (not gzip-compressed).')
  }
  const directory = pgliteDirectory(dataDir)
  let replacedDirectory: string | null = null
  if (await stat(directory).catch(() => null)) {
    // taking the lock proves the shop is not running on this DATA_DIR (DatabaseInUseError if it is)
    const current = await openDatabase({ dataDir, log: () => {} })
    await current.close()
    replacedDirectory = `${directory}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`
    await rename(directory, replacedDirectory)
  }
  try {
    const restored = await openDatabase({ dataDir, loadDataDir: dump, log: () => {} })
    try {
      const counts = await sql<{ orders: number; products: number }>`
        SELECT (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM products)::int AS products`.execute(
        restored.db,
      )
      return { replacedDirectory, ...counts.rows[0]! }
    } finally {
      await restored.close()
    }
  } catch (error) {
    // a backup that does not open leaves the database as it was
    await rm(directory, { recursive: true, force: true })
    if (replacedDirectory) await rename(replacedDirectory, directory)
    throw error
  }
}
