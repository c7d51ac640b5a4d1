// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { connected, loggedOut, sessionRestored } from './slice'
import { startAuthSync, type Timers } from './listeners'

const user = { id: 'u-1', email: 'a@b.fi', customerType: 'PERSON' as const, memberType: null }

/** Timers the test fires by hand: what is pending and after how long. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>()
  let next = 0
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      pending.set(++next, { fn, ms })
      return next
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  }
  const fireFirst = () => {
    const [entry] = pending.entries()
    if (!entry) throw new Error('no timer pending')
    pending.delete(entry[0])
    entry[1].fn()
  }
  return { timers, pending, fireFirst }
}

let refreshes: number
beforeEach(() => {
  refreshes = 0
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/session/refresh') refreshes++
    return new Response(JSON.stringify({ user, maxAge: 900 }), { status: 200 })
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('the refresh timer', () => {
  it('refreshes at 90 % of the max age after this tab connects', async () => {
    const { timers, pending, fireFirst } = manualTimers()
    const store = makeStore(undefined, { devTools: false })
    const stop = startAuthSync(store, null, timers)
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
    expect([...pending.values()].map((timer) => timer.ms)).toEqual([810_000])
    fireFirst()
    await vi.waitFor(() => expect(refreshes).toBe(1))
    // the refresh connected again: one new timer, not two
    await vi.waitFor(() => expect(pending.size).toBe(1))
    stop()
    expect(pending.size).toBe(0)
  })

  it('a tab told of a login elsewhere waits longer, so the tab that logged in refreshes first', () => {
    const { timers, pending } = manualTimers()
    const store = makeStore(undefined, { devTools: false })
    startAuthSync(store, null, timers)
    store.dispatch({
      ...connected({ user, maxAgeSeconds: 900, now: Date.now() }),
      meta: { fromOtherTab: true },
    })
    expect([...pending.values()].map((timer) => timer.ms)).toEqual([855_000])
  })

  it('schedules a restored session from its expiry and stops at logout', () => {
    const { timers, pending } = manualTimers()
    const store = makeStore(undefined, { devTools: false })
    startAuthSync(store, null, timers)
    store.dispatch(sessionRestored({ user, expiresAt: Date.now() + 100_000 }))
    const [ms] = [...pending.values()].map((timer) => timer.ms)
    expect(ms).toBeGreaterThan(89_000)
    expect(ms).toBeLessThanOrEqual(90_000)
    store.dispatch(loggedOut())
    expect(pending.size).toBe(0)
  })

  it('refreshes at once when the page has no user but the lumo-user cookie says there was a session', async () => {
    document.cookie = `lumo-user=${encodeURIComponent(JSON.stringify(user))}; Path=/`
    const store = makeStore(undefined, { devTools: false })
    startAuthSync(store, null, manualTimers().timers)
    await vi.waitFor(() => expect(store.getState().auth.user).toEqual(user))
    expect(refreshes).toBe(1)
    document.cookie = 'lumo-user=; Path=/; Max-Age=0'
  })

  it('resets the Apollo cache when the user changes, not on a refresh of the same user', async () => {
    const resetStore = vi.fn(() => Promise.resolve([]))
    const getApollo = () => Promise.resolve({ resetStore } as never)
    const store = makeStore(undefined, { devTools: false })
    startAuthSync(store, getApollo, manualTimers().timers)
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
    store.dispatch(loggedOut())
    await vi.waitFor(() => expect(resetStore).toHaveBeenCalledTimes(2))
  })
})
