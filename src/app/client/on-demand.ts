import type { UnknownAction } from '@reduxjs/toolkit'
import type { AppStore, RootState } from '../store'

/** An action dispatched while a listener chunk was on its way, with the state before it. */
export interface MissedAction {
  action: UnknownAction
  previous: RootState
}

/**
 * Starts a listener module that lives in a chunk of its own only once the page needs it: at once
 * when `needed(null, state)` says the starting state does, otherwise at the first action after
 * which `needed(action, state)` does. A page that never needs it never downloads it. `start`
 * gets the actions it missed, from the one that made it needed until it runs, in order, so it
 * can handle them as its own listeners would have.
 */
export function startOnDemand(
  store: AppStore,
  needed: (action: UnknownAction | null, state: RootState) => boolean,
  start: (missed: readonly MissedAction[]) => Promise<() => void>,
): () => void {
  let stop: (() => void) | undefined
  let stopped = false
  // the actions since the need arose; null before it and once the module runs
  let missed: MissedAction[] | null = null
  let loading = false

  const load = () => {
    if (loading || stopped) return
    loading = true
    missed ??= []
    void start(missed).then((started) => {
      // the module's own listeners take over from here
      missed = null
      stopListening()
      if (stopped) started()
      else stop = started
    })
  }
  const stopListening = store.startListening({
    predicate: (action, current) => missed !== null || needed(action, current),
    effect: (action, api) => {
      ;(missed ??= []).push({ action, previous: api.getOriginalState() })
      load()
    },
  })
  if (needed(null, store.getState())) load()
  return () => {
    stopped = true
    missed = null
    stopListening()
    stop?.()
  }
}
