/**
 * Favourites everywhere (issue #10 item 5, docs/product-rules.md#favourites; docs/adr/0021-favourites-sync.md): the
 * browser-side effects that keep a logged-in customer's favourites in the likes service.
 *
 * - A customer this browser's copy does not follow yet (login, `connected`; or a page that
 *   starts logged in): local and saved lists merge (./merge.ts), once ever the metaData
 *   favourites are added (the service's migrated flag), the result is saved, and this browser
 *   follows that customer from then on (`favoritesUserId`, in local storage for every tab).
 * - The customer the copy already follows (a reload): the copy changed more recently wins.
 * - Afterwards every change made in this tab is saved, one request at a time, always the newest
 *   list. Another tab's change arrives here by broadcast and is saved by that tab.
 * - Logout (`loggedOut`): the browser keeps its copy and stops following the customer.
 * - docs/product-rules.md#favourites: every failure is only logged; the local favourites remain. A failed merge leaves the
 *   copy unfollowed, so the next login or page load tries again and nothing is lost.
 */
import type { UnknownAction } from '@reduxjs/toolkit'

import type { AppStore } from '../../app/store'

import { isFromOtherTab } from '../../app/client/broadcast'

import { favoritesSet, favoritesUserIdSet, normaliseFavorites, type FavoriteId } from '../../app/global-slice'

import { connected, loggedOut, sessionRestored, userRestored, type AuthUser } from '../auth/slice'

import { productIdsOf } from './favourite-products'

import {
  localStorageOrNull,
  readLocalUpdatedAt,
  readSyncedUserId,
  writeSyncedUserId,
  type FavoritesStorage,
} from './local-copy'

import { mergeFavorites, metaDataFavorites, newerFavorites, sameFavorites } from './merge'

import { createLikesClient, type LikesClient } from './likes-client'

import type { GetApollo } from '../../app/apollo-access'

import { runQuery } from '../../app/graphql'

import metaDataQuery from '../../graphql/operations/favorites-meta-data'

export interface AccountSyncDeps {
  likes: LikesClient
  /** the favourites of the logged-in user's metaData (getUser); throws when it cannot be read */
  metaDataFavorites: () => Promise<FavoriteId[]>
  storage: FavoritesStorage | null
  /** docs/product-rules.md#favourites: failures are only logged */
  log: (message: string, error: unknown) => void
}

const FROM_ACCOUNT = { fromAccountSync: true } as const

function isFromAccountSync(action: UnknownAction): boolean {
  const meta = (action as { meta?: { fromAccountSync?: unknown } }).meta
  return meta?.fromAccountSync === true
}

export function startFavouritesAccountSync(store: AppStore, deps: AccountSyncDeps): () => void {
  const { likes, storage, log } = deps
  const currentUserId = () => store.getState().auth.user?.id ?? null

  // Saves run one at a time; a change while one runs is sent after it, as the newest list then.
  // The promise settles when the queue is empty: true when its last save went through.
  let saving: Promise<boolean> | null = null
  let pending: { userId: string } | null = null
  const save = (userId: string): Promise<boolean> => {
    pending = { userId }
    saving ??= (async () => {
      let ok = true
      while (pending) {
        const { userId: target } = pending
        pending = null
        if (currentUserId() !== target || readSyncedUserId(storage) !== target) continue
        try {
          await likes.saveFavorites(target, productIdsOf(store.getState().global.favorites))
          ok = true
        } catch (error) {
          ok = false
          log('Could not save the favourites', error)
        }
      }
      saving = null
      return ok
    })()
    return saving
  }

  const follow = (userId: string | null) => {
    writeSyncedUserId(storage, userId)
    store.dispatch(favoritesUserIdSet(userId))
  }

  let syncing: string | null = null
  const sync = async (user: AuthUser) => {
    if (syncing === user.id) return
    syncing = user.id
    try {
      // the service's answers first; the local list is read after them, so that a change made
      // meanwhile is part of the result rather than overwritten by it
      const saved = await likes.savedFavorites(user.id)
      let fromMetaData: FavoriteId[] | null = null
      try {
        if (!(await likes.isMigrated(user.id))) fromMetaData = await deps.metaDataFavorites()
      } catch (error) {
        log('Could not move the favourites of the user data', error)
      }
      if (currentUserId() !== user.id) return
      const local = { ids: store.getState().global.favorites, updatedAt: readLocalUpdatedAt(storage) }
      const followed = readSyncedUserId(storage) === user.id
      let next = followed ? newerFavorites(local, saved) : mergeFavorites(local, saved)
      if (fromMetaData) next = normaliseFavorites([...next, ...fromMetaData])
      follow(user.id)
      if (!sameFavorites(next, local.ids)) store.dispatch({ ...favoritesSet(next), meta: FROM_ACCOUNT })
      // through the save queue, so a change made from now on is sent after this list, never before
      const saveNeeded = !sameFavorites(productIdsOf(next), productIdsOf(saved.ids))
      const savedOk = saveNeeded ? await save(user.id) : true
      if (fromMetaData && savedOk) await likes.markMigrated(user.id)
    } catch (error) {
      log('Could not sync the favourites', error)
    } finally {
      syncing = null
    }
  }

  const startUser = store.getState().auth.user
  if (startUser) void sync(startUser)

  const stops = [
    store.startListening({
      actionCreator: connected,
      effect: (action) => {
        // a login in another tab is merged by that tab; its list and the followed user arrive from there
        if (isFromOtherTab(action)) return
        if (readSyncedUserId(storage) !== action.payload.user.id) void sync(action.payload.user)
      },
    }),
    store.startListening({
      actionCreator: userRestored,
      effect: (action) => {
        if (action.payload && !isFromOtherTab(action)) void sync(action.payload)
      },
    }),
    store.startListening({
      // the verified session of a shared page or of another tab's login (GET /api/session)
      actionCreator: sessionRestored,
      effect: (action) => {
        if (action.payload && !isFromOtherTab(action)) void sync(action.payload.user)
      },
    }),
    store.startListening({
      actionCreator: loggedOut,
      effect: () => follow(null),
    }),
    store.startListening({
      predicate: (action, current, previous) =>
        current.global.favorites !== previous.global.favorites &&
        !isFromOtherTab(action) &&
        !isFromAccountSync(action),
      effect: () => {
        const userId = currentUserId()
        if (userId && readSyncedUserId(storage) === userId) save(userId)
      },
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/** The browser's wiring: the likes service through /api/likes, getUser through the page's Apollo client. */
export function startBrowserFavouritesAccountSync(store: AppStore, getApollo: GetApollo | null): () => void {
  return startFavouritesAccountSync(store, {
    likes: createLikesClient(),
    storage: localStorageOrNull(),
    metaDataFavorites: async () => {
      if (!getApollo) throw new Error('No GraphQL client to read the user data')
      const data = await runQuery(await getApollo(), metaDataQuery, {}, { fetchPolicy: 'no-cache' })
      if (!data.getUser) throw new Error('The user data could not be read')
      return metaDataFavorites(data.getUser.metaData)
    },
    // docs/product-rules.md#favourites: only logged (a warning: the shopper's page goes on as before)
    log: (message, error) => console.warn(message, error),
  })
}
