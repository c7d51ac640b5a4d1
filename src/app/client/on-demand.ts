import type { UnknownAction } from '@reduxjs/toolkit'
import type { AppStore, RootState } from '../store'

/**
 * Starts a listener module that lives in a chunk of its own only once the page needs it: at once
 * when `needed(null, state)` says the starting state does, otherwise at the first action after
 * which `needed(action, state)` does. A page that never needs it never downloads it.
 */
export function startOnDemand(
  store: AppStore,
  needed: (action: UnknownAction | null, state: RootState) => boolean,
  start: () => Promise<() => void>,
): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  let loading = false
  const load = () => {
    if (loading || stopped) return
    loading = true
    stopListening()
    void start().then((started) => {
      if (stopped) started()
      else stop = started
    })
  }
  const stopListening = store.startListening({
    predicate: (action, current) => !loading && needed(action, current),
    effect: () => load(),
  })
  if (needed(null, store.getState())) load()
  return () => {
    stopped = true
    stopListening()
    stop?.()
  }
}
