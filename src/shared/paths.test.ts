import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { LOCALE_CODES, MARKETS, type LocaleCode, type MarketAlias } from './markets'
import {
  HREFLANG_TARGETS,
  LOCALISED_PATHS,
  LOCALISED_ROUTE_NAMES,
  ROUTES,
  ROUTE_NAMES,
  aliasFromParams,
  alternates,
  basenameFor,
  canonicalUrl,
  marketForHost,
  matchRoute,
  pathFor,
  paymentProviderFromFailure,
  resolveUrl,
  routeByName,
  switchPath,
  type RouteName,
  type RouteParams,
  type UrlSettings,
} from './paths'

const PATH_MODE: UrlSettings = { mode: 'path', marketDomains: {} }
const DOMAIN_MODE: UrlSettings = {
  mode: 'domain',
  marketDomains: { fi: 'lumo.fi', se: 'lumo.se', no: 'lumo.no', dk: 'lumo.dk' },
}

const MARKET_LOCALES: { market: MarketAlias; locale: LocaleCode }[] = Object.values(MARKETS).flatMap(
  (market) => market.allowedLocales.map((locale) => ({ market: market.alias, locale })),
)

function resolve(
  href: string,
  cookies: { selectedMarket?: string; locale?: string } = {},
  settings = PATH_MODE,
) {
  return resolveUrl(new URL(href, 'http://localhost:3000'), { settings, cookies })
}

