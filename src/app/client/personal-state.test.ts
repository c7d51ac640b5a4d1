// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../store'
import { sharedPageRendered } from '../global-slice'
import { restorePersonalState } from './personal-state'

function setCookies(cookies: Record<string, string>) {
  for (const [name, value] of Object.entries(cookies))
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/`
}

let sessionAnswer: unknown = { user: null }
const requested: string[] = []
beforeEach(() => {
  requested.length = 0
  sessionAnswer = { user: null }
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url)
    return new Response(JSON.stringify(sessionAnswer), { status: 200 })
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
})

const cookies = {
  'lumo-cart': 'cart-123',
  'lumo-user': JSON.stringify({
    id: 'u1',
    email: 'a@example.test',
    customerType: 'PERSON',
    memberType: null,
  }),
  'lumo-persisted-states': JSON.stringify({ lastVisited: { productIds: ['9', '8'] } }),
  'lumo-checkout-market': 'se',
}

describe('restorePersonalState', () => {
  it("puts the shopper's cart, verified user, checkout market and last visited back on a shared page", async () => {
    const user = { id: 'u2', email: 'b@example.test', customerType: 'PERSON', memberType: null }
    sessionAnswer = { user, expiresAt: Date.now() + 60_000 }
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(sharedPageRendered())
    setCookies(cookies)
    restorePersonalState(store)
    // the user is the server's answer for the verified token, not the cookie's
    await vi.waitFor(() => expect(store.getState().auth.user).toEqual(user))
    expect(requested[0]).toBe('/api/session')
    const state = store.getState()
    // 'loading' makes the cart's listeners load it through the BFF
    expect(state.cart).toMatchObject({ id: 'cart-123', status: 'loading' })
    expect(state.channel.checkoutMarket).toBe('se')
    expect(state.lastVisited.productIds).toEqual(['9', '8'])
  })

  it('leaves a page the server rendered for this shopper as it is', () => {
    const store = makeStore(undefined, { devTools: false })
    setCookies(cookies)
    restorePersonalState(store)
    expect(store.getState().cart).toMatchObject({ id: null, status: 'empty' })
    expect(store.getState().auth.user).toBeNull()
    expect(requested).toEqual([])
  })

  it('ignores an oversized cart cookie', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(sharedPageRendered())
    setCookies({ 'lumo-cart': 'x'.repeat(201) })
    restorePersonalState(store)
    expect(store.getState().cart.id).toBeNull()
  })
})
