// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { applyHead, buildHead, escapeHtml, pageTitle, renderHeadTags, type HeadInput } from './head'

const base: HeadInput = {
  routeName: 'checkout',
  meta: { title: 'Kassa', description: 'Viimeistele tilauksesi.' },
  market: 'fi',
  locale: 'fi',
  pathname: '/fi/kassa',
  search: '?step=2',
  settings: { mode: 'path', marketDomains: {} },
  publicUrl: 'https://lumo.example',
}

describe('buildHead', () => {
  it('builds title, language, canonical and the hreflang alternates of a page', () => {
    const head = buildHead(base)
    expect(head.title).toBe('Kassa | Lumo')
    expect(head.lang).toBe('fi')
    expect(head.description).toBe('Viimeistele tilauksesi.')
    expect(head.canonical).toBe('https://lumo.example/fi/kassa')
    expect(head.themeColor).toBe('#f5ede7')
    expect(head.noindex).toBe(false)
    expect(head.alternates).toEqual(
      expect.arrayContaining([
        { hreflang: 'fi-FI', href: 'https://lumo.example/fi/kassa' },
        { hreflang: 'sv-FI', href: 'https://lumo.example/fi/sv/kassan' },
        { hreflang: 'sv-SE', href: 'https://lumo.example/se/sv/kassan' },
        { hreflang: 'nb-NO', href: 'https://lumo.example/no/nb/kassen' },
        { hreflang: 'da-DK', href: 'https://lumo.example/dk/da/kassen' },
        { hreflang: 'x-default', href: 'https://lumo.example/fi/kassa' },
      ]),
    )
  })

  it('uses the page language for <html lang>', () => {
    expect(buildHead({ ...base, market: 'dk', locale: 'da', pathname: '/dk/da/kassen' }).lang).toBe('da')
    expect(buildHead({ ...base, locale: 'sv', pathname: '/fi/sv/kassan' }).lang).toBe('sv')
  })

  it('keeps noindex pages and the not-found page out of the index, without alternates', () => {
    const hidden = buildHead({ ...base, meta: { title: 'Haku: x', noindex: true } })
    expect(hidden.noindex).toBe(true)
    expect(hidden.alternates).toEqual([])
    expect(buildHead({ ...base, routeName: 'not-found', meta: { title: 'Sivua ei löydy' } }).noindex).toBe(
      true,
    )
  })

  describe('with per-language paths from the meta', () => {
    const product: HeadInput = {
      ...base,
      routeName: 'product',
      meta: {
        title: 'Musta mekko',
        alternates: { fi: '/p/musta-mekko-12', sv: '/p/svart-klanning-12' },
      },
      pathname: '/fi/p/musta-mekko-12',
      search: '',
    }

    it('links each language to its own path and leaves out languages without a version', () => {
      const head = buildHead(product)
      expect(head.canonical).toBe('https://lumo.example/fi/p/musta-mekko-12')
      expect(head.alternates).toEqual([
        { hreflang: 'fi-FI', href: 'https://lumo.example/fi/p/musta-mekko-12' },
        { hreflang: 'sv-FI', href: 'https://lumo.example/fi/sv/p/svart-klanning-12' },
        { hreflang: 'sv-SE', href: 'https://lumo.example/se/sv/p/svart-klanning-12' },
        { hreflang: 'x-default', href: 'https://lumo.example/fi/p/musta-mekko-12' },
      ])
    })

    it('takes the canonical URL from the path in the page language', () => {
      // reached through the Finnish alias in Swedish: canonical is the Swedish alias
      const head = buildHead({ ...product, market: 'se', locale: 'sv', pathname: '/se/sv/p/musta-mekko-12' })
      expect(head.canonical).toBe('https://lumo.example/se/sv/p/svart-klanning-12')
      expect(head.alternates).toContainEqual({
        hreflang: 'sv-SE',
        href: 'https://lumo.example/se/sv/p/svart-klanning-12',
      })
    })

    it('gives no x-default when there is no Finnish version', () => {
      const head = buildHead({
        ...product,
        meta: { title: 'Svart klänning', alternates: { sv: '/p/svart-klanning-12' } },
        market: 'se',
        locale: 'sv',
        pathname: '/se/sv/p/svart-klanning-12',
      })
      expect(head.alternates.map((alternate) => alternate.hreflang)).toEqual(['sv-FI', 'sv-SE'])
    })

    it('links only market domains that exist in domain mode', () => {
      const head = buildHead({
        ...product,
        pathname: '/p/musta-mekko-12',
        settings: { mode: 'domain', marketDomains: { fi: 'lumo.fi', se: 'lumo.se' } },
      })
      expect(head.canonical).toBe('https://lumo.fi/p/musta-mekko-12')
      expect(head.alternates).toEqual([
        { hreflang: 'fi-FI', href: 'https://lumo.fi/p/musta-mekko-12' },
        { hreflang: 'sv-FI', href: 'https://lumo.fi/sv/p/svart-klanning-12' },
        { hreflang: 'sv-SE', href: 'https://lumo.se/p/svart-klanning-12' },
        { hreflang: 'x-default', href: 'https://lumo.fi/p/musta-mekko-12' },
      ])
    })

    it('keeps the current path in every language when the meta gives no paths', () => {
      const head = buildHead({ ...product, meta: { title: 'Musta mekko' } })
      expect(head.canonical).toBe('https://lumo.example/fi/p/musta-mekko-12')
      expect(head.alternates).toContainEqual({
        hreflang: 'sv-SE',
        href: 'https://lumo.example/se/sv/p/musta-mekko-12',
      })
      expect(head.alternates).toHaveLength(6)
    })

    it('gives a noindex page no alternates', () => {
      expect(buildHead({ ...product, meta: { ...product.meta, noindex: true } }).alternates).toEqual([])
    })
  })

  it('leaves out an empty description', () => {
    expect(buildHead({ ...base, meta: { title: 'X', description: '  ' } }).description).toBeUndefined()
  })
})