describe('route table', () => {
  it('has every route name exactly once', () => {
    expect(ROUTES.map((route) => route.name).sort()).toEqual([...ROUTE_NAMES].sort())
  })

  it('never maps one localised slug to two different pages', () => {
    const owner = new Map<string, string>()
    for (const name of LOCALISED_ROUTE_NAMES) {
      for (const path of Object.values(LOCALISED_PATHS[name])) {
        expect(owner.get(path) ?? name).toBe(name)
        owner.set(path, name)
      }
    }
  })

  it('stores the slugs decoded and in NFC, as react-router matches them', () => {
    for (const name of LOCALISED_ROUTE_NAMES) {
      for (const path of Object.values(LOCALISED_PATHS[name])) {
        expect(path).toBe(path.normalize('NFC'))
        expect(path).toMatch(/^\/[^%?#]+$/)
      }
    }
  })

  it.each([
    ['checkout', 'undistracted', ['default']],
    ['checkout-confirm', 'undistracted-special', ['default']],
    ['checkout-fail', 'undistracted-special', ['default']],
    ['account', 'default', ['default']],
    ['account-orders', 'default', ['default', 'login-required']],
    ['account-settings', 'default', ['default', 'login-required']],
    ['account-balance', 'default', ['default', 'login-required']],
    ['account-membership', 'default', ['default', 'login-required']],
    ['account-invoices', 'default', ['default', 'login-required']],
    ['reset-password', 'default', ['default']],
    ['style-gallery', 'default', ['default', 'check-is-member']],
    ['category', 'default', ['default', 'list-page-routing']],
    ['brand', 'default', ['default', 'list-page-routing']],
    ['discount-campaign', 'default', ['default', 'list-page-routing']],
    ['search', 'default', ['default', 'list-page-routing']],
    ['list', 'default', ['default', 'list-page-routing']],
    ['product', 'default', ['default']],
    ['home', 'default', ['default']],
  ] as const)('%s has layout %s and middlewares %j', (name, layout, middleware) => {
    const route = routeByName(name)
    expect(route.layout).toBe(layout)
    expect(route.middleware).toEqual(middleware)
  })

  it('puts default first on every route', () => {
    for (const route of ROUTES) expect(route.middleware[0]).toBe('default')
  })
})

describe('matchRoute', () => {
  it.each([
    ['/', 'fi', 'home', true],
    ['/404', 'fi', 'not-found', true],
    ['/account', 'fi', 'account', true],
    ['/account/reset-password', 'fi', 'reset-password', true],
    ['/lumo-member', 'sv', 'member', true],
    ['/lumostyle', 'da', 'style-gallery', true],
    ['/checkout/confirm', 'fi', 'checkout-confirm', true],
    ['/checkout/card-fail', 'fi', 'checkout-fail', true],
    ['/checkout/paypal-express-fail', 'fi', 'checkout-fail', true],
    ['/checkout/whatever', 'fi', 'checkout-fail', false],
    ['/checkout/-fail', 'fi', 'checkout-fail', false],
    ['/preview-widgets', 'fi', 'preview-widgets', true],
    ['/p/red-dress', 'fi', 'product', true],
    ['/p/dresses/red-dress', 'fi', 'product', true],
    ['/p/women/dresses/red-dress', 'fi', 'product', true],
    ['/p/a/b/c/d', 'fi', 'product', false],
    ['/p', 'fi', 'product', false],
    ['/product/red-dress', 'fi', 'product', true],
    ['/product', 'fi', 'product', true],
    ['/c/dresses', 'fi', 'category', true],
    ['/c/women/dresses', 'fi', 'category', true],
    ['/c/a/b/c', 'fi', 'category', false],
    ['/list/dresses', 'fi', 'category', true],
    ['/list', 'fi', 'category', true],
    ['/b/acme', 'fi', 'brand', true],
    ['/b/acme/shoes/winter', 'fi', 'brand', true],
    ['/dc/black-friday', 'fi', 'discount-campaign', true],
    ['/s/red%20dress', 'fi', 'search', true],
    ['/l/summer', 'fi', 'list', true],
    ['/content', 'fi', 'content', true],
    ['/content/terms', 'fi', 'content', true],
    ['/inspiration/summer-looks', 'fi', 'inspiration', true],
    ['/about-us', 'fi', 'content-page', true],
    ['/a/b/c', 'fi', 'no-match', false],
    ['/kassa', 'fi', 'checkout', true],
    ['/kassa', 'sv', 'content-page', true],
    ['/tilini/j%C3%A4senyys', 'fi', 'account-membership', true],
    ['/tilini/jäsenyys', 'fi', 'account-membership', true],
    ['/mina-sidor/inst%C3%A4llningar', 'sv', 'account-settings', true],
  ] as const)('%s in %s is %s (valid %s)', (path, locale, name, valid) => {
    const match = matchRoute(path, locale)
    expect(match?.route.name).toBe(name)
    expect(match?.valid).toBe(valid)
  })

  it('reads the alias of product and list pages', () => {
    expect(aliasFromParams(matchRoute('/p/women/dresses/red-dress', 'fi')?.params ?? {})).toBe('red-dress')
    expect(aliasFromParams(matchRoute('/product/red-dress', 'fi')?.params ?? {})).toBe('red-dress')
    expect(aliasFromParams(matchRoute('/product', 'fi')?.params ?? {})).toBeUndefined()
  })

  it('reads the payment provider of a failure page', () => {
    expect(paymentProviderFromFailure('card-fail')).toBe('card')
    expect(paymentProviderFromFailure('pay-later-fail')).toBe('pay-later')
    expect(paymentProviderFromFailure('confirm')).toBeUndefined()
    expect(paymentProviderFromFailure(undefined)).toBeUndefined()
  })
})

describe('resolveUrl, market in path', () => {
  it.each([
    // canonical pages
    ['/fi/', {}, { market: 'fi', locale: 'fi', basename: '/fi' }],
    ['/fi/kassa', {}, { market: 'fi', locale: 'fi', basename: '/fi' }],
    ['/fi/sv/kassan', {}, { market: 'fi', locale: 'sv', basename: '/fi/sv' }],
    ['/se/sv/kassan', {}, { market: 'se', locale: 'sv', basename: '/se/sv' }],
    ['/no/nb/kassen', {}, { market: 'no', locale: 'nb', basename: '/no/nb' }],
    ['/dk/da/kassen', {}, { market: 'dk', locale: 'da', basename: '/dk/da' }],
    ['/fi/p/red-dress', {}, { market: 'fi', locale: 'fi', basename: '/fi' }],
    ['/fi/tilini/j%C3%A4senyys', {}, { market: 'fi', locale: 'fi', basename: '/fi' }],
    ['/se/sv/m%C3%A4rken', {}, { market: 'se', locale: 'sv', basename: '/se/sv' }],
    ['/fi/dc/black-friday', {}, { market: 'fi', locale: 'fi', basename: '/fi' }],
    // a cookie never overrides an explicit market and language
    ['/fi/kassa', { selectedMarket: 'se', locale: 'sv' }, { market: 'fi', locale: 'fi', basename: '/fi' }],
  ] as const)('%s with cookies %j is a page %j', (href, cookies, page) => {
    expect(resolve(href, cookies)).toEqual({ kind: 'page', ...page })
  })

  it.each([
    // missing market: prepended from the cookie or the fallback market, 302
    ['/', {}, 302, '/fi/'],
    ['/', { selectedMarket: 'se' }, 302, '/se/sv/'],
    ['/', { selectedMarket: 'nowhere' }, 302, '/fi/'],
    ['/', { locale: 'sv' }, 302, '/fi/sv/'],
    ['/', { selectedMarket: 'dk', locale: 'sv' }, 302, '/dk/da/'],
    ['/kassa', {}, 302, '/fi/kassa'],
    ['/kassa', { selectedMarket: 'no' }, 302, '/no/nb/kassen'],
    ['/p/red-dress?size=38#reviews', {}, 302, '/fi/p/red-dress?size=38#reviews'],
    ['/dc/black-friday', {}, 302, '/fi/dc/black-friday'],
    ['/sv/kassan', {}, 302, '/fi/sv/kassan'],
    ['/sv/kassan', { selectedMarket: 'se' }, 302, '/se/sv/kassan'],
    ['/da/kassen', {}, 302, '/fi/kassa'],
    // unknown market code: replaced by the fallback market, 301
    ['/xx/kassa', {}, 301, '/fi/kassa'],
    ['/xx/kassa', { selectedMarket: 'se' }, 301, '/fi/kassa'],
    ['/en/sv/kassan', {}, 301, '/fi/sv/kassan'],
    ['/xx/nb/kassen', {}, 301, '/fi/kassa'],
    ['/xx', {}, 301, '/fi/'],
    // a language the market does not allow: the market's default, the slug translated
    ['/se/kassa', {}, 301, '/se/sv/kassan'],
    ['/no/sv/kassan', {}, 301, '/no/nb/kassen'],
    ['/dk/fi/tilini/tilaukset', {}, 301, '/dk/da/min-konto/bestillinger'],
    ['/fi/da/mine-fakturaer', {}, 301, '/fi/omat-laskut'],
    ['/se/p/red-dress', {}, 301, '/se/sv/p/red-dress'],
    ['/fi/fi/kassa', {}, 301, '/fi/kassa'],
    // /{locale}/{market} is swapped
    ['/sv/se/kassan', {}, 301, '/se/sv/kassan'],
    ['/sv/fi/kassan', {}, 301, '/fi/sv/kassan'],
    ['/nb/no/', {}, 301, '/no/nb/'],
    ['/da/dk/mærker?sort=name', {}, 301, '/dk/da/m%C3%A6rker?sort=name'],
    // a slug in the wrong language is translated
    ['/fi/sv/kassa', {}, 301, '/fi/sv/kassan'],
    ['/fi/tilini/saldo', {}, 'page', ''],
    ['/fi/mina-sidor/saldo', {}, 301, '/fi/tilini/saldo'],
    ['/se/sv/bestselgere-akkurat-n%C3%A5', {}, 301, '/se/sv/b%C3%A4sts%C3%A4ljare-just-nu'],
    // non-ASCII slugs: matched decoded (also NFD and raw), emitted percent-encoded
    ['/fi/rekister%C3%B6i-palautus', {}, 'page', ''],
    ['/fi/rekister%c3%b6i-palautus', {}, 301, '/fi/rekister%C3%B6i-palautus'],
    ['/fi/rekistero\u0308i-palautus', {}, 301, '/fi/rekister%C3%B6i-palautus'],
    ['/fi/sv/mina-sidor/inställningar', {}, 'page', ''],
    // home and trailing slashes, upper case market codes
    ['/fi', {}, 301, '/fi/'],
    ['/fi/sv', {}, 301, '/fi/sv/'],
    ['/fi/kassa/', {}, 301, '/fi/kassa'],
    ['/FI/kassa', {}, 301, '/fi/kassa'],
    // query and hash kept, other paths untouched
    ['/se/kassa?step=2#payment', {}, 301, '/se/sv/kassan?step=2#payment'],
    ['/se/sv/p/a%2Cb', {}, 'page', ''],
  ] as const)('%s with cookies %j → %s %s', (href, cookies, status, location) => {
    const result = resolve(href, cookies)
    if (status === 'page') {
      expect(result.kind).toBe('page')
    } else {
      expect(result).toEqual({ kind: 'redirect', status, location })
      // a canonical location is final: no redirect chains
      expect(resolve(location, cookies).kind).toBe('page')
    }
  })

  it.each([PATH_MODE, DOMAIN_MODE])('never redirects to another host ($mode mode)', (settings) => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example/x',
      '///evil.example',
      '/fi//evil.example',
      '/sv//evil.example',
      '//.x/y/..',
    ]) {
      // the request target appended to the origin, as a server sees it
      const result = resolveUrl(new URL(`http://lumo.fi${path}`), { settings, cookies: {} })
      expect(result.kind).toBe('redirect')
      if (result.kind !== 'redirect') continue
      expect(result.location).toMatch(/^\/(?![/\\])/)
      // no dot segment left for the browser to resolve into another page
      expect(result.location.split('/')).not.toContain('..')
      expect(resolveUrl(new URL(`http://lumo.fi${result.location}`), { settings, cookies: {} }).kind).toBe(
        'page',
      )
    }
  })
})

