/**
 * Suites that need an outside server (scripts/harness/outside-servers.ts lists them, each named
 * by a `TEST_*` variable). A fresh machine has none, so such a suite is reported as skipped, with
 * the variable it waits for in its name, instead of vanishing from the run (vitest fails a file
 * that defines no suite) or passing silently. docs/testing.md lists which suites need which server.
 */
import { describe, it } from 'vitest'
import type { DatabaseKind } from '../../../server/db'
import { OUTSIDE_SERVERS, type OutsideServer } from '../../../scripts/harness/outside-servers'

export type ServerUrls<S extends OutsideServer> = Record<S, string>

export function serverUrl(server: OutsideServer): string | undefined {
  return process.env[OUTSIDE_SERVERS[server].variable] || undefined
}

/** Why a test that needs these servers cannot run here (`needs TEST_REDIS_URL (a Redis server)`), or null. */
export function missingServers(servers: readonly OutsideServer[]): string | null {
  const missing = servers.filter((server) => !serverUrl(server))
  if (missing.length === 0) return null
  const named = missing.map(
    (server) => `${OUTSIDE_SERVERS[server].variable} (${OUTSIDE_SERVERS[server].what})`,
  )
  return `needs ${named.join(' and ')}`
}

function titled(title: string, reason: string | null): string {
  return reason ? `${title} — skipped: ${reason}` : title
}

/**
 * A suite that needs outside servers. It runs when their variables are set; otherwise it is
 * collected (its tests count as skipped) but none of its hooks or tests run, so the example
 * addresses handed to `factory` are never contacted.
 */
export function describeWithServers<S extends OutsideServer>(
  servers: readonly S[],
  title: string,
  factory: (urls: ServerUrls<S>) => void,
): void {
  const reason = missingServers(servers)
  const urls = Object.fromEntries(
    servers.map((server) => [server, serverUrl(server) ?? OUTSIDE_SERVERS[server].example]),
  ) as ServerUrls<S>
  describe.skipIf(reason !== null)(titled(title, reason), () => factory(urls))
}

/** One test that needs outside servers: skipped with the reason in its name when they are not named. */
export function itWithServers(
  servers: readonly OutsideServer[],
  title: string,
  options: { timeout?: number },
  fn: () => Promise<void>,
): void {
  const reason = missingServers(servers)
  it.skipIf(reason !== null)(titled(title, reason), options, fn)
}

const DATABASE_SERVERS: Record<DatabaseKind, readonly OutsideServer[]> = {
  pglite: [],
  postgres: ['postgres'],
}

/**
 * The same suite on every database kind: PGlite always, PostgreSQL when TEST_DATABASE_URL names
 * a server (reported skipped otherwise). `%s` in the title becomes the kind.
 */
export function describeEachDatabase(
  title: string,
  factory: (kind: DatabaseKind) => void,
  kinds: readonly DatabaseKind[] = ['pglite', 'postgres'],
): void {
  for (const kind of kinds) {
    describeWithServers(DATABASE_SERVERS[kind], title.replaceAll('%s', kind), () => factory(kind))
  }
}