describe('pageTitle', () => {
  it('adds the shop name unless the title already leads with it', () => {
    expect(pageTitle('Mekot')).toBe('Mekot | Lumo')
    expect(pageTitle('Lumo – muotia ja kenkiä verkossa')).toBe('Lumo – muotia ja kenkiä verkossa')
    expect(pageTitle('  ')).toBe('Lumo')
  })
})

describe('renderHeadTags', () => {
  it('escapes every value it writes', () => {
    const html = renderHeadTags(
      buildHead({
        ...base,
        meta: {
          title: '</title><script>alert(1)</script>',
          description: "\"><img src=x onerror=alert(1)> & 'q'",
        },
      }),
    )
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Lumo</title>')
    expect(html).toContain(
      '<meta name="description" content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &amp; &#39;q&#39;">',
    )
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
  })

  it('never lets any title or description open a tag or leave its attribute (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (title, description) => {
        const html = renderHeadTags(buildHead({ ...base, meta: { title, description } }))
        const document = new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html')
        expect(document.querySelectorAll('script, img, style, iframe')).toHaveLength(0)
        expect(document.title).toBe(pageTitle(title).replace(/\s+/g, ' ').trim())
        const meta = document.querySelector('meta[name="description"]')
        if (description.trim()) expect(meta?.getAttribute('content')).toBe(description.trim())
        else expect(meta).toBeNull()
      }),
    )
  })

  it('writes canonical, alternates, theme colour, manifest and icons', () => {
    const html = renderHeadTags(buildHead(base))
    expect(html).toContain('<link rel="canonical" href="https://lumo.example/fi/kassa">')
    expect(html).toContain('<link rel="alternate" hreflang="sv-SE" href="https://lumo.example/se/sv/kassan">')
    expect(html).toContain('<meta name="theme-color" content="#f5ede7">')
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">')
    expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">')
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes">')
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="Lumo">')
    expect(html).not.toContain('robots')
  })

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
  })
})

describe('applyHead', () => {
  it('brings a server-rendered head up to date after a client navigation', () => {
    document.head.innerHTML = renderHeadTags(buildHead(base))
    document.documentElement.lang = 'fi'
    applyHead(
      document,
      buildHead({
        ...base,
        routeName: 'search',
        locale: 'sv',
        pathname: '/fi/sv/s/klänning',
        meta: { title: 'Sök: klänning', noindex: true },
      }),
    )
    expect(document.title).toBe('Sök: klänning | Lumo')
    expect(document.documentElement.lang).toBe('sv')
    expect(document.head.querySelector('meta[name="description"]')).toBeNull()
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex')
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1)
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://lumo.example/fi/sv/s/kl%C3%A4nning',
    )
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0)

    applyHead(document, buildHead(base))
    expect(document.title).toBe('Kassa | Lumo')
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Viimeistele tilauksesi.',
    )
    expect(document.head.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(6)
  })
})
