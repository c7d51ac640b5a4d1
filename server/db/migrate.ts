/**
 * Versioned SQL migrations: server/db/migrations/NNNN_name.sql, applied in file-name order, each
 * in its own transaction, recorded in schema_migrations. On PostgreSQL an advisory lock makes two
 * processes that start at once apply them one after the other instead of twice.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { REPO_ROOT } from '../repo-root'

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server/db/migrations')

/** Arbitrary, fixed key for pg_advisory_lock: 'lumo' in ASCII. */
const MIGRATION_LOCK_KEY = 0x6c756d6f

export interface Migration {
  version: string
  sql: string
  checksum: string
}

/** The statements the runner needs: a raw multi-statement exec and a parameterised query. */
export interface MigrationSession {
  exec(sqlText: string): Promise<void>
  query<R>(sqlText: string, parameters?: unknown[]): Promise<R[]>
}

export interface MigrationResult {
  applied: string[]
  skipped: string[]
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file)).sort()
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(path.join(dir, file), 'utf8')
      return {
        version: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      }
    }),
  )
}

export async function runMigrations(
  session: MigrationSession,
  options: { lock: boolean; log?: (line: string) => void; migrations?: Migration[] },
): Promise<MigrationResult> {
  const migrations = options.migrations ?? (await loadMigrations())
  if (options.lock) await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
  try {
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const rows = await session.query<{ version: string; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations',
    )
    const done = new Map(rows.map((row) => [row.version, row.checksum]))
    const result: MigrationResult = { applied: [], skipped: [] }
    for (const migration of migrations) {
      const appliedChecksum = done.get(migration.version)
      if (appliedChecksum !== undefined) {
        if (appliedChecksum !== migration.checksum) {
          // An applied migration was edited afterwards; the database keeps the old version.
          options.log?.(
            `migration ${migration.version} changed after it was applied; add a new migration instead`,
          )
        }
        result.skipped.push(migration.version)
        continue
      }
      await session.exec('BEGIN')
      try {
        await session.exec(migration.sql)
        await session.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
          migration.version,
          migration.checksum,
        ])
        await session.exec('COMMIT')
      } catch (error) {
        await session.exec('ROLLBACK')
        throw new Error(`Migration ${migration.version} failed: ${(error as Error).message}`, {
          cause: error,
        })
      }
      options.log?.(`applied migration ${migration.version}`)
      result.applied.push(migration.version)
    }
    return result
  } finally {
    if (options.lock) await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
  }
}
