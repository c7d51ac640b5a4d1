/**
 * /sitemap.xml and /robots.txt of the production app over a seeded database: every page in every
 * market language with hreflang alternates, no noindex pages, valid XML, cached.
 */
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HREFLANG_TARGETS, pathFor, type UrlSettings } from '../../../src/shared/paths'
import { PRODUCTION_API_KEY, startProductionApp, type ProductionApp } from './production-app'

// jsdom ships no type declarations; only its DOMParser is needed
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } }
}

const PUBLIC_URL = 'https://shop.example'
const XHTML = 'http://www.w3.org/1999/xhtml'
const settings: UrlSettings = { mode: 'path', marketDomains: {} }

interface AlternativeUrl {
  url: string
  language: string
  country: string
}

let shop: ProductionApp
let sitemap: { status: number; headers: Record<string, unknown>; body: string }
/** loc → its alternates (hreflang → href) */
let urls: Map<string, Map<string, string>>

function parseXml(xml: string): Document {
  return new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml')
}

beforeAll(async () => {
  shop = await startProductionApp({ PUBLIC_URL })
  const response = await shop.app.inject({ method: 'GET', url: '/sitemap.xml' })
  sitemap = { status: response.statusCode, headers: response.headers, body: response.body }
  const document = parseXml(response.body)
  urls = new Map(
    [...document.getElementsByTagName('url')].map((url) => [
      url.getElementsByTagName('loc')[0]?.textContent ?? '',
      new Map(
        [...url.getElementsByTagNameNS(XHTML, 'link')].map((link) => [
          link.getAttribute('hreflang') ?? '',
          link.getAttribute('href') ?? '',
        ]),
      ),
    ]),
  )
})
afterAll(async () => {
  await shop?.close()
})

/** A seeded product with its page in every market language, read through the public API. */
async function seededProduct(): Promise<AlternativeUrl[]> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'x-apikey': PRODUCTION_API_KEY },
    payload: { query: '{ products(take: 1) { products { alternativeUrls { url language country } } } }' },
  })
  const body = response.json<{ data: { products: { products: { alternativeUrls: AlternativeUrl[] }[] } } }>()
  const product = body.data.products.products[0]
  if (!product) throw new Error('the seed has no products')
  return product.alternativeUrls
}

describe('/sitemap.xml', () => {
  it('is well-formed XML in the sitemap namespace, cached for an hour', () => {
    expect(sitemap.status).toBe(200)
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(sitemap.headers['cache-control']).toBe('public, max-age=3600')
    const document = parseXml(sitemap.body)
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0)
    expect(document.documentElement.localName).toBe('urlset')
    expect(document.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
  })

  it('lists a seeded product in all five market languages with its alternates and x-default', async () => {
    const alternatives = await seededProduct()
    expect(alternatives).toHaveLength(HREFLANG_TARGETS.length)
    const expected = new Map(
      HREFLANG_TARGETS.map((target) => {
        const alternative = alternatives.find(
          (candidate) => candidate.country === target.market && candidate.language === target.locale,
        )
        if (!alternative) throw new Error(`no ${target.hreflang} URL for the product`)
        const alias = decodeURIComponent(alternative.url.replace(/^\/p\//, ''))
        return [target.hreflang, PUBLIC_URL + pathFor({ ...target, settings }, 'product', { '*': alias })]
      }),
    )
    expected.set('x-default', expected.get('fi-FI') ?? '')
    for (const target of HREFLANG_TARGETS) {
      const loc = expected.get(target.hreflang) ?? ''
      expect(urls.get(loc), loc).toEqual(expected)
    }
  })

  it('lists the home, list, brands index, member, category, brand and information pages', () => {
    const swedish = { market: 'se' as const, locale: 'sv' as const, settings }
    for (const name of ['home', 'new-arrivals', 'bestsellers', 'incoming', 'brands', 'member'] as const) {
      expect(urls.has(PUBLIC_URL + pathFor(swedish, name)), name).toBe(true)
    }
    const locs = [...urls.keys()]
    expect(locs.some((loc) => loc.startsWith(`${PUBLIC_URL}/no/nb/c/`))).toBe(true)
    expect(locs.some((loc) => loc.startsWith(`${PUBLIC_URL}/dk/da/b/`))).toBe(true)
    expect(urls.get(`${PUBLIC_URL}/fi/tietoa-meista`)?.get('da-DK')).toBe(`${PUBLIC_URL}/dk/da/om-os`)
  })

  it('leaves out checkout, account, search and other pages that are not indexed', () => {
    const excluded = HREFLANG_TARGETS.flatMap((target) =>
      (['checkout', 'account-orders', 'account-settings', 'favorites', 'register-return'] as const).map(
        (name) => PUBLIC_URL + pathFor({ ...target, settings }, name),
      ),
    )
    for (const loc of excluded) expect(urls.has(loc), loc).toBe(false)
    for (const loc of urls.keys()) {
      expect(loc).not.toMatch(/\/(s|account|checkout|lumostyle|404)(\/|$)/)
    }
  })

  it('has only absolute URLs under PUBLIC_URL, each page with all of its language versions', () => {
    expect(urls.size).toBeGreaterThan(60 * HREFLANG_TARGETS.length)
    for (const [loc, alternates] of urls) {
      expect(loc.startsWith(`${PUBLIC_URL}/`)).toBe(true)
      expect([...alternates.values()]).toContain(loc)
      expect(alternates.get('x-default')).toBe(alternates.get('fi-FI'))
    }
  })

  it('lists pages that answer 200: a sample of every kind in every market language', async () => {
    const locs = [...urls.keys()]
    const sample = ['/p/', '/c/', '/b/', '/om-os', '/nyheter'].flatMap((part) =>
      locs.filter((loc) => loc.includes(part)).slice(0, 6),
    )
    expect(sample.length).toBeGreaterThan(15)
    for (const loc of sample) {
      const response = await shop.app.inject({ method: 'GET', url: new URL(loc).pathname })
      expect(response.statusCode, loc).toBe(200)
    }
  })

  it('answers the same document again from its cache', async () => {
    const again = await shop.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(again.body).toBe(sitemap.body)
  })

  it('has no parts while it fits in one file', async () => {
    expect((await shop.app.inject({ method: 'GET', url: '/sitemap-1.xml' })).statusCode).toBe(404)
  })
})

describe('/robots.txt', () => {
  it('names the sitemap with an absolute URL', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.body.split('\n')).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
  })
})
