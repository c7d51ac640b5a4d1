/**
 * `npm run backup -- [--out <file>]`: the embedded database as a gzip-compressed tar
 * (docs/deploy.md "Backup and restore"). While the shop runs on this DATA_DIR, the backup is taken
 * by the shop itself through the admin API (a consistent snapshot, no stop needed); otherwise
 * straight from DATA_DIR. Default file: `backups/lumo-backup-<time>.tar.gz`.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { loadConfig, type Config } from '../server/config'
import { DatabaseInUseError, openDatabase } from '../server/db'
import { backupDatabase, BackupUnsupportedError } from '../server/db/backup'
import { adminClientOptions } from './admin/client'

async function fromRunningShop(): Promise<Buffer> {
  const { baseUrl, key, actor } = adminClientOptions()
  const response = await fetch(`${baseUrl}/backup`, {
    headers: { authorization: `Bearer ${key}`, 'x-admin-actor': actor },
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } }
    throw new Error(`the shop refused the backup: ${body.error?.message ?? response.status}`)
  }
  return Buffer.from(await response.arrayBuffer())
}

export async function takeBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): Promise<{ archive: Buffer; source: string }> {
  if (config.databaseUrl)
    throw new BackupUnsupportedError(
      'This shop uses a PostgreSQL server (DATABASE_URL): back it up with pg_dump.',
    )
  let database
  try {
    database = await openDatabase({ dataDir: config.dataDir, log: () => {} })
  } catch (error) {
    if (error instanceof DatabaseInUseError)
      return { archive: await fromRunningShop(), source: 'the running shop' }
    throw error
  }
  try {
    return { archive: await backupDatabase(database), source: config.dataDir }
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  try {
    const config = loadConfig()
    const { archive, source } = await takeBackup(config)
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = path.resolve(values.out ?? path.join('backups', `lumo-backup-${stamp}.tar.gz`))
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, archive, { mode: 0o600 })
    console.log(`Backup of ${source}: ${file} (${(archive.length / 1024 / 1024).toFixed(1)} MiB)`)
  } catch (error) {
    console.error(`backup: ${(error as Error).message}`)
    process.exitCode = 1
  }
}
