import { afterEach, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { createRequire } from 'node:module'
import { alternates, pathFor, type UrlSettings } from '../../src/shared/paths'
import { createServiceFetch } from '../services/shared/service-fetch'
import sitemap, {
  cachedValue,
  collectSitemapPages,
  escapeXml,
  sitemapEntries,
  sitemapFiles,
  sitemapXml,
  type SitemapPage,
} from './sitemap'

const PUBLIC_URL = 'https://shop.example'
const PATH_MODE = {
  settings: { mode: 'path', marketDomains: {} } satisfies UrlSettings,
  publicUrl: PUBLIC_URL,
}
const DOMAIN_MODE = {
  settings: {
    mode: 'domain',
    marketDomains: { fi: 'lumo.fi', se: 'lumo.se', no: 'lumo.no', dk: 'lumo.dk' },
  } satisfies UrlSettings,
  publicUrl: 'https://lumo.fi',
}

const home: SitemapPage = { route: 'home', paramsFor: () => ({}) }
const checkout: SitemapPage = { route: 'checkout', paramsFor: () => ({}) }

// jsdom ships no type declarations; only its DOMParser is needed
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } }
}

function parseXml(xml: string): Document {
  const document = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml')
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0)
  return document
}

describe('escapeXml', () => {
  it('escapes the five XML special characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })

  it('keeps a value with an ampersand well-formed in the document', () => {
    const xml = sitemapXml([
      { loc: 'https://shop.example/fi/s/a&b?x=<y>', alternates: [{ hreflang: 'x"y', href: "https://e/'" }] },
    ])
    const document = parseXml(xml)
    expect(document.getElementsByTagName('loc')[0]?.textContent).toBe('https://shop.example/fi/s/a&b?x=<y>')
    const link = document.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')[0]
    expect(link?.getAttribute('hreflang')).toBe('x"y')
    expect(link?.getAttribute('href')).toBe("https://e/'")
  })
})

describe('sitemapEntries', () => {
  it('lists a page once per market language, each with every language version and x-default', () => {
    const entries = sitemapEntries([home], PATH_MODE)
    expect(entries.map((entry) => entry.loc)).toEqual([
      'https://shop.example/fi/',
      'https://shop.example/fi/sv/',
      'https://shop.example/se/sv/',
      'https://shop.example/no/nb/',
      'https://shop.example/dk/da/',
    ])
    for (const entry of entries) {
      expect(entry.alternates).toEqual([
        { hreflang: 'fi-FI', href: 'https://shop.example/fi/' },
        { hreflang: 'sv-FI', href: 'https://shop.example/fi/sv/' },
        { hreflang: 'sv-SE', href: 'https://shop.example/se/sv/' },
        { hreflang: 'nb-NO', href: 'https://shop.example/no/nb/' },
        { hreflang: 'da-DK', href: 'https://shop.example/dk/da/' },
        { hreflang: 'x-default', href: 'https://shop.example/fi/' },
      ])
    }
  })

  it('gives a localised page the same alternates as the page head', () => {
    const [entry] = sitemapEntries([checkout], PATH_MODE)
    const pathname = pathFor({ market: 'fi', locale: 'fi', settings: PATH_MODE.settings }, 'checkout')
    expect(entry?.alternates).toEqual(alternates({ market: 'fi', locale: 'fi', pathname, ...PATH_MODE }))
  })

  it("uses each language's own alias and leaves out the languages a page does not exist in", () => {
    const aliases: Record<string, string> = { fi: 'punainen-takki', sv: 'röd-kappa' }
    const product: SitemapPage = {
      route: 'product',
      paramsFor: ({ locale }) => (aliases[locale] ? { '*': aliases[locale] } : undefined),
    }
    const entries = sitemapEntries([product], PATH_MODE)
    expect(entries.map((entry) => entry.loc)).toEqual([
      'https://shop.example/fi/p/punainen-takki',
      'https://shop.example/fi/sv/p/r%C3%B6d-kappa',
      'https://shop.example/se/sv/p/r%C3%B6d-kappa',
    ])
    expect(entries[2]?.alternates.map((alternate) => alternate.hreflang)).toEqual([
      'fi-FI',
      'sv-FI',
      'sv-SE',
      'x-default',
    ])
  })

  it('has no x-default when the page does not exist in Finnish', () => {
    const swedishOnly: SitemapPage = {
      route: 'brand',
      paramsFor: ({ locale }) => (locale === 'sv' ? { '*': 'aurora' } : undefined),
    }
    const [entry] = sitemapEntries([swedishOnly], PATH_MODE)
    expect(entry?.alternates.map((alternate) => alternate.hreflang)).toEqual(['sv-FI', 'sv-SE'])
  })

  it("puts every market on its own domain in domain mode, without the market's default language prefix", () => {
    const entries = sitemapEntries([checkout], DOMAIN_MODE)
    expect(entries.map((entry) => entry.loc)).toEqual([
      'https://lumo.fi/kassa',
      'https://lumo.fi/sv/kassan',
      'https://lumo.se/kassan',
      'https://lumo.no/kassen',
      'https://lumo.dk/kassen',
    ])
    expect(entries[0]?.alternates.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://lumo.fi/kassa' })
  })

  it('leaves out a market without a domain in domain mode', () => {
    const settings: UrlSettings = { mode: 'domain', marketDomains: { fi: 'lumo.fi', se: 'lumo.se' } }
    const entries = sitemapEntries([home], { settings, publicUrl: 'https://lumo.fi' })
    expect(entries.map((entry) => entry.loc)).toEqual([
      'https://lumo.fi/',
      'https://lumo.fi/sv/',
      'https://lumo.se/',
    ])
  })
})

describe('sitemapFiles', () => {
  const entries = sitemapEntries([home], PATH_MODE)

  it('is one urlset while the URLs fit in one file', () => {
    const files = sitemapFiles(entries, PUBLIC_URL, 5)
    expect(files.parts).toEqual([])
    expect(parseXml(files.main).getElementsByTagName('url')).toHaveLength(5)
  })

  it('becomes an index of /sitemap-N.xml parts above the limit', () => {
    const files = sitemapFiles(entries, PUBLIC_URL, 2)
    expect(files.parts.map((part) => parseXml(part).getElementsByTagName('url').length)).toEqual([2, 2, 1])
    const index = parseXml(files.main)
    expect(index.documentElement.tagName).toBe('sitemapindex')
    expect([...index.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([
      'https://shop.example/sitemap-1.xml',
      'https://shop.example/sitemap-2.xml',
      'https://shop.example/sitemap-3.xml',
    ])
  })
})

describe('collectSitemapPages', () => {
  it('pages through all products and joins category aliases of every language by id', async () => {
    const productCalls: number[] = []
    const api = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
      if (query.includes('categories')) {
        const alias = variables.languageId === 'fi-FI' ? 'mekot' : `dresses-${String(variables.languageId)}`
        return { categories: [{ categoryId: 7, alias }] } as T
      }
      if (query.includes('brands')) return { brands: [{ alias: 'aurora' }, { alias: null }] } as T
      if (query.includes('contentPages')) {
        const alternativeAliases = [
          { language: 'fi', alias: 'juhlakauden-asut' },
          { language: 'sv', alias: 'festsasongens-looks' },
        ]
        return { contentPages: [{ alternativeAliases }, { alternativeAliases: [] }] } as T
      }
      const skip = Number(variables.skip)
      productCalls.push(skip)
      const count = 450
      const rows = Array.from({ length: Math.min(200, count - skip) }, (_, index) => ({
        productId: skip + index,
        alternativeUrls: [
          { url: `/p/tuote-${skip + index}`, language: 'fi', country: 'fi' },
          { url: `/p/produkt-${skip + index}`, language: 'da', country: 'dk' },
        ],
      }))
      return { products: { count, products: rows } } as T
    }
    const pages = await collectSitemapPages(api)
    expect(productCalls).toEqual([0, 200, 400])
    expect(pages.filter((page) => page.route === 'product')).toHaveLength(450)

    const category = pages.find((page) => page.route === 'category')
    expect(category?.paramsFor({ market: 'fi', locale: 'fi' })).toEqual({ '*': 'mekot' })
    expect(category?.paramsFor({ market: 'se', locale: 'sv' })).toEqual({ '*': 'dresses-sv-SE' })

    const product = pages.find((page) => page.route === 'product')
    expect(product?.paramsFor({ market: 'dk', locale: 'da' })).toEqual({ '*': 'produkt-0' })
    expect(product?.paramsFor({ market: 'se', locale: 'sv' })).toBeUndefined()

    expect(pages.filter((page) => page.route === 'brand')).toHaveLength(1)
    const articles = pages.filter((page) => page.route === 'inspiration')
    expect(articles).toHaveLength(1)
    expect(articles[0]?.paramsFor({ market: 'se', locale: 'sv' })).toEqual({ alias: 'festsasongens-looks' })
    expect(articles[0]?.paramsFor({ market: 'dk', locale: 'da' })).toBeUndefined()
    expect(pages.map((page) => page.route)).toEqual(expect.arrayContaining(['home', 'content-page']))
    expect(pages.map((page) => page.route)).not.toContain('checkout')
  })
  it('reads a catalogue larger than the API paging window brand by brand, each product once', async () => {
    const catalogue = Array.from({ length: 7000 }, (_, id) => ({
      productId: id,
      brand: `brand-${id % 3}`,
      alternativeUrls: [{ url: `/p/tuote-${id}`, language: 'fi', country: 'fi' }],
    }))
    const api = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
      if (query.includes('categories')) return { categories: [] } as T
      if (query.includes('brands'))
        return { brands: ['brand-0', 'brand-1', 'brand-2'].map((alias) => ({ alias })) } as T
      const skip = Number(variables.skip)
      const take = Number(variables.take)
      // the API refuses a skip above 6000, as the real one does
      if (skip > 6000 || take > 200) throw new Error(`skip ${skip} take ${take} is outside the paging window`)
      const list = catalogue.filter(
        (product) => !variables.brandAlias || product.brand === variables.brandAlias,
      )
      return { products: { count: list.length, products: list.slice(skip, skip + take) } } as T
    }
    const products = (await collectSitemapPages(api)).filter((page) => page.route === 'product')
    expect(products).toHaveLength(7000)
    const aliases = new Set(products.map((page) => page.paramsFor({ market: 'fi', locale: 'fi' })?.['*']))
    expect(aliases.size).toBe(7000)
  })
})

describe('cachedValue', () => {
  it('builds once for concurrent callers and again when the value is too old', async () => {
    let clock = 0
    let builds = 0
    const value = cachedValue(
      async () => ++builds,
      1000,
      () => clock,
    )
    expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1])
    clock = 999
    expect(await value()).toBe(1)
    clock = 1000
    expect(await value()).toBe(2)
  })

  it('does not keep a failed build', async () => {
    let attempt = 0
    const value = cachedValue(
      async () => {
        attempt += 1
        if (attempt === 1) throw new Error('api down')
        return attempt
      },
      1000,
      () => 0,
    )
    await expect(value()).rejects.toThrow('api down')
    expect(await value()).toBe(2)
  })
})