describe('resolveUrl, domain mode', () => {
  const at = (host: string, path: string, cookies: { locale?: string; selectedMarket?: string } = {}) =>
    resolveUrl(new URL(path, `https://${host}`), { settings: DOMAIN_MODE, cookies })

  it.each([
    ['lumo.fi', '/kassa', {}, { market: 'fi', locale: 'fi', basename: '/' }],
    ['lumo.fi', '/', {}, { market: 'fi', locale: 'fi', basename: '/' }],
    ['lumo.fi', '/sv/kassan', {}, { market: 'fi', locale: 'sv', basename: '/sv' }],
    ['lumo.fi', '/sv/kassan', { locale: 'fi' }, { market: 'fi', locale: 'sv', basename: '/sv' }],
    ['lumo.se', '/kassan', {}, { market: 'se', locale: 'sv', basename: '/' }],
    ['lumo.se', '/kassan', { locale: 'fi' }, { market: 'se', locale: 'sv', basename: '/' }],
    ['lumo.no', '/kassen', { selectedMarket: 'dk' }, { market: 'no', locale: 'nb', basename: '/' }],
    ['lumo.dk', '/m%C3%A6rker', {}, { market: 'dk', locale: 'da', basename: '/' }],
    ['LUMO.DK', '/kassen', {}, { market: 'dk', locale: 'da', basename: '/' }],
    ['shop.example', '/kassa', {}, { market: 'fi', locale: 'fi', basename: '/' }],
  ] as const)('%s%s with cookies %j is a page %j', (host, path, cookies, page) => {
    expect(at(host, path, cookies)).toEqual({ kind: 'page', ...page })
  })

  it.each([
    // the cookie picks another allowed language on an unprefixed URL: 302
    ['lumo.fi', '/kassa', { locale: 'sv' }, 302, '/sv/kassan'],
    ['lumo.fi', '/?q=1', { locale: 'sv' }, 302, '/sv/?q=1'],
    // a prefix the domain does not need or allow: 301
    ['lumo.fi', '/fi/kassa', {}, 301, '/kassa'],
    ['lumo.se', '/sv/kassan', {}, 301, '/kassan'],
    ['lumo.se', '/fi/kassa', {}, 301, '/kassan'],
    ['lumo.no', '/da/kassen', {}, 301, '/kassen'],
    // wrong language slug
    ['lumo.fi', '/kassan', {}, 301, '/kassa'],
    ['lumo.fi', '/sv/kassa', {}, 301, '/sv/kassan'],
    ['lumo.se', '/tilini/j%C3%A4senyys', {}, 301, '/mina-sidor/medlemskap'],
    ['lumo.fi', '/sv', {}, 301, '/sv/'],
  ] as const)('%s%s with cookies %j → %s %s', (host, path, cookies, status, location) => {
    expect(at(host, path, cookies)).toEqual({ kind: 'redirect', status, location })
    expect(at(host, location, cookies).kind).toBe('page')
  })

  it('finds the market by host with or without a port', () => {
    const settings: UrlSettings = {
      mode: 'domain',
      marketDomains: { fi: 'localhost:3001', se: 'se.localhost' },
    }
    expect(marketForHost('localhost:3001', settings)).toBe('fi')
    expect(marketForHost('se.localhost:3002', settings)).toBe('se')
    expect(marketForHost('localhost:3005', settings)).toBeUndefined()
  })
})

