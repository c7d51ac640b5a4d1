/**
 * How the browser's copy of the favourites and the customer's saved list (the likes service)
 * come together (docs/product-rules.md#favourites; docs/adr/0021-favourites-sync.md). Pure, so the rules are tested
 * on their own.
 *
 * - Login of a customer this browser's copy does not follow yet: the union of both lists, newest
 *   first, capped at 1,000 (the oldest go). Neither list knows when each entry was added, only when
 *   the list last changed, so the list changed more recently leads and the other's entries that
 *   it lacks follow in their own order; the favourites of the user's metaData (the one-time
 *   migration) come last.
 * - The same customer again (a reload, a shared page): the copy changed more recently wins whole,
 *   so a removal made on another device stays removed.
 */
import { normaliseFavorites, type FavoriteId } from '../../app/global-slice'

export interface FavoritesCopy {
  /** newest first */
  ids: readonly FavoriteId[]
  /** when the list last changed (epoch ms); null when unknown */
  updatedAt: number | null
}

/** Unknown counts as older than any known time; on a tie the browser's copy leads. */
function localIsNewer(local: FavoritesCopy, saved: FavoritesCopy): boolean {
  return (local.updatedAt ?? -Infinity) >= (saved.updatedAt ?? -Infinity)
}

export function mergeFavorites(
  local: FavoritesCopy,
  saved: FavoritesCopy,
  migrated: readonly FavoriteId[] = [],
): FavoriteId[] {
  const [first, second] = localIsNewer(local, saved) ? [local, saved] : [saved, local]
  return normaliseFavorites([...first.ids, ...second.ids, ...migrated])
}

export function newerFavorites(local: FavoritesCopy, saved: FavoritesCopy): FavoriteId[] {
  return normaliseFavorites(localIsNewer(local, saved) ? local.ids : saved.ids)
}

/** The favourites of a user's metaData (a JSON object with a `favorites` list); anything else gives none. */
export function metaDataFavorites(metaData: string | null | undefined): FavoriteId[] {
  if (!metaData) return []
  try {
    const parsed: unknown = JSON.parse(metaData)
    const list =
      typeof parsed === 'object' && parsed !== null ? (parsed as { favorites?: unknown }).favorites : null
    if (!Array.isArray(list)) return []
    return normaliseFavorites(
      list.filter((id): id is FavoriteId => typeof id === 'string' || typeof id === 'number'),
    )
  } catch {
    return []
  }
}

export function sameFavorites(a: readonly FavoriteId[], b: readonly FavoriteId[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index])
}
