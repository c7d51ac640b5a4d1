/**
 * The storefront spine in a real browser (tracker issue #2): every market renders on the server
 * and hydrates cleanly, the market and language switches land on the localised URL and stick,
 * a market change reaches a second tab, and the canonicalising redirects and the 404 page work.
 */
import type { Page } from '@playwright/test'
import { LOCALES, MARKETS, type LocaleCode } from '../../src/shared/markets'
import { languageSwitch, marketSwitch, openChannelMenu, switchLanguage, switchMarket } from './channel'
import { expect, message, test, waitForHydration } from './fixtures'

const MARKET_HOMES: { path: string; locale: LocaleCode }[] = [
  { path: '/fi/', locale: 'fi' },
  { path: '/fi/sv/', locale: 'sv' },
  { path: '/se/sv/', locale: 'sv' },
  { path: '/no/nb/', locale: 'nb' },
  { path: '/dk/da/', locale: 'da' },
]

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" }

/** The first <h1>'s text in raw HTML: tags stripped, React's entities decoded. */
function firstHeading(html: string): string | undefined {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)
  return match?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '')
    .trim()
}

function pathOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).pathname)
}

/** The market a Finnish-market page shows: the path's market segment, else the switch's value. */
async function shownMarket(page: Page): Promise<string | undefined> {
  const segment = new URL(page.url()).pathname.split('/')[1]
  if (segment !== 'fi') return segment
  return openChannelMenu(page, 'fi')
    .then(() => marketSwitch(page, 'fi').inputValue({ timeout: 1000 }))
    .catch(() => undefined)
}

/** `<html lang>` may carry the language code or its regional form: fi or fi-FI. */
const langAlternatives = (locale: LocaleCode) => `(?:${locale}|${LOCALES[locale].iso})`
const langOf = (locale: LocaleCode) => new RegExp(`^${langAlternatives(locale)}$`)

test.describe('every market renders on the server and hydrates', () => {
  for (const { path, locale } of MARKET_HOMES) {
    test(`${path} (${locale})`, async ({ page, browserErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      const html = (await response?.text()) ?? ''
      const serverHeading = firstHeading(html)
      expect(serverHeading, 'the server-rendered HTML has an <h1>').toBeTruthy()
      expect(html).toMatch(new RegExp(`<html[^>]*\\blang="${langAlternatives(locale)}"`))

      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('lang', langOf(locale))
      // Hydration kept the server's content instead of blanking or replacing it.
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(serverHeading ?? '')
      expect(browserErrors).toEqual([])
    })
  }
})

test.describe('market and language switch', () => {
  test('switching to Sweden on the Finnish checkout lands on /se/sv/kassan and survives a reload', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/fi/kassa')
    await waitForHydration(page)
    await switchMarket(page, 'fi', MARKETS.se.countryName)
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/se/sv/kassan')
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', langOf('sv'))
    await openChannelMenu(page, 'sv')
    await expect(marketSwitch(page, 'sv')).toHaveValue('se')

    await page.reload()
    await waitForHydration(page)
    expect(pathOf(page)).toBe('/se/sv/kassan')
    await openChannelMenu(page, 'sv')
    await expect(marketSwitch(page, 'sv')).toHaveValue('se')
    await page.keyboard.press('Escape')

    // The selected market is remembered: a visit without a market in the path lands in Sweden.
    await page.goto('/')
    await waitForHydration(page)
    expect(pathOf(page)).toBe('/se/sv/')
    expect(browserErrors).toEqual([])
  })

  test('switching the Finnish market to Swedish lands on /fi/sv/kassan and survives a reload', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/fi/kassa')
    await waitForHydration(page)
    await switchLanguage(page, 'fi', LOCALES.sv.name)
    await page.waitForURL((url) => decodeURIComponent(url.pathname) === '/fi/sv/kassan')
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', langOf('sv'))
    await openChannelMenu(page, 'sv')
    await expect(marketSwitch(page, 'sv')).toHaveValue('fi')
    await expect(languageSwitch(page, 'sv')).toHaveValue('sv')

    await page.reload()
    await waitForHydration(page)
    expect(pathOf(page)).toBe('/fi/sv/kassan')
    await expect(page.locator('html')).toHaveAttribute('lang', langOf('sv'))
    expect(browserErrors).toEqual([])
  })

  test('a market change in one tab reaches the other tab', async ({ context, browserErrors }) => {
    const first = await context.newPage()
    const second = await context.newPage()
    await first.goto('/fi/')
    await second.goto('/fi/')
    await waitForHydration(first)
    await waitForHydration(second)

    await switchMarket(first, 'fi', MARKETS.dk.countryName)
    await first.waitForURL((url) => url.pathname === '/dk/da/')

    // The other tab hears it on the lumo_channel broadcast: its URL or its market switch follows.
    await expect.poll(() => shownMarket(second)).toBe('dk')
    expect(browserErrors).toEqual([])
  })
})

test.describe('canonicalising redirects in the browser', () => {
  test('/ goes to the fallback market /fi/', async ({ page }) => {
    await page.goto('/')
    expect(pathOf(page)).toBe('/fi/')
    await expect(page.locator('html')).toHaveAttribute('lang', langOf('fi'))
  })

  test('/{locale}/{market}/ is swapped to /{market}/{locale}/', async ({ page }) => {
    await page.goto('/sv/fi/')
    expect(pathOf(page)).toBe('/fi/sv/')
  })

  test('a language the market does not allow becomes its default language, slug included', async ({
    page,
  }) => {
    await page.goto('/se/fi/kassa?step=1')
    expect(pathOf(page)).toBe('/se/sv/kassan')
    expect(new URL(page.url()).search).toBe('?step=1')
  })

  test('an unknown page answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/fi/tata-sivua-ei-ole-olemassa')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('fi', 'error.notFound.title'))
    await expect(page.getByText('Sivua ei löydy').first()).toBeVisible()
  })
})