/** Params that make a valid href for every route. */
const SAMPLE_PARAMS: Record<RouteName, RouteParams[]> = {
  ...(Object.fromEntries(ROUTE_NAMES.map((name) => [name, [{}]])) as Record<RouteName, RouteParams[]>),
  'checkout-fail': [{ failure: 'card-fail' }],
  product: [{ '*': 'red-dress' }, { '*': 'women/dresses/red-dress' }, { '*': 'sandaali-ä' }],
  category: [{ '*': 'dresses' }, { '*': 'women/dresses' }],
  brand: [{ '*': 'acme' }],
  'discount-campaign': [{ '*': 'black-friday' }],
  search: [{ search: 'red dress' }, { search: 'a/b?c#d' }],
  list: [{ '*': 'summer' }],
  content: [{}, { alias: 'terms' }],
  inspiration: [{ alias: 'summer-looks' }],
  'content-page': [{ alias: 'about-us' }],
}

describe('round trip: pathFor → resolveUrl → the same route', () => {
  const pageRoutes = ROUTE_NAMES.filter((name) => name !== 'no-match')

  for (const settings of [PATH_MODE, DOMAIN_MODE]) {
    for (const { market, locale } of MARKET_LOCALES) {
      it(`${settings.mode} mode, ${market}/${locale}: every page`, () => {
        const origin =
          settings.mode === 'domain' ? `https://${settings.marketDomains[market]}` : 'http://localhost:3000'
        for (const name of pageRoutes) {
          for (const params of SAMPLE_PARAMS[name]) {
            const href = pathFor({ market, locale, settings }, name, params)
            const resolved = resolveUrl(new URL(href, origin), { settings, cookies: {} })
            expect(resolved, `${name} ${href}`).toEqual({
              kind: 'page',
              market,
              locale,
              basename: basenameFor(market, locale, settings),
            })
            const relative =
              settings.mode === 'domain' && resolved.kind === 'page' && resolved.basename === '/'
                ? href
                : href.slice(basenameFor(market, locale, settings).length) || '/'
            const match = matchRoute(relative, locale)
            expect(match?.route.name, href).toBe(name)
            expect(match?.valid, href).toBe(true)
            for (const [key, value] of Object.entries(params)) expect(match?.params[key], href).toBe(value)
          }
        }
      })
    }
  }

  it('emits localised slugs percent-encoded, in every market language', () => {
    for (const { market, locale } of MARKET_LOCALES) {
      for (const name of LOCALISED_ROUTE_NAMES) {
        const href = pathFor({ market, locale, settings: PATH_MODE }, name)
        expect(href).toBe(
          `${basenameFor(market, locale, PATH_MODE)}${encodeURI(LOCALISED_PATHS[name][locale])}`,
        )
        expect(href).toMatch(/^[\x21-\x7e]+$/)
      }
    }
  })

  it.each([
    ['fi', 'fi', 'account-membership', '/fi/tilini/j%C3%A4senyys'],
    ['fi', 'sv', 'account-settings', '/fi/sv/mina-sidor/inst%C3%A4llningar'],
    ['se', 'sv', 'brands', '/se/sv/m%C3%A4rken'],
    ['se', 'sv', 'bestsellers', '/se/sv/b%C3%A4sts%C3%A4ljare-just-nu'],
    ['fi', 'fi', 'register-return', '/fi/rekister%C3%B6i-palautus'],
    ['fi', 'fi', 'home', '/fi/'],
    ['dk', 'da', 'home', '/dk/da/'],
    ['fi', 'fi', 'account-invoices', '/fi/omat-laskut'],
    ['se', 'sv', 'account-invoices', '/se/sv/mina-fakturor'],
    ['no', 'nb', 'account-invoices', '/no/nb/mine-fakturaer'],
    ['dk', 'da', 'account-invoices', '/dk/da/mine-fakturaer'],
    ['fi', 'fi', 'member', '/fi/lumo-member'],
    ['fi', 'fi', 'style-gallery', '/fi/lumostyle'],
    ['se', 'fi', 'checkout', '/se/sv/kassan'],
  ] as const)('pathFor %s/%s %s is %s', (market, locale, name, href) => {
    expect(pathFor({ market, locale, settings: PATH_MODE }, name)).toBe(href)
  })

  it('builds params, encoded, and refuses a missing required one', () => {
    const scope = { market: 'fi', locale: 'fi', settings: PATH_MODE } as const
    expect(pathFor(scope, 'product', { '*': 'women/dresses/red dress' })).toBe(
      '/fi/p/women/dresses/red%20dress',
    )
    expect(pathFor(scope, 'search', { search: 'a/b?c' })).toBe('/fi/s/a%2Fb%3Fc')
    expect(pathFor(scope, 'content')).toBe('/fi/content')
    expect(() => pathFor(scope, 'inspiration')).toThrow('missing param alias')
    expect(pathFor({ ...scope, settings: DOMAIN_MODE }, 'checkout')).toBe('/kassa')
    expect(pathFor({ market: 'fi', locale: 'sv', settings: DOMAIN_MODE }, 'checkout')).toBe('/sv/kassan')
  })
})

