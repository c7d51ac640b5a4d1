/**
 * The layout sweep's measurements (tests/e2e/layout.spec.ts, issue 27 part 2): a page is looked at
 * at each of the shop's widths and must not scroll sideways, must not cut off a control, and must
 * not hide its heading under the sticky header. Each look is kept as a screenshot under
 * test-results/layout/ at 390 and 1366 px and at every width that had a problem (ignored by git;
 * CI keeps it as an artefact), and as a line of test-results/layout/looks.jsonl.
 */
import { appendFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Page, TestInfo } from '@playwright/test'

export interface Size {
  width: number
  height: number
}

/** Phones, a tablet upright and on its side, a laptop and a desktop. */
export const WIDTHS = [
  { width: 360, height: 780 },
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 900 },
  { width: 1920, height: 1080 },
] as const

const SCREENSHOT_WIDTHS = new Set([390, 1366])

export const SCREENSHOTS = path.join(import.meta.dirname, '..', '..', 'test-results', 'layout')

export interface LayoutFinding {
  /** e.g. `guest direct /fi/c/mekot` */
  look: string
  width: number
  problems: string[]
}

/**
 * What is wrong with the page as it is drawn now, measured in the browser:
 * - the document is wider than the viewport (it scrolls sideways);
 * - a visible control (link, button, field) reaches past the left or right edge. The part of it a
 *   shopper can see counts: a carousel's card scrolled out of its track is clipped by the track on
 *   purpose, so each control is cut to the boxes of its clipping ancestors first;
 * - the page's heading lies under the sticky header, or something else covers it.
 */
function problemsInBrowser(): string[] {
  const problems: string[] = []
  const root = document.documentElement
  const viewport = root.clientWidth
  if (root.scrollWidth > viewport) {
    problems.push(`scrolls sideways: scrollWidth ${root.scrollWidth} > clientWidth ${viewport}`)
  }
  const describe = (element: Element) => {
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      ''
    const id = element.id ? `#${element.id}` : ''
    const cls =
      typeof element.className === 'string' && element.className ? `.${element.className.split(' ')[0]}` : ''
    return `${element.tagName.toLowerCase()}${id}${cls} "${name.trim().replace(/\s+/g, ' ').slice(0, 40)}"`
  }
  const controls = document.querySelectorAll(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
  )
  for (const control of controls) {
    if (!control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue
    const rect = control.getBoundingClientRect()
    // visually hidden texts (1 px, clipped) are for screen readers
    if (rect.width < 2 || rect.height < 2) continue
    let left = rect.left
    let right = rect.right
    let top = rect.top
    let bottom = rect.bottom
    for (let ancestor = control.parentElement; ancestor; ancestor = ancestor.parentElement) {
      if (ancestor === document.body || ancestor === root) break
      const style = getComputedStyle(ancestor)
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const box = ancestor.getBoundingClientRect()
        if (style.overflowX !== 'visible') {
          left = Math.max(left, box.left)
          right = Math.min(right, box.right)
        }
        if (style.overflowY !== 'visible') {
          top = Math.max(top, box.top)
          bottom = Math.min(bottom, box.bottom)
        }
      }
      if (style.position === 'fixed') break
    }
    // scrolled out of its own container: not cut off by the page
    if (right - left < 1 || bottom - top < 1) continue
    if (left < -0.5 || right > viewport + 0.5) {
      problems.push(
        `clipped control ${describe(control)}: ${Math.round(left)}…${Math.round(right)} of 0…${viewport}`,
      )
    }
  }
  const header = document.querySelector('.site-header')
  const heading = document.querySelector('main h1')
  // an open drawer, dialog or list of search suggestions covers the page on purpose
  const overlaid = [...document.querySelectorAll('dialog[open], [role="dialog"], [role="listbox"]')].some(
    (dialog) => dialog.checkVisibility(),
  )
  if (header && heading && window.scrollY === 0 && !overlaid) {
    const headerBottom = header.getBoundingClientRect().bottom
    const box = heading.getBoundingClientRect()
    if (box.width > 0 && box.top < headerBottom - 0.5) {
      problems.push(
        `the heading starts at ${Math.round(box.top)}, under the header (${Math.round(headerBottom)})`,
      )
    }
    if (box.width > 0 && box.bottom > 0 && box.top < window.innerHeight) {
      const x = Math.min(box.left + Math.min(box.width, 40) / 2, viewport - 1)
      const y = box.top + Math.min(box.height, 20) / 2
      const onTop = document.elementFromPoint(x, y)
      if (onTop && !heading.contains(onTop) && !onTop.contains(heading)) {
        problems.push(`the heading is covered by ${describe(onTop)}`)
      }
    }
  }
  return problems
}

function fileName(look: string, width: number): string {
  const slug = look
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return `${slug}-${width}.jpeg`
}

/** Waits until the browser has laid out and painted the page at its current size. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  )
}

/**
 * Looks at the page as it is at every width (the viewport resized in place, so an open drawer or
 * dialog stays open), keeps a screenshot of each and returns the widths that had problems.
 */
export async function sweepWidths(
  page: Page,
  look: string,
  widths: readonly Size[] = WIDTHS,
): Promise<LayoutFinding[]> {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const findings: LayoutFinding[] = []
  for (const size of widths) {
    await page.setViewportSize(size)
    await settled(page)
    const problems = await page.evaluate(problemsInBrowser)
    // a screenshot is most of a look's time: the phone and laptop widths, and every width that
    // had a problem (LAYOUT_SCREENSHOTS=all keeps every width)
    if (
      SCREENSHOT_WIDTHS.has(size.width) ||
      problems.length > 0 ||
      process.env.LAYOUT_SCREENSHOTS === 'all'
    ) {
      await page.screenshot({
        path: path.join(SCREENSHOTS, fileName(look, size.width)),
        type: 'jpeg',
        quality: 40,
      })
    }
    const finding = { look, width: size.width, problems }
    // every look, fitting or not: the sweep's count of overflowing pages is read from this file
    appendFileSync(path.join(SCREENSHOTS, 'looks.jsonl'), `${JSON.stringify(finding)}\n`)
    if (problems.length > 0) findings.push(finding)
  }
  return findings
}

/** Attaches a test's findings to its report, so a red run says what overflowed where. */
export async function attachFindings(testInfo: TestInfo, findings: LayoutFinding[]): Promise<void> {
  await testInfo.attach('layout-findings.json', {
    body: JSON.stringify(findings, null, 2),
    contentType: 'application/json',
  })
}

/** One line per look that had a problem: what a failing expectation prints. */
export function summary(findings: LayoutFinding[]): string[] {
  return findings.map((finding) => `${finding.look} @${finding.width}: ${finding.problems.join('; ')}`)
}
