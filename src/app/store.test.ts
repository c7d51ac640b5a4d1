import { describe, expect, it, vi } from 'vitest'
import { makeStore } from './store'
import { qaSnapshotImported } from '../features/qa/snapshot'
import { REDACTED } from '../features/qa/sanitise'
import { customerTypeSet } from './global-slice'

describe('makeStore', () => {
  it('has the global state and one slice per spec state area', () => {
    const state = makeStore(undefined, { devTools: false }).getState()
    expect(Object.keys(state).sort()).toEqual(
      [
        'auth',
        'cart',
        'channel',
        'checkout',
        'consent',
        'contentpanel',
        'events',
        'global',
        'lastVisited',
        'list',
        'loading',
        'loyalty',
        'modal',
        'payment',
        'product',
        'quickshop',
        'snackbar',
      ].sort(),
    )
  })

  it('starts from the spec defaults of the global state', () => {
    const { global } = makeStore(undefined, { devTools: false }).getState()
    expect(global).toMatchObject({
      favorites: [],
      favoritesUserId: null,
      customerType: 'PERSON',
      vatIncluded: true,
      scrollTop: 0,
      viewportWidth: 0,
      hostname: '',
      ancientBrowser: false,
      categoryTree: [],
      headerHidden: false,
      currentRouteName: '',
      currentPath: '',
    })
    expect(global.config.breakpoints).toEqual({ tablet: 768, laptop: 1024, desktop: 1280, desktopBig: 1536 })
    expect(global.config.productListDefaultSort).toBe('LATEST')
    expect(global.config.customerTypes).toEqual([
      { type: 'PERSON', vat: true },
      { type: 'ORGANIZATION', vat: false },
      { type: 'STUDENT', vat: true },
      { type: 'CURVE', vat: true },
    ])
  })

  it('restores a serialised state unchanged (what the server sends is what the client starts from)', () => {
    const server = makeStore(undefined, { devTools: false })
    server.dispatch(customerTypeSet('ORGANIZATION'))
    const serialised = JSON.stringify(server.getState())
    const client = makeStore(JSON.parse(serialised), { devTools: false })
    expect(client.getState()).toEqual(server.getState())
    expect(client.getState().global.vatIncluded).toBe(false)
  })

  it('keeps the state plain serialisable data', () => {
    const state = makeStore(undefined, { devTools: false }).getState()
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  })

  it('runs listeners registered on that store only', () => {
    const first = makeStore(undefined, { devTools: false })
    const second = makeStore(undefined, { devTools: false })
    const effect = vi.fn()
    first.startListening({ actionCreator: customerTypeSet, effect })
    second.dispatch(customerTypeSet('STUDENT'))
    expect(effect).not.toHaveBeenCalled()
    first.dispatch(customerTypeSet('STUDENT'))
    expect(effect).toHaveBeenCalledTimes(1)
  })
})

describe('Redux DevTools and the QA import', () => {
  it('connect only when asked (the QA console in production, always in development)', () => {
    expect(makeStore(undefined, { devTools: false }).devToolsEnabled).toBe(false)
    expect(makeStore(undefined, { devTools: true }).devToolsEnabled).toBe(true)
  })

  it("replace the snapshot's areas and keep the importer's identity", () => {
    const store = makeStore(undefined, { devTools: false })
    const before = store.getState()
    store.dispatch(
      qaSnapshotImported({
        cart: { id: REDACTED, status: 'loaded', data: { items: [] } },
        global: { currentPath: '/p/aurora', online: true },
      }),
    )
    const after = store.getState()
    expect(after.cart).toMatchObject({ id: null, status: 'loaded' })
    expect(after.global.currentPath).toBe('/p/aurora')
    expect(after.global.online).toBe(before.global.online)
    expect(after.auth).toBe(before.auth)
  })
})
