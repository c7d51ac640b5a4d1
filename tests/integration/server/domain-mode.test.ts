/**
 * The production server in domain mode (MARKET_DOMAINS): the host picks the market, a locale
 * prefix picks another allowed language, the locale cookie only fills in a missing prefix, an
 * unknown host serves the fallback market, and canonical, hreflang, sitemap and robots.txt URLs
 * are on the market domains (docs/adr/0001-urls-and-markets.md, "Domain mode").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp

beforeAll(async () => {
  shop = await startProductionApp({
    MARKET_DOMAINS: 'fi=lumo.fi,se=lumo.se,no=lumo.no,dk=lumo.dk',
    PUBLIC_URL: 'https://lumo.fi',
  })
})
afterAll(async () => {
  await shop?.close()
})

const get = (host: string, url: string, cookies: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers: { host }, cookies })

/** hreflang → href of the page's `<link rel="alternate">` tags */
function hreflangLinks(html: string): Record<string, string> {
  const links: Record<string, string> = {}
  for (const match of html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)) {
    links[match[1] ?? ''] = match[2] ?? ''
  }
  return links
}

function canonicalLink(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1]
}

describe('the host picks the market', () => {
  it.each([
    ['lumo.se', '/kassan', 'sv'],
    ['lumo.no', '/kassen', 'nb'],
    ['lumo.dk', '/kassen', 'da'],
    ['lumo.fi', '/kassa', 'fi'],
    ['lumo.fi', '/', 'fi'],
    ['lumo.se', '/', 'sv'],
  ])('%s%s is a %s page', async (host, url, lang) => {
    const response = await get(host, url)
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`<html lang="${lang}">`)
  })

  it('matches the host without its port', async () => {
    const response = await get('lumo.se:8443', '/kassan')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="sv">')
  })

  it('serves the fallback market (Finnish) on an unknown host, without a redirect', async () => {
    const response = await get('shop.unknown.example', '/kassa')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="fi">')
  })

  it('has no market segment in the path: /se/sv/kassan is a 404 on lumo.se', async () => {
    const response = await get('lumo.se', '/se/sv/kassan')
    expect(response.statusCode).toBe(404)
  })
})

describe('a locale prefix and the locale cookie', () => {
  it('shows /sv/kassan on lumo.fi in Swedish', async () => {
    const response = await get('lumo.fi', '/sv/kassan')
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="sv">')
  })

  it('keeps the prefix as the last word whatever the cookie says', async () => {
    const response = await get('lumo.fi', '/sv/kassan', { 'lumo-locale': 'fi' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="sv">')
  })

  it("redirects (302) a URL without a prefix to the cookie's language when the market allows it", async () => {
    const response = await get('lumo.fi', '/kassa', { 'lumo-locale': 'sv' })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe('/sv/kassan')
  })

  it('ignores a cookie language the market does not allow', async () => {
    const response = await get('lumo.se', '/kassan', { 'lumo-locale': 'fi' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('<html lang="sv">')
  })

  it('removes (301) a prefix the domain does not need or allow, translating the slug', async () => {
    const needless = await get('lumo.se', '/sv/kassan')
    expect(needless.statusCode).toBe(301)
    expect(needless.headers.location).toBe('/kassan')
    const notAllowed = await get('lumo.se', '/fi/kassa')
    expect(notAllowed.statusCode).toBe(301)
    expect(notAllowed.headers.location).toBe('/kassan')
  })

  it("translates (301) another language's slug to the market's", async () => {
    const response = await get('lumo.se', '/kassa')
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/kassan')
  })
})

describe('absolute URLs are on the market domains', () => {
  it('gives a page hreflang alternates and a canonical URL on each market domain', async () => {
    const response = await get('lumo.se', '/nyheter')
    expect(response.statusCode).toBe(200)
    expect(canonicalLink(response.body)).toBe('https://lumo.se/nyheter')
    expect(hreflangLinks(response.body)).toEqual({
      'fi-FI': 'https://lumo.fi/uutuudet',
      'sv-FI': 'https://lumo.fi/sv/nyheter',
      'sv-SE': 'https://lumo.se/nyheter',
      'nb-NO': 'https://lumo.no/nyheter',
      'da-DK': 'https://lumo.dk/nyheder',
      'x-default': 'https://lumo.fi/uutuudet',
    })
  })

  it('lists the market domains in the sitemap', async () => {
    const response = await get('lumo.se', '/sitemap.xml')
    expect(response.statusCode).toBe(200)
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    for (const home of ['https://lumo.fi/', 'https://lumo.fi/sv/', 'https://lumo.se/', 'https://lumo.no/']) {
      expect(locs).toContain(home)
    }
    expect(locs).toContain('https://lumo.dk/nyheder')
    expect(locs.every((loc) => /^https:\/\/lumo\.(fi|se|no|dk)\//.test(loc))).toBe(true)
  })

  it('names the sitemap in robots.txt with an absolute URL', async () => {
    const response = await get('lumo.se', '/robots.txt')
    expect(response.body.split('\n')).toContain('Sitemap: https://lumo.fi/sitemap.xml')
  })
})
