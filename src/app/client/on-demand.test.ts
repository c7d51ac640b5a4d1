import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../store'
import { loggedOut, userRestored, type AuthUser } from '../../features/auth/slice'
import { startOnDemand, type MissedAction } from './on-demand'

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
  // what the module saw as missed when it ran: the types and whether a user was signed in before each
  const handed: { type: string; signedInBefore: boolean }[] = []
  const start = vi.fn(
    (missed: readonly MissedAction[]) =>
      new Promise<() => void>((resolve) => {
        arrive = () => {
          handed.push(
            ...missed.map(({ action, previous }) => ({
              type: action.type,
              signedInBefore: previous.auth.user !== null,
            })),
          )
          resolve(stop)
        }
      }),
  )
  return { start, stop, handed, arrive: () => arrive() }
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

  it('hands the module every action from the one that made it needed until it ran, with the state before each', async () => {
    const store = makeStore(undefined, { devTools: false })
    const chunk = deferredChunk()
    startOnDemand(store, signedIn, chunk.start)
    store.dispatch(loggedOut())
    store.dispatch(userRestored(user))
    store.dispatch(loggedOut())
    chunk.arrive()
    await vi.waitFor(() => expect(chunk.handed).toHaveLength(2))
    expect(chunk.handed).toEqual([
      { type: userRestored.type, signedInBefore: false },
      { type: loggedOut.type, signedInBefore: true },
    ])
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
