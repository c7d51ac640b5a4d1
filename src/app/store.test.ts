import { describe, expect, it, vi } from 'vitest'
import { devToolsWanted, DEVTOOLS_FLAG_KEY, makeStore } from './store'
import { customerTypeSet } from './global-slice'

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

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

describe('devToolsWanted', () => {
  it('is always on in development', () => {
    expect(devToolsWanted({ isDev: true })).toBe(true)
  })

  it('is off in production unless ?devtools=1 was seen, and remembers the opt-in', () => {
    const storage = memoryStorage()
    expect(devToolsWanted({ isDev: false, search: '', storage })).toBe(false)
    expect(devToolsWanted({ isDev: false, search: '?devtools=1', storage })).toBe(true)
    expect(storage.getItem(DEVTOOLS_FLAG_KEY)).toBe('1')
    expect(devToolsWanted({ isDev: false, search: '?page=2', storage })).toBe(true)
    expect(devToolsWanted({ isDev: false, search: '?devtools=0', storage })).toBe(false)
  })

  it('stays off without storage (server, privacy mode)', () => {
    expect(devToolsWanted({ isDev: false, search: '?devtools=1' })).toBe(false)
  })

  it('stays off when storage throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => undefined,
    }
    expect(devToolsWanted({ isDev: false, search: '?devtools=1', storage })).toBe(false)
  })
})
