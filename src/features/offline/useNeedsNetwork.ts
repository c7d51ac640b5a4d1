/**
 * Actions that need the network (add to cart, checkout) explain themselves offline: the shopper
 * gets a toast saying so in their language and the action does not happen, so nothing they chose
 * is lost (the chosen size stays chosen, the cart stays as it was).
 */
import { useCallback } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch } from '../../app/hooks'
import { snackbarShown } from '../snackbar/slice'
import { browserOffline } from './connectivity'

export type NetworkAction = 'addToCart' | 'checkout'

/** The message id explaining that an action needs the network. */
export function needsNetworkMessageId(action: NetworkAction): string {
  return `offline.needsNetwork.${action}`
}

/**
 * `explain(action)` shows the toast and returns its text (for an inline error too);
 * `guard(action)` does that only while the browser is offline and returns null online.
 */
export function useNeedsNetwork() {
  const intl = useIntl()
  const dispatch = useAppDispatch()
  const explain = useCallback(
    (action: NetworkAction): string => {
      const message = intl.formatMessage({ id: needsNetworkMessageId(action) })
      dispatch(snackbarShown({ message, type: 'warning' }))
      return message
    },
    [intl, dispatch],
  )
  const guard = useCallback(
    (action: NetworkAction): string | null => (browserOffline() ? explain(action) : null),
    [explain],
  )
  return { explain, guard }
}
