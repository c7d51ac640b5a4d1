/**
 * The header a phone can hold (issue #12 item 6) at 320, 768 and 1366 px: no horizontal overflow,
 * the logo, the search, favourites, the account and the cart visible at every width, the
 * navigation drawer below 1024 px, the one country-and-language control showing the market and
 * currency, and no accessibility violation. Each width's header is kept as a screenshot in
 * test-results/header/ (ignored by git; CI keeps it as an artefact).
 */
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, message, test, waitForHydration } from './fixtures'
import { channelMenuButton, openChannelMenu } from './channel'

const SCREENSHOTS = path.join(import.meta.dirname, '..', '..', 'test-results', 'header')

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
}

for (const width of [320, 768, 1366]) {
  test.describe(`the header at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } })

    test('holds everything without overflowing, and is kept as a screenshot', async ({
      page,
      browserErrors,
    }) => {
      await page.goto('/fi/')
      await waitForHydration(page)
      const header = page.getByRole('banner')
      await expect(header.getByRole('link', { name: message('fi', 'nav.logoLabel') })).toBeVisible()
      await expect(
        header.getByRole('search').getByRole('combobox', { name: message('fi', 'search.label') }),
      ).toBeVisible()
      await expect(header.getByRole('link', { name: message('fi', 'nav.favourites') })).toBeVisible()
      await expect(header.getByRole('link', { name: message('fi', 'nav.account') })).toBeVisible()
      await expect(header.getByRole('button', { name: /^Ostoskori/ })).toBeVisible()
      await expect(channelMenuButton(page, 'fi')).toBeVisible()
      await expect(channelMenuButton(page, 'fi')).toHaveText('FI · EUR')
      expect(await horizontalOverflow(page)).toBe(0)
      // every control of the header fits inside the viewport
      const boxes = await header
        .locator('a, button, input')
        .evaluateAll((elements) =>
          elements
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => element.getBoundingClientRect().right),
        )
      for (const right of boxes) expect(right).toBeLessThanOrEqual(width)
      await header.screenshot({ path: path.join(SCREENSHOTS, `header-${width}.png`) })
      expect(browserErrors).toEqual([])
    })

    test('shows the main navigation inline on a computer, else behind the menu button', async ({ page }) => {
      await page.goto('/fi/')
      await waitForHydration(page)
      const menuButton = page.getByRole('banner').getByRole('button', { name: message('fi', 'nav.menu') })
      const inlineNav = page
        .getByRole('banner')
        .getByRole('navigation', { name: message('fi', 'nav.mainLabel') })
      if (width >= 1024) {
        await expect(menuButton).toBeHidden()
        await expect(
          inlineNav.getByRole('link', { name: message('fi', 'nav.category.dresses') }),
        ).toBeVisible()
        return
      }
      await expect(inlineNav).toBeHidden()
      await menuButton.click()
      const drawer = page.getByRole('dialog', { name: message('fi', 'nav.menu') })
      await expect(drawer).toBeVisible()
      expect(await horizontalOverflow(page)).toBe(0)
      await page.screenshot({ path: path.join(SCREENSHOTS, `drawer-${width}.png`) })
      await drawer.getByRole('link', { name: message('fi', 'nav.category.dresses') }).click()
      await page.waitForURL(/\/fi\/c\/mekot$/)
      await expect(drawer).toBeHidden()
      await expect(menuButton).toBeFocused()
    })

    test('the country-and-language dialog shows the current market and currency', async ({ page }) => {
      await page.goto('/fi/')
      await waitForHydration(page)
      const dialog = await openChannelMenu(page, 'fi')
      await expect(dialog.getByText('Ostat nyt maasta Suomi (EUR), kieli: Suomi.')).toBeVisible()
      expect(await horizontalOverflow(page)).toBe(0)
      await page.screenshot({ path: path.join(SCREENSHOTS, `channel-menu-${width}.png`) })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(channelMenuButton(page, 'fi')).toBeFocused()
    })

    test('has no accessibility violation', async ({ page }) => {
      await page.goto('/fi/')
      await waitForHydration(page)
      const results = await new AxeBuilder({ page })
        .include('header')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze()
      expect(
        results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
        ),
      ).toEqual([])
    })
  })
}
