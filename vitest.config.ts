import { createRequire } from 'node:module'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { compiledMessages } from './scripts/vite/compiled-messages.ts'

const require = createRequire(import.meta.url)

// Two projects: unit tests live next to the code, integration tests under tests/integration
// run against a real database (PGlite always, PostgreSQL too when TEST_DATABASE_URL is set).
export default defineConfig({
  plugins: [react(), compiledMessages()],
  resolve: {
    // One graphql instance: mercurius require()s the CommonJS build, so tests must not load the ESM
    // build beside it ("Cannot use GraphQLObjectType from another module or realm").
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'sw/**/*.test.ts',
          ],
          environment: 'node',
          // The default 5 s is too tight for property tests on a shared, loaded two-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
