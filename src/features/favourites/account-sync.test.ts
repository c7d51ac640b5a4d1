import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { favoritesSet, toggleFavorite, type FavoriteId } from '../../app/global-slice'
import { connected, loggedOut, type AuthUser } from '../auth/slice'
import { startFavouritesAccountSync, type AccountSyncDeps } from './account-sync'
import {
  FAVORITES_UPDATED_STORAGE_KEY,
  FAVORITES_USER_STORAGE_KEY,
  readSyncedUserId,
  type FavoritesStorage,
} from './local-copy'
import type { FavoritesCopy } from './merge'
import type { LikesClient } from './likes-client'

const AINO: AuthUser = { id: 'u-aino', email: 'aino@example.com', customerType: 'PERSON', memberType: null }

function memoryStorage(
  entries: Record<string, string> = {},
): FavoritesStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(entries))
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

/** A likes service in memory: what it holds and every call it got. */
function fakeLikes(saved: FavoritesCopy, migrated = true) {
  const state = { saved, migrated, fail: false }
  const calls: string[] = []
  const saves: number[][] = []
  const client: LikesClient = {
    savedFavorites: async (userId) => {
      calls.push(`get ${userId}`)
      if (state.fail) throw new Error('down')
      return state.saved
    },
    saveFavorites: async (userId, ids) => {
      calls.push(`save ${userId}`)
      if (state.fail) throw new Error('down')
      saves.push([...ids])
      state.saved = { ids: [...ids], updatedAt: Date.now() }
    },
    isMigrated: async () => state.migrated,
    markMigrated: async (userId) => {
      calls.push(`migrated ${userId}`)
      state.migrated = true
    },
  }
  return { client, state, calls, saves }
}

function setup(options: {
  local?: FavoriteId[]
  localUpdatedAt?: number
  followed?: string
  saved: FavoritesCopy
  migrated?: boolean
  metaData?: FavoriteId[]
  loggedIn?: boolean
}) {
  const store = makeStore(
    options.loggedIn ? { auth: { user: AINO, tokenExpiresAt: null, status: 'loggedIn' } } : undefined,
    { devTools: false },
  )
  if (options.local) store.dispatch({ ...favoritesSet(options.local), meta: { fromOtherTab: true } })
  const storage = memoryStorage({
    ...(options.localUpdatedAt ? { [FAVORITES_UPDATED_STORAGE_KEY]: String(options.localUpdatedAt) } : {}),
    ...(options.followed ? { [FAVORITES_USER_STORAGE_KEY]: options.followed } : {}),
  })
  const likes = fakeLikes(options.saved, options.migrated ?? true)
  const log = vi.fn<AccountSyncDeps['log']>()
  const metaDataFavorites = vi.fn(async () => options.metaData ?? [])
  const stop = startFavouritesAccountSync(store, { likes: likes.client, storage, log, metaDataFavorites })
  const login = () => store.dispatch(connected({ user: AINO, maxAgeSeconds: 900, now: 0 }))
  return { store, storage, likes, log, metaDataFavorites, stop, login }
}