describe('switchPath', () => {
  it.each([
    ['/fi/kassa', 'fi/fi', 'fi/sv', '/fi/sv/kassan'],
    ['/fi/sv/kassan', 'fi/sv', 'fi/fi', '/fi/kassa'],
    ['/fi/kassa', 'fi/fi', 'se/sv', '/se/sv/kassan'],
    ['/fi/kassa', 'fi/fi', 'no/sv', '/no/nb/kassen'],
    ['/se/sv/mina-sidor/inst%C3%A4llningar', 'se/sv', 'dk/da', '/dk/da/min-konto/indstillinger'],
    ['/fi/p/red-dress?size=38#reviews', 'fi/fi', 'dk/da', '/dk/da/p/red-dress?size=38#reviews'],
    ['/fi/', 'fi/fi', 'se/sv', '/se/sv/'],
    ['/fi', 'fi/fi', 'fi/sv', '/fi/sv/'],
    ['/fi/about-us', 'fi/fi', 'fi/sv', '/fi/sv/about-us'],
  ])('%s from %s to %s is %s', (pathname, from, to, expected) => {
    const scope = (value: string) => {
      const [market, locale] = value.split('/') as [MarketAlias, LocaleCode]
      return { market, locale }
    }
    expect(switchPath({ pathname, from: scope(from), to: scope(to), settings: PATH_MODE })).toBe(expected)
  })

  it('goes to the other market’s domain in domain mode', () => {
    const settings = DOMAIN_MODE
    expect(
      switchPath({
        pathname: '/kassa',
        from: { market: 'fi', locale: 'fi' },
        to: { market: 'fi', locale: 'sv' },
        settings,
      }),
    ).toBe('/sv/kassan')
    expect(
      switchPath({
        pathname: '/sv/kassan?x=1',
        from: { market: 'fi', locale: 'sv' },
        to: { market: 'no', locale: 'nb' },
        settings,
      }),
    ).toBe('//lumo.no/kassen?x=1')
  })
})

