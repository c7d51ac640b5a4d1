import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cacheDecision, createCacheDecider, isTrackingParam, normaliseQuery, pageCacheKey } from './key'
import { ROUTES, type UrlSettings } from '../../../src/shared/paths'

const settings: UrlSettings = { mode: 'path', marketDomains: {} }
const scope = { market: 'fi', locale: 'fi', customerType: 'PERSON' } as const

describe('normaliseQuery', () => {
  it('drops tracking parameters and sorts the rest', () => {
    expect(
      normaliseQuery(
        '?utm_source=news&sort=PRICE&gclid=x&fbclid=y&msclkid=z&dclid=1&gbraid=2&wbraid=3&_ga=4&mc_cid=5&mc_eid=6&yclid=7&page=2',
      ),
    ).toBe('?page=2&sort=PRICE')
    expect(normaliseQuery('?UTM_Campaign=x')).toBe('')
    expect(normaliseQuery('')).toBe('')
  })

  it('keeps the order of a repeated parameter and encodes one canonical way', () => {
    expect(normaliseQuery('?size=m&color=red&size=s')).toBe('?color=red&size=m&size=s')
    expect(normaliseQuery('?q=a%20b')).toBe(normaliseQuery('?q=a+b'))
  })

  const param = fc.tuple(
    fc.oneof(fc.constantFrom('sort', 'page', 'size', 'utm_source', 'gclid', 'fbclid', '_ga'), fc.string()),
    fc.string(),
  )

  it('gives one key for any order and any tracking parameters (property)', () => {
    fc.assert(
      fc.property(
        fc.array(param, { maxLength: 8 }),
        fc.array(param, { maxLength: 4 }),
        (params, tracking) => {
          const meaningful = params.filter(([name]) => !isTrackingParam(name))
          const distinctNames = new Map(meaningful.map(([name, value]) => [name, value]))
          const once = [...distinctNames]
          const shuffled = [...once].reverse()
          const noise = tracking.map(([name, value]): [string, string] => [`utm_${name}`, value])
          const a = normaliseQuery(new URLSearchParams(once).toString())
          const b = normaliseQuery(new URLSearchParams([...noise, ...shuffled]).toString())
          expect(a).toBe(b)
          // normalising is idempotent
          expect(normaliseQuery(a)).toBe(a)
        },
      ),
    )
  })

  it('keeps every meaningful parameter (property)', () => {
    fc.assert(
      fc.property(fc.array(param, { maxLength: 8 }), (params) => {
        const normalised = new URLSearchParams(normaliseQuery(new URLSearchParams(params).toString()))
        const expected = params.filter(([name]) => !isTrackingParam(name))
        expect([...normalised].length).toBe(expected.length)
        for (const [name, value] of expected) expect(normalised.getAll(name)).toContain(value)
      }),
    )
  })
})

describe('pageCacheKey', () => {
  it('separates hosts, paths, markets, languages and customer types', () => {
    const base = pageCacheKey('shop.example', '/fi/p/mekko', '', scope)
    expect(pageCacheKey('SHOP.example', '/fi/p/mekko', '?utm_source=x', scope)).toBe(base)
    expect(pageCacheKey('other.example', '/fi/p/mekko', '', scope)).not.toBe(base)
    expect(pageCacheKey('shop.example', '/fi/p/takki', '', scope)).not.toBe(base)
    expect(pageCacheKey('shop.example', '/fi/p/mekko', '', { ...scope, locale: 'sv' })).not.toBe(base)
    expect(
      pageCacheKey('shop.example', '/fi/p/mekko', '', { ...scope, customerType: 'ORGANIZATION' }),
    ).not.toBe(base)
  })
})

