/**
 * How page code reaches the Apollo client. Pages get their data from route loaders, so the
 * browser needs Apollo only for client-side navigations and mutations: it is loaded at the
 * shopper's first sign of intent (src/entry-client.tsx) or first use instead of in the first
 * bundle, which keeps ~50 KiB of JavaScript off every first page load. On the server the
 * request's client is ready at once.
 * See docs/adr/0006-data-loading.md.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { ApolloClient } from '@apollo/client'

export type GetApollo = () => Promise<ApolloClient>

const ApolloAccessContext = createContext<GetApollo | null>(null)

export function ApolloAccessProvider({ getApollo, children }: { getApollo: GetApollo; children: ReactNode }) {
  return <ApolloAccessContext.Provider value={getApollo}>{children}</ApolloAccessContext.Provider>
}

/** A function resolving to the page's Apollo client (for mutations and on-demand queries). */
export function useGetApollo(): GetApollo {
  const getApollo = useContext(ApolloAccessContext)
  if (!getApollo) throw new Error('useGetApollo must be used inside <ApolloAccessProvider>')
  return getApollo
}

/** Like useGetApollo, but null outside <ApolloAccessProvider> (isolated component tests). */
export function useOptionalGetApollo(): GetApollo | null {
  return useContext(ApolloAccessContext)
}

/** Memoises a lazy loader so the client is created once per page. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    pending ??= load().catch((error: unknown) => {
      // A failed chunk load must not stick: the next call tries again.
      pending = undefined
      throw error
    })
    return pending
  }
}
