/**
 * Accessibility in the browser (docs/quality-bars.md#accessibility): axe-core finds no WCAG 2.1 A/AA violation on
 * the hydrated pages of the spine, in Finnish and in another market's language, including the
 * checkout and the not-found page.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, waitForHydration } from './fixtures'

const PAGES = [
  '/fi/',
  '/se/sv/',
  '/fi/kassa',
  '/dk/da/kassen',
  '/fi/c/mekot',
  '/fi/tata-sivua-ei-ole-olemassa',
]

for (const path of PAGES) {
  test(`${path} has no WCAG 2.1 A/AA violation`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    const violations = results.violations.map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    )
    expect(violations).toEqual([])
  })
}
