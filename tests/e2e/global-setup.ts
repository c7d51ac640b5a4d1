/**
 * Starts the production server once for the whole suite and hands its address to the tests
 * through E2E_BASE_URL (workers inherit the runner's environment). The returned function is
 * the teardown: SIGTERM, the shutdown path the shop promises to handle gracefully.
 */
import { startProductionServer } from '../../scripts/harness/production-server'

/** The suite's QA key, unless E2E_QA_KEY names the one of a server started elsewhere. */
const E2E_QA_KEY = 'e2e-qa-console-key'

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined
  // the QA console's key (tests/e2e/qa.spec.ts presents it)
  process.env.E2E_QA_KEY ??= E2E_QA_KEY
  const server = await startProductionServer({
    name: 'e2e',
    seedProducts: 300,
    // the suite registers many shoppers from this one address (ADR 0067: 5 an hour by default)
    env: { QA_KEY: process.env.E2E_QA_KEY, REGISTRATIONS_PER_HOUR: '1000' },
  })
  process.env.E2E_BASE_URL = server.baseUrl
  // the server's outbox (DATA_DIR/outbox) holds the e-mails a test follows, e.g. a reset link
  process.env.E2E_DATA_DIR = server.dataDir
  console.log(`e2e: production server at ${server.baseUrl} (log: ${server.logFile})`)
  return () => server.stop()
}