describe('cacheDecision', () => {
  const decide = (url: string, cookies: Record<string, string> = {}, method = 'GET') =>
    cacheDecision({ method, host: 'localhost:3000', url, cookies }, settings)

  it('caches shared pages under the market, language and customer type', () => {
    const home = decide('/fi/')
    expect(home).toMatchObject({
      cacheable: true,
      scope: { market: 'fi', locale: 'fi', customerType: 'PERSON' },
    })
    expect(decide('/se/sv/p/mekko', { 'lumo-user-type': 'ORGANIZATION' })).toMatchObject({
      cacheable: true,
      scope: { market: 'se', locale: 'sv', customerType: 'ORGANIZATION' },
    })
    // the cart and login cookies do not split the cache: the page is the same for everyone
    const withCart = decide('/fi/', { 'lumo-cart': 'abc', 'lumo-user': '{}', 'lumo-auth': 't' })
    expect(withCart.cacheable && withCart.key).toBe(home.cacheable && home.key)
    expect(decide('/fi/', { 'lumo-user-type': 'nonsense' })).toMatchObject({
      scope: { customerType: 'PERSON' },
    })
    expect(decide('/fi/', {}, 'HEAD').cacheable).toBe(true)
  })

  it('never caches checkout, account, payment, favourites or search pages', () => {
    for (const url of [
      '/fi/kassa',
      '/fi/checkout/confirm',
      '/fi/checkout/card-fail',
      '/fi/account',
      '/fi/account/reset-password',
      '/fi/s/mekko',
      '/fi/lumostyle',
      '/fi/preview-widgets',
    ])
      expect(decide(url), url).toMatchObject({ cacheable: false, reason: 'route' })
  })

  it('answers redirects, previews, devtools and other methods without the cache', () => {
    expect(decide('/')).toMatchObject({ cacheable: false, reason: 'redirect' })
    expect(decide('/fi/?devtools=1')).toMatchObject({ cacheable: false, reason: 'query' })
    expect(decide('/fi/?qa=key')).toMatchObject({ cacheable: false, reason: 'query' })
    expect(decide('/fi/', { 'lumo-qa': 'x' })).toMatchObject({ cacheable: false, reason: 'qa' })
    expect(decide('/fi/content/x?preview=1')).toMatchObject({ cacheable: false, reason: 'query' })
    expect(decide('/fi/', {}, 'POST')).toMatchObject({ cacheable: false, reason: 'method' })
  })

  it('makes cacheable an explicit choice of every route', () => {
    const cacheable = ROUTES.filter((route) => route.cacheable).map((route) => route.name)
    expect(cacheable.sort()).toEqual(
      [
        'home',
        'brands',
        'bestsellers',
        'incoming',
        'new-arrivals',
        'not-found',
        'product',
        'category',
        'brand',
        'discount-campaign',
        'list',
        'content',
        'inspiration',
        'content-page',
        'no-match',
        // the same text for everyone; the consent choices on it are the browser's
        'privacy',
      ].sort(),
    )
  })
})

describe('createCacheDecider', () => {
  const requests = [
    { url: '/fi/', cookies: {} },
    { url: '/fi/', cookies: { 'lumo-user-type': 'ORGANIZATION' } },
    { url: '/fi/', cookies: { 'lumo-qa': 'x' } },
    { url: '/fi/', cookies: { 'lumo-qa': '' } },
    { url: '/fi/kassa', cookies: {} },
    { url: '/', cookies: {} },
    { url: '/', cookies: { 'lumo-selected-market': 'se' } },
    { url: '/', cookies: { 'lumo-selected-market': '' } },
    { url: '/se/sv/p/mekko?utm_source=x', cookies: {} },
    { url: '/fi/?nocache=1', cookies: {} },
  ]

  it('answers as cacheDecision does, the same request again included, cookie by cookie', () => {
    const decide = createCacheDecider(settings)
    for (let round = 0; round < 2; round++)
      for (const { url, cookies } of requests)
        for (const method of ['GET', 'POST']) {
          const request = { method, host: 'localhost:3000', url, cookies }
          expect(decide(request), `${method} ${url} ${JSON.stringify(cookies)}`).toEqual(
            cacheDecision(request, settings),
          )
        }
  })

  it('keeps answering right once it has forgotten the oldest requests', () => {
    const decide = createCacheDecider(settings, 3)
    for (const { url, cookies } of [...requests, ...requests].reverse()) {
      const request = { method: 'GET', host: 'localhost:3000', url, cookies }
      expect(decide(request)).toEqual(cacheDecision(request, settings))
    }
  })
})