describe('alternates and canonical', () => {
  it('lists fi-FI, sv-FI, sv-SE, nb-NO, da-DK and x-default in path mode', () => {
    expect(
      alternates({
        market: 'se',
        locale: 'sv',
        pathname: '/se/sv/kassan?step=2',
        settings: PATH_MODE,
        publicUrl: 'https://lumo.example',
      }),
    ).toEqual([
      { hreflang: 'fi-FI', href: 'https://lumo.example/fi/kassa' },
      { hreflang: 'sv-FI', href: 'https://lumo.example/fi/sv/kassan' },
      { hreflang: 'sv-SE', href: 'https://lumo.example/se/sv/kassan' },
      { hreflang: 'nb-NO', href: 'https://lumo.example/no/nb/kassen' },
      { hreflang: 'da-DK', href: 'https://lumo.example/dk/da/kassen' },
      { hreflang: 'x-default', href: 'https://lumo.example/fi/kassa' },
    ])
  })

  it('uses each market’s domain in domain mode', () => {
    expect(
      alternates({
        market: 'fi',
        locale: 'fi',
        pathname: '/p/red-dress',
        settings: DOMAIN_MODE,
        publicUrl: 'https://lumo.fi',
      }),
    ).toEqual([
      { hreflang: 'fi-FI', href: 'https://lumo.fi/p/red-dress' },
      { hreflang: 'sv-FI', href: 'https://lumo.fi/sv/p/red-dress' },
      { hreflang: 'sv-SE', href: 'https://lumo.se/p/red-dress' },
      { hreflang: 'nb-NO', href: 'https://lumo.no/p/red-dress' },
      { hreflang: 'da-DK', href: 'https://lumo.dk/p/red-dress' },
      { hreflang: 'x-default', href: 'https://lumo.fi/p/red-dress' },
    ])
  })

  it('leaves out a market without a domain in domain mode', () => {
    const settings: UrlSettings = { mode: 'domain', marketDomains: { fi: 'lumo.fi', se: 'lumo.se' } }
    const hreflangs = alternates({
      market: 'fi',
      locale: 'fi',
      pathname: '/',
      settings,
      publicUrl: 'https://lumo.fi',
    }).map((alternate) => alternate.hreflang)
    expect(hreflangs).toEqual(['fi-FI', 'sv-FI', 'sv-SE', 'x-default'])
  })

  it('has one hreflang target per market language', () => {
    expect(HREFLANG_TARGETS.map((target) => target.hreflang)).toEqual([
      'fi-FI',
      'sv-FI',
      'sv-SE',
      'nb-NO',
      'da-DK',
    ])
    expect(new Set(HREFLANG_TARGETS.map((target) => target.locale))).toEqual(new Set(LOCALE_CODES))
  })

  it('gives the absolute canonical URL without query or hash', () => {
    expect(
      canonicalUrl({
        market: 'fi',
        locale: 'sv',
        pathname: '/fi/sv/kassan?x=1#y',
        settings: PATH_MODE,
        publicUrl: 'https://lumo.example/',
      }),
    ).toBe('https://lumo.example/fi/sv/kassan')
    expect(
      canonicalUrl({
        market: 'se',
        locale: 'sv',
        pathname: '/kassan',
        settings: DOMAIN_MODE,
        publicUrl: 'https://lumo.fi',
      }),
    ).toBe('https://lumo.se/kassan')
  })
})

