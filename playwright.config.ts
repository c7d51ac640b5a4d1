/**
 * End-to-end tests in Debian's Chromium (no Playwright browser download). The global setup
 * starts the production server on a free loopback port with a fresh seeded DATA_DIR; set
 * E2E_BASE_URL to run the suite against a server that is already running instead.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/ensure-chromium'

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e-artifacts',
  globalSetup: './tests/e2e/global-setup.ts',
  // Two cores shared with the server under test.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A failure must be a real failure: no retries hiding flakiness.
  retries: 0,
  timeout: 60_000,
  globalTimeout: 40 * 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.LUMO_E2E_REPORT ?? 'test-results/e2e-report.json' }],
  ],
  use: {
    headless: true,
    locale: 'fi-FI',
    timezoneId: 'Europe/Helsinki',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