describe('favourites account sync', () => {
  it('merges the local and saved lists at login, saves the union and follows the customer', async () => {
    const { store, storage, likes, login, stop } = setup({
      local: [3, 2],
      localUpdatedAt: 2_000,
      saved: { ids: [9, 2], updatedAt: 1_000 },
    })
    login()
    await vi.waitFor(() => expect(likes.saves).toEqual([[3, 2, 9]]))
    expect(store.getState().global.favorites).toEqual([3, 2, 9])
    expect(store.getState().global.favoritesUserId).toBe(AINO.id)
    expect(readSyncedUserId(storage)).toBe(AINO.id)
    stop()
  })

  it('moves the metaData favourites once, after the saved list', async () => {
    const { store, likes, metaDataFavorites, login, stop } = setup({
      local: [1],
      saved: { ids: [2], updatedAt: 5 },
      migrated: false,
      metaData: [7, 2],
    })
    login()
    await vi.waitFor(() => expect(likes.calls).toContain(`migrated ${AINO.id}`))
    expect(store.getState().global.favorites).toEqual([2, 1, 7])
    expect(likes.saves).toEqual([[2, 1, 7]])
    expect(likes.calls.indexOf(`save ${AINO.id}`)).toBeLessThan(likes.calls.indexOf(`migrated ${AINO.id}`))
    expect(metaDataFavorites).toHaveBeenCalledTimes(1)
    stop()
  })

  it('does not read the metaData when the migration is done, nor save a list the service already has', async () => {
    const { store, likes, metaDataFavorites, login, stop } = setup({ saved: { ids: [4, 5], updatedAt: 1 } })
    login()
    await vi.waitFor(() => expect(store.getState().global.favorites).toEqual([4, 5]))
    expect(metaDataFavorites).not.toHaveBeenCalled()
    expect(likes.saves).toEqual([])
    stop()
  })

  it('saves every later change of this tab, but not a list from another tab', async () => {
    const { store, likes, login, stop } = setup({ saved: { ids: [1], updatedAt: 1 } })
    login()
    await vi.waitFor(() => expect(store.getState().global.favoritesUserId).toBe(AINO.id))
    store.dispatch(toggleFavorite(8))
    await vi.waitFor(() => expect(likes.saves).toEqual([[8, 1]]))
    store.dispatch({ ...favoritesSet([5]), meta: { fromOtherTab: true } })
    store.dispatch(toggleFavorite(6))
    await vi.waitFor(() =>
      expect(likes.saves).toEqual([
        [8, 1],
        [6, 5],
      ]),
    )
    stop()
  })

  it('sends one save at a time and ends with the newest list', async () => {
    const { store, likes, login, stop } = setup({ saved: { ids: [], updatedAt: null } })
    login()
    await vi.waitFor(() => expect(store.getState().global.favoritesUserId).toBe(AINO.id))
    let inFlight = 0
    let most = 0
    const save = likes.client.saveFavorites
    likes.client.saveFavorites = async (userId, ids) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      await Promise.resolve()
      await save(userId, ids)
      inFlight -= 1
    }
    for (const id of [1, 2, 3, 4]) store.dispatch(toggleFavorite(id))
    await vi.waitFor(() => expect(likes.saves.at(-1)).toEqual([4, 3, 2, 1]))
    expect(most).toBe(1)
    expect(likes.saves.length).toBeLessThanOrEqual(2)
    stop()
  })

  it('keeps the local copy at logout and stops saving', async () => {
    const { store, storage, likes, login, stop } = setup({ saved: { ids: [1, 2], updatedAt: 1 } })
    login()
    await vi.waitFor(() => expect(store.getState().global.favorites).toEqual([1, 2]))
    store.dispatch(loggedOut())
    expect(store.getState().global.favorites).toEqual([1, 2])
    expect(store.getState().global.favoritesUserId).toBeNull()
    expect(readSyncedUserId(storage)).toBeNull()
    store.dispatch(toggleFavorite(3))
    expect(store.getState().global.favorites).toEqual([3, 1, 2])
    expect(likes.calls.filter((call) => call.startsWith('save'))).toEqual([])
    stop()
  })

  it('only logs a failure: the local favourites remain and nothing is followed', async () => {
    const { store, storage, likes, log, login, stop } = setup({
      local: [5],
      saved: { ids: [], updatedAt: null },
    })
    likes.state.fail = true
    login()
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('Could not sync the favourites', expect.any(Error)),
    )
    expect(store.getState().global.favorites).toEqual([5])
    expect(readSyncedUserId(storage)).toBeNull()
    store.dispatch(toggleFavorite(6))
    expect(likes.calls.filter((call) => call.startsWith('save'))).toEqual([])
    stop()
  })

  it('on a page that starts logged in as the followed customer, the newer copy wins whole', async () => {
    const { store, likes, stop } = setup({
      loggedIn: true,
      followed: AINO.id,
      local: [1, 2, 3],
      localUpdatedAt: 1_000,
      saved: { ids: [2], updatedAt: 5_000 },
    })
    await vi.waitFor(() => expect(store.getState().global.favorites).toEqual([2]))
    expect(likes.saves).toEqual([])
    stop()
  })

  it("keeps a change made while the service's answers are on their way, and saves it after the merge", async () => {
    const { store, likes, login, stop } = setup({
      local: [1],
      localUpdatedAt: 2,
      saved: { ids: [9], updatedAt: 1 },
    })
    let answer: (migrated: boolean) => void = () => undefined
    likes.client.isMigrated = () => new Promise((resolve) => (answer = resolve))
    login()
    await vi.waitFor(() => expect(likes.calls).toContain(`get ${AINO.id}`))
    store.dispatch(toggleFavorite(2))
    answer(true)
    await vi.waitFor(() => expect(likes.saves.at(-1)).toEqual([2, 1, 9]))
    expect(store.getState().global.favorites).toEqual([2, 1, 9])
    stop()
  })

  it('leaves a login of another tab to that tab', async () => {
    const { store, likes, stop } = setup({ saved: { ids: [1], updatedAt: 1 } })
    store.dispatch({
      ...connected({ user: AINO, maxAgeSeconds: 900, now: 0 }),
      meta: { fromOtherTab: true },
    })
    await Promise.resolve()
    expect(likes.calls).toEqual([])
    stop()
  })
})
