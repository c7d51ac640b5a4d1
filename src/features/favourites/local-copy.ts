/**
 * The browser's own copy of the favourites (docs/product-rules.md#favourites local keys `favorites` and
 * `favoritesLastUpdated`), and which customer's saved list it was last synced with
 * (`favoritesUserId`, the spec's global state field of that name, kept here so every tab and a
 * reload know it; docs/adr/0021-favourites-sync.md). Storage may be missing or full: reading
 * then gives nothing and writing is skipped.
 */
import { normaliseFavorites, type FavoriteId } from '../../app/global-slice'

export const FAVORITES_STORAGE_KEY = 'favorites'
export const FAVORITES_UPDATED_STORAGE_KEY = 'favoritesLastUpdated'
export const FAVORITES_USER_STORAGE_KEY = 'favoritesUserId'

export type FavoritesStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Reads the favourites saved in this browser; garbage gives none. */
export function readLocalFavorites(storage: Pick<Storage, 'getItem'> | null): FavoriteId[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(FAVORITES_STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return normaliseFavorites(
      parsed.filter((id): id is FavoriteId => typeof id === 'string' || typeof id === 'number'),
    )
  } catch {
    return []
  }
}

/** When this browser's list last changed (epoch ms), or null when unknown. */
export function readLocalUpdatedAt(storage: Pick<Storage, 'getItem'> | null): number | null {
  try {
    const value = Number(storage?.getItem(FAVORITES_UPDATED_STORAGE_KEY) ?? Number.NaN)
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

/** The customer whose saved list this browser's copy follows; null when none. */
export function readSyncedUserId(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(FAVORITES_USER_STORAGE_KEY) || null
  } catch {
    return null
  }
}

export function writeSyncedUserId(storage: FavoritesStorage | null, userId: string | null): void {
  try {
    if (userId) storage?.setItem(FAVORITES_USER_STORAGE_KEY, userId)
    else storage?.removeItem(FAVORITES_USER_STORAGE_KEY)
  } catch {
    // only the memory of the sync is lost: the next login merges again, which loses nothing
  }
}
