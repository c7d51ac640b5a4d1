/**
 * Shop events (docs/product-rules.md#analytics-and-consent triggers): recorded as plain data in a queue, delivered on
 * the client by the listener in ./listeners.ts (tag-manager data layer). Events recorded while
 * rendering on the server (the first page impression) travel to the browser in the serialised
 * state and are delivered there, so no event is lost or sent twice.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'

export const SHOP_EVENT_TYPES = [
  'page:impression',
  'product:impression',
  'product:click',
  'product-detail:impression',
  'checkout:impression',
  'checkout:purchase',
  'favorite:add',
  'favorite:remove',
  'cart:add',
  'cart:remove',
  'cart:view',
  'checkout:shipping',
  'checkout:payment',
  'search',
  'customer-type:change',
  'user:login',
  'user:register',
  'user:logout',
  /** docs/product-rules.md#analytics-and-consent: the cart's item count, shipping fee, total or shipping default flag differ */
  'cart:changed',
  /** docs/product-rules.md#analytics-and-consent: the cart's regular subtotal or promo code differ */
  'cart:items-changed',
] as const
export type ShopEventType = (typeof SHOP_EVENT_TYPES)[number]

export interface PageImpressionPayload {
  routeName: string
  meta: Record<string, string | number | boolean | null>
  path: string
  hash: string
  query: Record<string, string | string[]>
  params: Record<string, string | undefined>
  fullPath: string
}

export interface ShopEvent {
  id: number
  type: ShopEventType
  payload: Record<string, unknown>
}

export interface EventsState {
  /** recorded, not yet delivered */
  queue: ShopEvent[]
  nextId: number
}

/** A page that is never drained (no client) must not grow without bound. */
export const MAX_QUEUED_EVENTS = 200

export const initialEventsState: EventsState = { queue: [], nextId: 1 }

const eventsSlice = createSlice({
  name: 'events',
  initialState: initialEventsState,
  reducers: {
    shopEventRecorded(
      state,
      action: PayloadAction<{ type: ShopEventType; payload?: Record<string, unknown> }>,
    ) {
      state.queue.push({ id: state.nextId, type: action.payload.type, payload: action.payload.payload ?? {} })
      state.nextId += 1
      if (state.queue.length > MAX_QUEUED_EVENTS)
        state.queue.splice(0, state.queue.length - MAX_QUEUED_EVENTS)
    },
    /** Drops every event up to and including this id. */
    eventsDelivered(state, action: PayloadAction<number>) {
      state.queue = state.queue.filter((event) => event.id > action.payload)
    },
  },
})

export const { shopEventRecorded, eventsDelivered } = eventsSlice.actions
export const eventsReducer = eventsSlice.reducer

export function pageImpression(payload: PageImpressionPayload) {
  return shopEventRecorded({ type: 'page:impression', payload: { ...payload } })
}

export const selectPendingEvents = (state: { events: EventsState }): ShopEvent[] => state.events.queue
