/**
 * The shop's back office in the end-to-end run: a test changes what the shop's people change
 * (stock, shipping, returns, payouts) through the admin API, as `npm run admin` does, never by
 * writing to the database. The key is the one the server generated into its DATA_DIR.
 */
import path from 'node:path'
import { adminClientOptions, createAdminCall, type AdminCall } from '../../scripts/admin/client'

/** An admin API client for the suite's server (E2E_BASE_URL, key from E2E_DATA_DIR/admin-key). */
export function adminApi(actor = 'e2e'): AdminCall {
  const baseUrl = process.env.E2E_BASE_URL
  const dataDir = process.env.E2E_DATA_DIR
  if (!baseUrl || !dataDir) throw new Error('E2E_BASE_URL and E2E_DATA_DIR are set by the global setup')
  const options = adminClientOptions({
    ADMIN_URL: `${baseUrl}/admin/api`,
    DATA_DIR: path.resolve(dataDir),
    ADMIN_ACTOR: actor,
    ...(process.env.ADMIN_KEY ? { ADMIN_KEY: process.env.ADMIN_KEY } : {}),
  })
  return createAdminCall(options)
}
