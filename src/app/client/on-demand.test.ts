import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../store'
import { loggedOut, userRestored, type AuthUser } from '../../features/auth/slice'
import { startOnDemand } from './on-demand'

const user: AuthUser = {
  id: 'u-1',
  email: 'asiakas@example.com',
  customerType: 'PERSON',
  memberType: null,
  isMember: false,
}

const signedIn = (_action: unknown, state: { auth: { user: AuthUser | null } }) => state.auth.user !== null

/** A chunk whose start the test resolves by hand, as a slow network would. */
function deferredChunk() {
  const stop = vi.fn()
  let arrive!: () => void
  const start = vi.fn(
    () =>
      new Promise<() => void>((resolve) => {
        arrive = () => resolve(stop)
      }),
  )
  return { start, stop, arrive: () => arrive() }
}

describe('startOnDemand', () => {
  it('never loads the chunk while the page does not need it', () => {
    const store = makeStore(undefined, { devTools: false })
    const chunk = deferredChunk()
    const cleanup = startOnDemand(store, signedIn, chunk.start)
    store.dispatch(loggedOut())
    expect(chunk.start).not.toHaveBeenCalled()
    cleanup()
  })

  it('loads it at once when the starting state needs it', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(userRestored(user))
    const chunk = deferredChunk()
    startOnDemand(store, signedIn, chunk.start)
    expect(chunk.start).toHaveBeenCalledTimes(1)
  })

  it('loads it once, at the first action after which the page needs it', async () => {
    const store = makeStore(undefined, { devTools: false })
    const chunk = deferredChunk()
    const cleanup = startOnDemand(store, signedIn, chunk.start)
    store.dispatch(userRestored(user))
    store.dispatch(userRestored(user))
    expect(chunk.start).toHaveBeenCalledTimes(1)
    chunk.arrive()
    await Promise.resolve()
    cleanup()
    await Promise.resolve()
    expect(chunk.stop).toHaveBeenCalledTimes(1)
  })

  it('stops a chunk that arrives after the cleanup', async () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(userRestored(user))
    const chunk = deferredChunk()
    const cleanup = startOnDemand(store, signedIn, chunk.start)
    cleanup()
    chunk.arrive()
    await vi.waitFor(() => expect(chunk.stop).toHaveBeenCalledTimes(1))
  })
})
