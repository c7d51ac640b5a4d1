/**
 * Home and content pages in a real browser (issue #4 items 1 and 7), each page type in two
 * markets: the home page's campaign hero, category entry points, new-arrival and bestseller rails,
 * newsletter offer and shop promises (with no serious or critical axe violation); information
 * pages through the catch-all and /content, inspiration articles, the member page, the members-only
 * style gallery, the 404 for unknown aliases, and sitemap.xml and robots.txt.
 */
import AxeBuilder from '@axe-core/playwright'
import type { LocaleCode } from '../../src/shared/markets'
import { expect, message, test, waitForHydration } from './fixtures'

const HOMES: { path: string; market: string; locale: LocaleCode }[] = [
  { path: '/fi/', market: 'fi', locale: 'fi' },
  { path: '/se/sv/', market: 'se', locale: 'sv' },
]

/** A message with its ICU arguments turned into "anything" for matching. */
function pattern(locale: LocaleCode, id: string): RegExp {
  const escaped = message(locale, id)
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('.+')}$`)
}

for (const { path, market, locale } of HOMES) {
  test.describe(`home ${path}`, () => {
    test('shows the campaign, categories, rails, newsletter offer and promises', async ({
      page,
      browserErrors,
    }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect(
        page.getByRole('heading', { level: 1, name: message(locale, 'home.hero.title') }),
      ).toBeVisible()

      const categories = page.getByRole('navigation', { name: message(locale, 'home.categories.title') })
      await expect(
        categories.getByRole('link', { name: message(locale, 'nav.category.dresses') }),
      ).toBeVisible()

      for (const rail of ['nav.newArrivals', 'nav.bestsellers']) {
        const region = page.getByRole('region', { name: message(locale, rail), exact: true })
        const cards = region.getByRole('article')
        expect(await cards.count()).toBeGreaterThan(0)
        await expect(cards.first().getByRole('link').first()).toHaveAttribute(
          'href',
          new RegExp(`^/${market}/`),
        )
        await expect(
          region
            .getByRole('button', {
              name: new RegExp(`^${message(locale, 'favourites.toggle').replace('{name}', '')}`),
            })
            .first(),
        ).toHaveAttribute('aria-pressed', 'false')
      }

      await expect(page.getByText(pattern(locale, 'home.newsletter.text'))).toContainText('15')
      const promises = page.getByRole('region', { name: message(locale, 'home.promises.title') })
      await expect(promises.getByRole('listitem')).toHaveCount(4)
      await expect(promises).toContainText(message(locale, 'promise.returns').replace('{days}', '14'))

      // The hero leads to the running campaign's list.
      const hero = page
        .getByRole('region', { name: message(locale, 'home.hero.title') })
        .getByRole('link', { name: pattern(locale, 'home.campaign.cta') })
      await expect(hero).toHaveAttribute('href', new RegExp(`^/${path.slice(1)}dc/.+`))
      await hero.click()
      await expect(page).toHaveURL(/\/dc\//)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(browserErrors).toEqual([])
    })

    test('has no serious or critical axe violation', async ({ page }) => {
      await page.goto(path)
      await waitForHydration(page)
      const results = await new AxeBuilder({ page }).analyze()
      const violations = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        )
      expect(violations).toEqual([])
    })
  })
}

test('the newsletter form checks the address, then subscribes it', async ({ page, browserErrors }) => {
  await page.goto('/se/sv/')
  await waitForHydration(page)
  const field = page.getByRole('textbox', { name: message('sv', 'newsletter.email') })
  const subscribe = page.getByRole('button', { name: message('sv', 'newsletter.subscribe') })
  await field.fill('anna@example')
  await subscribe.click()
  await expect(page.getByText(message('sv', 'validation.email'))).toBeVisible()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toBeFocused()

  await field.fill(`anna.${Date.now()}@example.se`)
  await subscribe.click()
  await expect(
    page.getByRole('status').filter({ hasText: pattern('sv', 'newsletter.subscribed') }),
  ).toBeVisible()
  expect(browserErrors).toEqual([])
})

const CONTENT: { name: string; path: string; locale: LocaleCode; heading: string }[] = [
  {
    name: 'catch-all information page',
    path: '/fi/tietoa-meista',
    locale: 'fi',
    heading: message('fi', 'footer.about'),
  },
  {
    name: 'catch-all information page',
    path: '/se/sv/om-oss',
    locale: 'sv',
    heading: message('sv', 'footer.about'),
  },
  {
    name: '/content page',
    path: '/fi/content/toimitus',
    locale: 'fi',
    heading: message('fi', 'footer.shipping'),
  },
  {
    name: '/content page',
    path: '/dk/da/content/levering',
    locale: 'da',
    heading: message('da', 'footer.shipping'),
  },
  { name: '/content index', path: '/fi/content', locale: 'fi', heading: message('fi', 'content.indexTitle') },
  {
    name: '/content index',
    path: '/no/nb/content',
    locale: 'nb',
    heading: message('nb', 'content.indexTitle'),
  },
  {
    name: 'inspiration article',
    path: '/fi/inspiration/juhlakauden-asut',
    locale: 'fi',
    heading: 'Juhlakauden asut',
  },
  {
    name: 'inspiration article',
    path: '/no/nb/inspiration/festsesongens-antrekk',
    locale: 'nb',
    heading: 'Festsesongens antrekk',
  },
  { name: 'member page', path: '/fi/lumo-member', locale: 'fi', heading: message('fi', 'page.member.title') },
  {
    name: 'member page',
    path: '/dk/da/lumo-member',
    locale: 'da',
    heading: message('da', 'page.member.title'),
  },
]

test.describe('content pages', () => {
  for (const { name, path, heading } of CONTENT) {
    test(`${name} ${path}`, async ({ page, browserErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      expect(browserErrors).toEqual([])
    })
  }

  test('an inspiration article under another language’s alias moves to this language’s', async ({ page }) => {
    const response = await page.goto('/se/sv/inspiration/juhlakauden-asut')
    expect(response?.status()).toBe(200)
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/se/sv/inspiration/festsasongens-looks')
    await expect(page.getByRole('heading', { level: 1, name: 'Festsäsongens looks' })).toBeVisible()
  })

  const MISSING: { path: string; locale: LocaleCode; title?: string }[] = [
    { path: '/fi/ei-tallaista-sivua', locale: 'fi' },
    { path: '/dk/da/ingen-side-her', locale: 'da' },
    { path: '/fi/inspiration/ei-tallaista-artikkelia', locale: 'fi' },
    { path: '/se/sv/inspiration/finns-inte', locale: 'sv' },
    // the style gallery is for loyalty members only: others get the 404 status with what
    // membership gives (src/features/loyalty/MembersOnly.tsx)
    { path: '/fi/lumostyle', locale: 'fi', title: 'members.only.title' },
    { path: '/se/sv/lumostyle', locale: 'sv', title: 'members.only.title' },
  ]
  for (const { path, locale, title = 'error.notFound.title' } of MISSING as {
    path: string
    locale: 'fi' | 'sv' | 'nb' | 'da'
    title?: string
  }[]) {
    test(`${path} is a 404`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1, name: message(locale, title) })).toBeVisible()
    })
  }
})

test('sitemap.xml lists pages with hreflang alternates, and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const xml = await sitemap.text()
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  expect(xml).toMatch(/<loc>[^<]+\/fi\/tietoa-meista<\/loc>/)
  expect(xml).toMatch(/<xhtml:link rel="alternate" hreflang="sv-SE" href="[^"]+\/se\/sv\/om-oss"\s*\/>/)
  expect(xml).toMatch(/hreflang="x-default"/)
  expect(xml).toMatch(/<loc>[^<]+\/dk\/da\/lumo-member<\/loc>/)
  expect(xml).toMatch(/<loc>[^<]+\/se\/sv\/inspiration\/festsasongens-looks<\/loc>/)

  const robots = await request.get('/robots.txt')
  expect(robots.status()).toBe(200)
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m)
})
