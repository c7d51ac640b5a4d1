/**
 * `npm run restore -- <file>`: puts a backup (`npm run backup`) in place of DATA_DIR's embedded
 * database. Stop the shop first; the database it replaces is kept beside it as
 * `pglite.replaced-<time>` (docs/deploy.md "Backup and restore").
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { restoreDatabase } from '../server/db/backup'

const { positionals } = parseArgs({ allowPositionals: true })
const [file] = positionals
if (!file) {
  console.error('Usage: npm run restore -- <backup file>')
  process.exit(2)
}
try {
  const config = loadConfig()
  const result = await restoreDatabase(config, await readFile(file))
  console.log(
    `Restored ${file} into ${config.dataDir}: ${result.products} products, ${result.orders} orders.` +
      (result.replacedDirectory ? ` The previous database is kept in ${result.replacedDirectory}.` : ''),
  )
} catch (error) {
  // DatabaseInUseError says to stop the shop first
  console.error(`restore: ${(error as Error).message}`)
  process.exitCode = 1
}
