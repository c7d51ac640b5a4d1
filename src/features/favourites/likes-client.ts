/**
 * The browser's client of the likes service (docs/product-rules.md#favourites favourites), through the same-origin proxy
 * (`/api/likes`, server/ssr/likes-proxy.ts), which adds the session's bearer token: page script
 * never holds it. Every call sends the CSRF header the proxy demands; a status other than 2xx is
 * an error carrying that status.
 */
import type { FavoriteId } from '../../app/global-slice'
import { BROWSER_LIKES_URI, CSRF_HEADER } from '../../shared/storefront-api'
import type { FavoritesCopy } from './merge'

export interface LikesClient {
  savedFavorites(userId: string): Promise<FavoritesCopy>
  saveFavorites(userId: string, ids: readonly number[]): Promise<void>
  isMigrated(userId: string): Promise<boolean>
  markMigrated(userId: string): Promise<void>
}

export class LikesRequestError extends Error {
  override name = 'LikesRequestError'
  constructor(readonly status: number) {
    super(`Response not successful: Received status code ${status}`)
  }
}

type Resource = 'products' | 'migrated'

export function createLikesClient(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): LikesClient {
  const call = async (method: 'GET' | 'POST', userId: string, resource: Resource, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json', [CSRF_HEADER]: '1' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const url = `${BROWSER_LIKES_URI}/users/${encodeURIComponent(userId)}/${resource}`
    const response = await fetchImpl(url, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw new LikesRequestError(response.status)
    return response
  }
  return {
    async savedFavorites(userId) {
      const response = await call('GET', userId, 'products')
      const ids: unknown = await response.json()
      if (!Array.isArray(ids)) throw new Error('The likes service answered no list')
      const lastModified = Date.parse(response.headers.get('last-modified') ?? '')
      return {
        ids: ids.filter((id): id is FavoriteId => typeof id === 'number' || typeof id === 'string'),
        updatedAt: Number.isNaN(lastModified) ? null : lastModified,
      }
    },
    async saveFavorites(userId, ids) {
      await call('POST', userId, 'products', ids)
    },
    async isMigrated(userId) {
      return (await (await call('GET', userId, 'migrated')).json()) === true
    },
    async markMigrated(userId) {
      await call('POST', userId, 'migrated')
    },
  }
}
