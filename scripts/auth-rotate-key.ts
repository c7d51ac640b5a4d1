/**
 * `npm run auth:rotate-key`: a new ES256 signing key for the auth service of this DATA_DIR
 * (docs/adr/0018-auth-service.md). The new public key is published at once, the old key retired:
 * it signs no more and stays in the JWKS until the tokens it signed have expired. A running
 * instance on this DATA_DIR signs with the new key from its next token on. With the embedded
 * database (no DATABASE_URL) stop the shop first: PGlite has one writer.
 */
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { rotateSigningKey } from '../server/services/auth/keys'

const config = loadConfig()
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
try {
  const { retired, current } = await rotateSigningKey(database.db, config.dataDir)
  console.log(`Auth signing key rotated: now ${current}${retired ? `, retired ${retired}` : ''}`)
} finally {
  await database.close()
}
