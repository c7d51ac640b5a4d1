import { describe, expect, it } from 'vitest'
import { REDACTED } from './sanitise'
import { createSnapshot, parseSnapshot, withSnapshot, SNAPSHOT_KIND } from './snapshot'

const state = {
  global: { currentPath: '/p/aurora-mekko', online: true, headerHidden: true },
  auth: { user: { id: 'u-1', email: 'anna@example.com' } },
  cart: { id: 'c-1', data: { id: 'c-1', items: [{ skuId: 11, quantity: 2 }] }, status: 'loaded' },
  checkout: { form: { email: 'anna@example.com', country: 'FI' } },
  snackbar: { queue: [{ id: 1, message: 'x' }], nextId: 2 },
}

describe('QA snapshots', () => {
  const snapshot = createSnapshot(state, { pathname: '/fi/p/aurora-mekko', search: '?size=38' }, new Date(0))

  it('carry the page and the sanitised page-making areas, never the identity or passing states', () => {
    expect(snapshot).toMatchObject({ kind: SNAPSHOT_KIND, version: 1, url: '/fi/p/aurora-mekko?size=38' })
    expect(snapshot.state.cart).toMatchObject({ id: REDACTED, data: { items: [{ skuId: 11, quantity: 2 }] } })
    expect(snapshot.state.checkout).toEqual({ form: { email: REDACTED, country: 'FI' } })
    expect(snapshot.state).not.toHaveProperty('auth')
    expect(snapshot.state).not.toHaveProperty('snackbar')
  })

  it('read back from their file as they were written', () => {
    expect(parseSnapshot(JSON.stringify(snapshot))).toEqual(snapshot)
  })

  it('refuse files that are not snapshots or would navigate off the site', () => {
    expect(parseSnapshot('not json')).toBeNull()
    expect(parseSnapshot(JSON.stringify({ ...snapshot, kind: 'other' }))).toBeNull()
    expect(parseSnapshot(JSON.stringify({ ...snapshot, version: 2 }))).toBeNull()
    expect(parseSnapshot(JSON.stringify({ ...snapshot, url: '//evil.test/' }))).toBeNull()
    expect(parseSnapshot(JSON.stringify({ ...snapshot, url: 'https://evil.test/' }))).toBeNull()
    expect(parseSnapshot(JSON.stringify({ ...snapshot, state: { cart: 'x' } }))).toBeNull()
  })

  it('lay their areas over the importing store, keeping its identity and connectivity', () => {
    const importer = {
      ...state,
      global: { currentPath: '/', online: false, headerHidden: false },
      auth: { user: null },
      cart: { id: null, data: null, status: 'empty', drawerOpen: false },
    }
    const next = withSnapshot(importer, snapshot.state)
    expect(next.auth).toEqual({ user: null })
    expect(next.global).toEqual({ currentPath: '/p/aurora-mekko', online: false, headerHidden: false })
    expect(next.cart).toMatchObject({
      id: null,
      status: 'loaded',
      drawerOpen: false,
      data: { items: [{ skuId: 11, quantity: 2 }] },
    })
  })
})
