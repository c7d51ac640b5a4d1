/**
 * The outside servers some integration tests need, each named by a `TEST_*` variable. CI sets
 * them when the machine's servers answer (.ci/run); a fresh machine has none. The suites use
 * them through tests/integration/helpers/outside-servers.ts; the harness unsets them to check
 * that every test file still defines its tests (suites-without-servers.ts).
 */
export const OUTSIDE_SERVERS = {
  postgres: {
    variable: 'TEST_DATABASE_URL',
    what: 'a PostgreSQL server',
    example: 'postgres://postgres@127.0.0.1:5432/postgres',
  },
  redis: {
    variable: 'TEST_REDIS_URL',
    what: 'a Redis server',
    example: 'redis://127.0.0.1:6379/15',
  },
} as const

export type OutsideServer = keyof typeof OUTSIDE_SERVERS

export const OUTSIDE_SERVER_VARIABLES: readonly string[] = Object.values(OUTSIDE_SERVERS).map(
  (server) => server.variable,
)
