/**
 * The suite's test object: pages point at the server the global setup started, and every
 * console error or uncaught page error in the browser context is collected so a test can demand
 * a clean console (hydration warnings arrive as console errors).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import type { LocaleCode } from '../../src/shared/markets'

export { expect }

/** Collects every console error and uncaught page error of a browser context into `errors`. */
export function collectBrowserErrors(context: BrowserContext, errors: string[] = []): string[] {
  context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`)
  })
  context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`))
  return errors
}

export const test = base.extend<{ browserErrors: string[] }>({
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL)
  },
  browserErrors: async ({ context }, use) => {
    await use(collectBrowserErrors(context))
  },
})

/** React marks the document once hydrateRoot has committed (src/app/RootShell.tsx). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

const messagesCache = new Map<LocaleCode, Record<string, string>>()

/** The UI texts of a language, so tests find controls by the names shoppers see. */
export function messages(locale: LocaleCode): Record<string, string> {
  const cached = messagesCache.get(locale)
  if (cached) return cached
  const file = path.join(import.meta.dirname, '..', '..', 'locales', `${locale}.json`)
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
  messagesCache.set(locale, parsed)
  return parsed
}

export function message(locale: LocaleCode, id: string): string {
  const text = messages(locale)[id]
  if (text === undefined) throw new Error(`locales/${locale}.json has no message "${id}"`)
  return text
}
