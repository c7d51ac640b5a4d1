import { describe, expect, it } from 'vitest'
import type { StaticHandlerContext } from 'react-router'
import { makeStore, type AppStore } from './store'
import { routeContext, type RouteDeps } from './router'
import { loadAfter, staticHandlerFor } from './server-router'
import type { Site } from './site'

const site: Site = {
  market: 'fi',
  locale: 'fi',
  basename: '/fi',
  urlSettings: { mode: 'path', marketDomains: {} },
  publicUrl: 'http://shop.test',
}

function depsWith(store: AppStore): RouteDeps {
  return {
    store,
    site,
    isServer: true,
    getApollo: () => Promise.reject(new Error('these pages load nothing through Apollo')),
  }
}

function contextOf(result: StaticHandlerContext | Response): StaticHandlerContext {
  if (result instanceof Response) throw new Error(`expected a page, got a ${result.status} response`)
  return result
}

describe('the server route table', () => {
  it('is built once per language and basename', () => {
    expect(staticHandlerFor('fi', '/fi')).toBe(staticHandlerFor('fi', '/fi'))
    expect(staticHandlerFor('sv', '/fi/sv')).not.toBe(staticHandlerFor('fi', '/fi'))
  })

  it('runs each request’s loaders with that request’s own store, also when requests overlap', async () => {
    const handler = staticHandlerFor('fi', '/fi')
    const privacyStore = makeStore(undefined, { devTools: false })
    const favouritesStore = makeStore(undefined, { devTools: false })
    const [privacy, favourites] = await Promise.all([
      handler.query(new Request('http://shop.test/fi/tietosuoja'), {
        requestContext: routeContext(depsWith(privacyStore)),
      }),
      handler.query(new Request('http://shop.test/fi/suosikkeja'), {
        requestContext: routeContext(depsWith(favouritesStore)),
      }),
    ])
    expect(contextOf(privacy).errors).toBeNull()
    expect(contextOf(favourites).errors).toBeNull()
    // the route middleware records the page in the store it was given
    expect(privacyStore.getState().global.currentRouteName).toBe('privacy')
    expect(favouritesStore.getState().global.currentRouteName).toBe('favorites')
  })

  it('fails a page whose request brought no dependencies instead of borrowing another’s', async () => {
    const result = contextOf(
      await staticHandlerFor('fi', '/fi').query(new Request('http://shop.test/fi/tietosuoja')),
    )
    expect(Object.values(result.errors ?? {}).map(String)).toEqual([
      expect.stringContaining('without the request context'),
    ])
  })
})

describe('loadAfter', () => {
  it('hands over the matched routes before any loader runs, then loads the page', async () => {
    const store = makeStore(undefined, { devTools: false })
    const seen: { routeIds: string[]; routeBefore: string }[] = []
    const result = await staticHandlerFor('fi', '/fi').query(new Request('http://shop.test/fi/tietosuoja'), {
      requestContext: routeContext(depsWith(store)),
      dataStrategy: loadAfter(async (matches) => {
        seen.push({
          routeIds: matches.map((match) => match.route.id),
          routeBefore: store.getState().global.currentRouteName,
        })
      }),
    })
    expect(seen).toEqual([{ routeIds: ['root', 'layout:default', 'privacy'], routeBefore: '' }])
    expect(contextOf(result).loaderData).toEqual({ privacy: null })
    expect(store.getState().global.currentRouteName).toBe('privacy')
  })

  it('leaves a loader’s redirect a redirect', async () => {
    const store = makeStore(undefined, { devTools: false })
    // a guest on an account page: the login-required middleware sends them home to log in
    const result = await staticHandlerFor('fi', '/fi').query(
      new Request('http://shop.test/fi/tilini/tilaukset'),
      {
        requestContext: routeContext(depsWith(store)),
        dataStrategy: loadAfter(() => Promise.resolve()),
      },
    )
    expect(result).toBeInstanceOf(Response)
    expect((result as Response).status).toBe(302)
  })
})
