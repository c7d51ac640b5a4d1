/**
 * The tag manager the shop loads after consent (issue #13, ADR 0035): its container id
 * (`GTM_ID`) and where its script comes from (`GTM_SCRIPT_URL`, Google's by default; a test
 * points it at a loopback server). One fact for the server's CSP and the browser's loader.
 */

export const DEFAULT_TAG_MANAGER_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js'

export interface TagManagerConfig {
  /** the container id, e.g. GTM-ABC123 */
  id: string
  /** gtm.js without a query */
  scriptUrl: string
}

/** A container id as Google issues them: GTM- and letters or digits. */
export const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/

export function tagManagerScriptSrc(config: TagManagerConfig): string {
  const url = new URL(config.scriptUrl)
  url.searchParams.set('id', config.id)
  return url.toString()
}

/** Where Google Tag Manager and GA4 send and load from once allowed (for the page's CSP). */
export const GOOGLE_TAG_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
] as const

/** The CSP sources the tag manager needs: its own script origin and Google's measurement hosts. */
export function tagManagerSources(config: TagManagerConfig): string[] {
  const own = new URL(config.scriptUrl).origin
  return [...new Set([own, ...GOOGLE_TAG_ORIGINS])]
}
