/**
 * Cross-tab sync (docs/product-rules.md#shop-wide-behaviour): market, checkout market, auth and cart changes are sent
 * to the shop's other tabs on the BroadcastChannel `lumo_channel`. A listener sends the store's
 * own actions; a receiving tab dispatches them marked as coming from another tab, and marked
 * actions are never sent again, so two tabs cannot ping-pong.
 */
import type { UnknownAction } from '@reduxjs/toolkit'
import type { AppStore } from '../store'
import { cartEmptied, cartLoaded } from '../../features/cart/slice'
import { connected, loggedOut, userRestored } from '../../features/auth/slice'
import { checkoutMarketChanged, marketChanged } from '../../features/channel/slice'

export const BROADCAST_CHANNEL_NAME = 'lumo_channel'
const MESSAGE_SOURCE = 'lumo-store'

/** Which actions other tabs must see. */
export const BROADCAST_ACTION_TYPES: ReadonlySet<string> = new Set([
  cartLoaded.type,
  cartEmptied.type,
  connected.type,
  loggedOut.type,
  userRestored.type,
  marketChanged.type,
  checkoutMarketChanged.type,
])

export interface BroadcastMessage {
  source: typeof MESSAGE_SOURCE
  action: { type: string; payload?: unknown }
}

export function isFromOtherTab(action: unknown): boolean {
  if (typeof action !== 'object' || action === null || !('meta' in action)) return false
  const meta = (action as { meta?: unknown }).meta
  return (
    typeof meta === 'object' && meta !== null && (meta as { fromOtherTab?: unknown }).fromOtherTab === true
  )
}

function isBroadcastMessage(data: unknown): data is BroadcastMessage {
  if (typeof data !== 'object' || data === null) return false
  const { source, action } = data as { source?: unknown; action?: unknown }
  return (
    source === MESSAGE_SOURCE &&
    typeof action === 'object' &&
    action !== null &&
    typeof (action as { type?: unknown }).type === 'string' &&
    BROADCAST_ACTION_TYPES.has((action as { type: string }).type)
  )
}

/** The part of BroadcastChannel used here (lets tests pass a pair of linked fakes). */
export interface BroadcastPort {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

export function startBroadcastSync(store: AppStore, port: BroadcastPort | null = openChannel()): () => void {
  if (!port) return () => undefined
  const stopListening = store.startListening({
    predicate: (action) => BROADCAST_ACTION_TYPES.has(action.type) && !isFromOtherTab(action),
    effect: (action) => {
      const { type, payload } = action as UnknownAction & { payload?: unknown }
      const message: BroadcastMessage = {
        source: MESSAGE_SOURCE,
        action: payload === undefined ? { type } : { type, payload },
      }
      port.postMessage(message)
    },
  })
  const onMessage = (event: MessageEvent) => {
    if (!isBroadcastMessage(event.data)) return
    store.dispatch({ ...event.data.action, meta: { fromOtherTab: true } })
  }
  port.addEventListener('message', onMessage)
  return () => {
    stopListening()
    port.removeEventListener('message', onMessage)
    port.close()
  }
}

function openChannel(): BroadcastPort | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BROADCAST_CHANNEL_NAME)
}
