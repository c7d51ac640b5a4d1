/**
 * Reads that may be cached travel as GET requests carrying a persisted-query hash instead of the
 * query text (Apollo's PersistedQueryLink with `useGETForHashedQueries`), so the same read is the
 * same URL: the service worker keeps it for offline reading and a CDN can share it (ADR 0037).
 *
 * The commerce API learns a query the first time it sees it as text with its hash (automatic
 * persisted queries). That first time, the hash-only GET misses and Apollo retries as a POST,
 * which nothing may keep; `createGetWarmingLink` then sends the GET once more, now known, so the
 * worker holds the read after a single online visit. Mutations are sent as before (POST, text).
 */
import { ApolloLink, type Operation } from '@apollo/client'
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries'
import { tap } from 'rxjs'

/** SHA-256 of a text as lower-case hex (Web Crypto: browsers, workers and Node 20). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

function isQuery(operation: Operation): boolean {
  return operation.query.definitions.some(
    (definition) => definition.kind === 'OperationDefinition' && definition.operation === 'query',
  )
}

/** Whether the operation just went out as the persisted-query retry (text included, POST). */
function wasRetriedWithText(operation: Operation): boolean {
  const context = operation.getContext() as { http?: { includeQuery?: boolean } }
  return context.http?.includeQuery === true && operation.extensions['persistedQuery'] !== undefined
}

/**
 * Placed above the PersistedQueryLink: after a query that had to be registered (the retry), it
 * repeats the hash-only GET in the background. Its answer is not used; the point is that the
 * browser's cache layers (the service worker) see a successful GET for this read.
 */
export function createGetWarmingLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      tap({
        complete: () => {
          if (!isQuery(operation) || !wasRetriedWithText(operation)) return
          forward(operation).subscribe({ error: () => undefined })
        },
      }),
    ),
  )
}

/**
 * Queries go through warming and the persisted-query link (GET by hash); mutations pass by as
 * they are (a POST with their text): a write is never cached, so hashing it would only cost a
 * round trip.
 */
export function createPersistedQueryLinks(): ApolloLink[] {
  const byHash = ApolloLink.from([
    createGetWarmingLink(),
    new PersistedQueryLink({ sha256: sha256Hex, useGETForHashedQueries: true }),
  ])
  const asItIs = new ApolloLink((operation, forward) => forward(operation))
  return [ApolloLink.split(isQuery, byHash, asItIs)]
}
