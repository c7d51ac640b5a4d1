/**
 * The installable, offline-tolerant shop in a real browser: the web app manifest and its icons,
 * the Workbox service worker activating and taking control, a visited page readable offline, and
 * the offline page for a page never visited.
 */
import { expect, test, waitForHydration } from './fixtures'

test.describe('progressive web app', () => {
  test('the manifest makes the shop installable', async ({ page, request }) => {
    await page.goto('/fi/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toBeTruthy()
    const manifest = (await (await request.get(href!)).json()) as {
      name: string
      start_url: string
      display: string
      theme_color: string
      icons: { src: string; sizes: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Lumo',
      start_url: '/',
      display: 'standalone',
      theme_color: '#f5ede7',
    })
    const sizes = manifest.icons.map((icon) => icon.sizes)
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
  })

  test('a visited page stays readable offline; an unvisited one shows the offline page', async ({
    page,
    context,
  }) => {
    await page.goto('/fi/')
    await waitForHydration(page)
    // Registration happens on load; wait (bounded) until the worker is active.
    const scope = await page.evaluate(async () => {
      const ready = navigator.serviceWorker.ready.then((registration) => registration.scope)
      const timeout = new Promise<string>((_, reject) =>
        setTimeout(() => reject(new Error('no service worker')), 20_000),
      )
      return Promise.race([ready, timeout])
    })
    expect(new URL(scope).pathname).toBe('/')

    // The first page load is not controlled yet; a reload is.
    await page.reload()
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    const visited = '/fi/uutuudet'
    await page.goto(visited)
    await waitForHydration(page)
    const heading = await page.getByRole('heading', { level: 1 }).first().textContent()

    await context.setOffline(true)
    await page.goto(visited)
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading ?? '')

    await page.goto('/fi/merkit')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ei verkkoyhteyttä')
    await context.setOffline(false)
  })
})