describe('resolveUrl properties', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      'fi',
      'se',
      'no',
      'dk',
      'sv',
      'nb',
      'da',
      'xx',
      'FI',
      'p',
      'c',
      'dc',
      'kassa',
      'kassan',
      'kassen',
      '',
    ),
    fc.constantFrom('tilini', 'j%C3%A4senyys', 'mina-sidor', 'inställningar', '%2F', '\\', '..', '%', 'a b'),
    fc.string({ maxLength: 6 }),
  )
  const path = fc.array(segment, { maxLength: 5 }).map((segments) => '/' + segments.join('/'))
  const cookies = fc.record(
    {
      selectedMarket: fc.constantFrom('fi', 'se', 'no', 'dk', 'xx'),
      locale: fc.constantFrom('fi', 'sv', 'nb', 'da', 'en'),
    },
    { requiredKeys: [] },
  )
  const host = fc.constantFrom('lumo.fi', 'lumo.se', 'lumo.no', 'lumo.dk', 'elsewhere.example')

  it.each([PATH_MODE, DOMAIN_MODE])(
    'redirects once, to a local path that is a page ($mode mode)',
    (settings) => {
      fc.assert(
        fc.property(
          path,
          fc.constantFrom('', '?q=1'),
          cookies,
          host,
          (pathname, search, cookieValues, hostname) => {
            let url: URL
            try {
              url = new URL(`http://${hostname}${pathname}${search}`)
            } catch {
              return
            }
            const result = resolveUrl(url, { settings, cookies: cookieValues })
            if (result.kind === 'page') {
              expect(url.pathname === result.basename || url.pathname.startsWith(result.basename)).toBe(true)
              return
            }
            expect(result.location).toMatch(/^\/(?![/\\])/)
            expect(result.location.endsWith(search)).toBe(true)
            const again = resolveUrl(new URL(`http://${hostname}${result.location}`), {
              settings,
              cookies: cookieValues,
            })
            expect(again.kind).toBe('page')
          },
        ),
        { numRuns: 500 },
      )
    },
  )
})

describe('pathFor properties', () => {
  // not '.' or '..' (dot segments) nor line terminators, which react-router's splat (.*) never matches
  const alias = fc
    .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
    .filter((value) => !/^\.{1,2}$/.test(value) && !/[/\n\r\u2028\u2029]/.test(value))

  it('any product alias path round-trips through resolveUrl and the router', () => {
    fc.assert(
      fc.property(
        fc.array(alias, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...MARKET_LOCALES),
        (parts, scope) => {
          const splat = parts.map((part) => part.normalize('NFC')).join('/')
          const href = pathFor({ ...scope, settings: PATH_MODE }, 'product', { '*': splat })
          const resolved = resolveUrl(new URL(`http://localhost:3000${href}`), { settings: PATH_MODE })
          expect(resolved).toEqual({
            kind: 'page',
            ...scope,
            basename: basenameFor(scope.market, scope.locale, PATH_MODE),
          })
          const match = matchRoute(
            href.slice(basenameFor(scope.market, scope.locale, PATH_MODE).length),
            scope.locale,
          )
          expect(match?.route.name).toBe('product')
          expect(match?.params['*']).toBe(splat)
        },
      ),
      { numRuns: 1000 },
    )
  })
})
