/**
 * Issue #9 item 2: a shopper with a cart gets the shared, cached product page (the same bytes
 * every shopper gets) and still sees their own cart count once the page has hydrated, without
 * the header moving (layout shifts measured in the page).
 */
import type { Page } from '@playwright/test'
import { FIXTURE_PRODUCTS } from '../../server/db/seed/fixtures'
import { expect, message, test, waitForHydration } from './fixtures'

const { satinDress } = FIXTURE_PRODUCTS
const PRODUCT_PATH = `/fi/p/${satinDress.aliases.fi}`

async function graphql<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lumo-csrf': '1' },
        body: JSON.stringify({ query, variables }),
      })
      return (await response.json()) as { data?: unknown; errors?: unknown }
    },
    { query, variables },
  )
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
  return body.data as T
}

test('a shopper with a cart gets the cached product page and sees their cart count', async ({
  page,
  context,
  request,
  browserErrors,
}) => {
  // Every layout shift with whether it moved anything inside the header.
  await page.addInitScript(() => {
    const shifts: { value: number; inHeader: boolean }[] = []
    ;(window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        hadRecentInput: boolean
        sources: { node?: Node | null }[]
      }[]) {
        if (entry.hadRecentInput) continue
        const header = document.querySelector('header')
        const inHeader = entry.sources.some((source) => !!source.node && !!header?.contains(source.node))
        shifts.push({ value: entry.value, inHeader })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })

  await page.goto('/fi/')
  await waitForHydration(page)
  const cartId = (
    await graphql<{ getCart: { id: string } }>(page, 'query { getCart(marketId: "fi") { id } }')
  ).getCart.id
  await graphql(
    page,
    'mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item, marketId: "fi") { id } }',
    { id: cartId, item: { skuId: satinDress.skus.inStock, quantity: 3 } },
  )
  await context.addCookies([{ name: 'lumo-cart', value: cartId, url: page.url() }])

  // Someone without a cart has asked for the page before: it is in the cache.
  await request.get(PRODUCT_PATH, { headers: { cookie: '' } })
  const response = await page.goto(PRODUCT_PATH)
  // 'stale' is the same shared entry: when an earlier test cached the page more than
  // PAGE_CACHE_FRESH_SECONDS ago, it is served while one background render refreshes it (ADR 0014)
  expect(['hit', 'stale']).toContain(response?.headers()['x-lumo-cache'])
  // the shared HTML holds no shopper's cart: the count in it is the anonymous one
  const html = await response!.text()
  expect(html).not.toContain(cartId)
  expect(html).toContain('aria-label="Ostoskori, tyhjä"')

  await waitForHydration(page)
  const cartButton = page
    .getByRole('navigation', { name: message('fi', 'nav.userLabel') })
    .getByRole('button', { name: 'Ostoskori, 3 tuotetta', exact: true })
  await expect(cartButton).toBeVisible()

  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; inHeader: boolean }[] }).__layoutShifts,
  )
  expect(shifts.filter((shift) => shift.inHeader)).toEqual([])
  expect(shifts.reduce((sum, shift) => sum + shift.value, 0)).toBeLessThanOrEqual(0.05)
  expect(browserErrors).toEqual([])
})
