import { describe, expect, it } from 'vitest'
import { makeStore } from './store'
import { runMiddlewares, UnknownMiddlewareError, type MiddlewareContext } from './middlewares'
import { userRestored } from '../features/auth/slice'
import { membershipJoined } from '../features/loyalty/slice'
import { emptySelection } from '../features/list/slice'

function context(url: string, overrides: Partial<MiddlewareContext> = {}): MiddlewareContext {
  return {
    request: new Request(url),
    params: {},
    routeName: 'home',
    store: makeStore(undefined, { devTools: false }),
    homePath: '/fi/',
    isServer: true,
    ...overrides,
  }
}

async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

const user = { id: '1', email: 'a@b.fi', customerType: 'PERSON' as const, memberType: null, isMember: false }

describe('check-is-member', () => {
  it('answers 404 for a visitor who is not a member', async () => {
    const error = await thrownBy(
      runMiddlewares(['check-is-member'], context('http://shop.test/fi/lumo-member')),
    )
    expect(error).toBeInstanceOf(Response)
    expect((error as Response).status).toBe(404)
    // the error page tells a members-only page from an unknown address by this body
    expect(await (error as Response).text()).toBe('members-only')
  })

  it('answers 404 for a logged-in customer who has not joined', async () => {
    const ctx = context('http://shop.test/fi/lumo-member')
    ctx.store.dispatch(userRestored(user))
    expect(((await thrownBy(runMiddlewares(['check-is-member'], ctx))) as Response).status).toBe(404)
  })

  it('answers 404 for a customer whose loyalty state (a cookie the browser writes) says member', async () => {
    const ctx = context('http://shop.test/fi/lumo-member')
    ctx.store.dispatch(userRestored(user))
    ctx.store.dispatch(membershipJoined())
    expect(((await thrownBy(runMiddlewares(['check-is-member'], ctx))) as Response).status).toBe(404)
  })

  it('lets a member through: the verified user is a member', async () => {
    const ctx = context('http://shop.test/fi/lumo-member')
    ctx.store.dispatch(userRestored({ ...user, isMember: true }))
    await expect(runMiddlewares(['check-is-member'], ctx)).resolves.toBeUndefined()
  })
})

describe('login-required', () => {
  it('redirects a visitor home with action=login and the encoded original path and query', async () => {
    const error = await thrownBy(
      runMiddlewares(['login-required'], context('http://shop.test/fi/tilini/tilaukset?page=2&x=ä')),
    )
    expect(error).toBeInstanceOf(Response)
    const response = error as Response
    expect(response.status).toBe(302)
    const location = response.headers.get('location') ?? ''
    expect(location).toBe(
      '/fi/?action=login&returnTo=' + encodeURIComponent('/fi/tilini/tilaukset?page=2&x=%C3%A4'),
    )
    expect(new URL(location, 'http://shop.test').searchParams.get('returnTo')).toBe(
      '/fi/tilini/tilaukset?page=2&x=%C3%A4',
    )
  })

  it('lets a logged-in customer through', async () => {
    const ctx = context('http://shop.test/fi/tilini/tilaukset')
    ctx.store.dispatch(userRestored(user))
    await expect(runMiddlewares(['login-required'], ctx)).resolves.toBeUndefined()
  })

  it('lets a visitor with a login token in the query through', async () => {
    await expect(
      runMiddlewares(['login-required'], context('http://shop.test/fi/tilini/tilaukset?loginToken=abc')),
    ).resolves.toBeUndefined()
  })
})

describe('default', () => {
  it('records the page impression and the route, without the loading bar on the server', async () => {
    const ctx = context('http://shop.test/fi/p/red-dress?color=red&size=S&size=M#reviews', {
      routeName: 'product',
      params: { alias: 'red-dress' },
      meta: { layout: 'default' },
    })
    await runMiddlewares(['default'], ctx)
    const state = ctx.store.getState()
    expect(state.global).toMatchObject({ currentRouteName: 'product', currentPath: '/fi/p/red-dress' })
    expect(state.events.queue).toEqual([
      {
        id: 1,
        type: 'page:impression',
        payload: {
          routeName: 'product',
          meta: { layout: 'default' },
          path: '/fi/p/red-dress',
          hash: '#reviews',
          query: { color: 'red', size: ['S', 'M'] },
          params: { alias: 'red-dress' },
          fullPath: '/fi/p/red-dress?color=red&size=S&size=M#reviews',
        },
      },
    ])
    expect(state.loading.status).toBe('idle')
  })

  it('starts the loading indicator on the client', async () => {
    const ctx = context('http://shop.test/fi/', { isServer: false })
    await runMiddlewares(['default'], ctx)
    expect(ctx.store.getState().loading).toMatchObject({ status: 'loading', run: 1 })
  })
})

describe('list-page-routing', () => {
  it('saves the list query selection from the URL, and leaving a list saves it per path', async () => {
    const store = makeStore(undefined, { devTools: false })
    await runMiddlewares(
      ['default', 'list-page-routing'],
      context('http://shop.test/fi/c/mekot?brands=Nova~3&sort=PRICE', { store, routeName: 'category' }),
    )
    const expected = { ...emptySelection(), brands: [{ id: '3', label: 'Nova' }], sort: 'PRICE' as const }
    expect(store.getState().list).toMatchObject({ activePath: '/fi/c/mekot', selection: expected })
    await runMiddlewares(
      ['default'],
      context('http://shop.test/fi/p/red-dress', { store, routeName: 'product' }),
    )
    expect(store.getState().list.activePath).toBeNull()
    expect(store.getState().list.savedSelections['/fi/c/mekot']).toEqual(expected)
  })
})

describe('runMiddlewares', () => {
  it('runs in order and stops at the first that throws', async () => {
    const ctx = context('http://shop.test/fi/tilini/tilaukset')
    await thrownBy(runMiddlewares(['login-required', 'default'], ctx))
    expect(ctx.store.getState().events.queue).toEqual([])
  })

  it('answers an unknown middleware with a 500 error naming it', async () => {
    const error = await thrownBy(runMiddlewares(['default', 'nope'], context('http://shop.test/fi/')))
    expect(error).toBeInstanceOf(UnknownMiddlewareError)
    expect(error).toMatchObject({ status: 500, message: 'Unknown middleware nope' })
  })

  it('does not treat object prototype names as middlewares', async () => {
    const error = await thrownBy(runMiddlewares(['toString'], context('http://shop.test/fi/')))
    expect(error).toMatchObject({ status: 500, message: 'Unknown middleware toString' })
  })
})