describe('the /sitemap.xml routes', () => {
  const SELF = { host: '127.0.0.1', port: 39_917 }
  const config = {
    apiKey: 'sitemap-test-key',
    publicUrl: PUBLIC_URL,
    urlMode: 'path' as const,
    marketDomains: {},
    services: {
      api: `http://127.0.0.1:${SELF.port}/graphql`,
      auth: '',
      sign: '',
      likes: '',
      loyalty: '',
      pickupPoints: '',
      search: '',
      images: '',
      payments: '',
    },
  }
  let app: FastifyInstance | undefined

  afterEach(async () => {
    await app?.close()
  })

  /** The sitemap plugin beside a fake commerce API, joined by the service fetch as in production. */
  async function start(answer: () => { status: number; body: unknown }, urlLimit?: number) {
    const calls: { apiKey: unknown; query: string }[] = []
    app = Fastify()
    app.post<{ Body: { query: string } }>('/graphql', async (request, reply) => {
      calls.push({ apiKey: request.headers['x-apikey'], query: request.body.query })
      const { status, body } = answer()
      return reply.code(status).send(body)
    })
    await app.register(sitemap, { config, serviceFetch: createServiceFetch(app, SELF), urlLimit })
    await app.ready()
    return { app, calls }
  }

  const emptyCatalogue = () => ({
    status: 200,
    body: { data: { categories: [], brands: [], products: { count: 0, products: [] } } },
  })

  it('builds once for concurrent requests, with the API key, and answers XML cached for an hour', async () => {
    const { app, calls } = await start(emptyCatalogue)
    const responses = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/sitemap.xml' })),
    )
    // 4 languages' categories, brands, one page of products, inspiration articles: one build for the three requests
    expect(calls).toHaveLength(7)
    expect(calls.every((call) => call.apiKey === 'sitemap-test-key')).toBe(true)
    for (const response of responses) {
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8')
      expect(response.headers['cache-control']).toBe('public, max-age=3600')
      expect(response.body).toBe(responses[0]?.body)
    }
    // the home, four list pages, the member page and five information pages, each in five market languages
    expect(parseXml(responses[0]?.body ?? '').getElementsByTagName('url')).toHaveLength(55)
  })

  it('serves an index and its parts above the URL limit', async () => {
    const { app } = await start(emptyCatalogue, 20)
    const index = parseXml((await app.inject({ method: 'GET', url: '/sitemap.xml' })).body)
    expect([...index.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([
      'https://shop.example/sitemap-1.xml',
      'https://shop.example/sitemap-2.xml',
      'https://shop.example/sitemap-3.xml',
    ])
    const last = await app.inject({ method: 'GET', url: '/sitemap-3.xml' })
    expect(last.statusCode).toBe(200)
    expect(last.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(parseXml(last.body).getElementsByTagName('url')).toHaveLength(15)
    expect((await app.inject({ method: 'GET', url: '/sitemap-4.xml' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/sitemap-0.xml' })).statusCode).toBe(404)
  })

  it('fails while the API fails and builds again on the next request', async () => {
    let apiUp = false
    const { app } = await start(() => (apiUp ? emptyCatalogue() : { status: 503, body: { errors: [] } }))
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(500)
    apiUp = true
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(200)
  })
})
