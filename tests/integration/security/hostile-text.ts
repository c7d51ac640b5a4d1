/**
 * Hostile shopper texts and the check that a page or mail shows them as text only (issue #15,
 * the XSS property test): parsed by jsdom (which runs no scripts), no element or attribute of the
 * payload exists, every script is the server's own (the CSP nonce), and the boot state still
 * parses back to the exact strings.
 */
import fc from 'fast-check'
import { JSDOM } from 'jsdom'

/** Each breaks out of a different context: element, attribute, script, URL, JS string, JSON. */
export const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</script><script>alert(1)</script>',
  'javascript:alert(1)',
  'line\u2028break\u2029para',
  '${alert(1)}`+alert(1)+`',
  '"}]}\'</style><iframe srcdoc=x>',
  '<!--<script>alert(1)//-->',
  '\\u003c/script\\u003e\\"',
] as const

/** A hostile text as a shopper might type it: a payload with arbitrary text around it. */
export function hostileText(maxLength = 100): fc.Arbitrary<string> {
  return fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...PAYLOADS), fc.string({ maxLength: 8 }))
    .map(([before, payload, after]) => `${before}${payload}${after}`.slice(0, maxLength))
}

export interface InertOptions {
  /** the CSP nonce every script must carry; null: no script may exist at all (mail) */
  nonce: string | null
}

/** What is wrong with the document, as readable lines (empty when it is inert). */
export function injectedParts(html: string, { nonce }: InertOptions): string[] {
  const problems: string[] = []
  const { document } = new JSDOM(html).window
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.getAttributeNames()) {
      if (/^on/i.test(attribute)) problems.push(`<${element.localName} ${attribute}>`)
      if (/^(src|href|srcdoc|action|formaction)$/i.test(attribute)) {
        const value = element.getAttribute(attribute) ?? ''
        if (/^\s*javascript:/i.test(value)) problems.push(`<${element.localName} ${attribute}="${value}">`)
        if (attribute === 'srcdoc') problems.push(`<${element.localName} srcdoc>`)
        if (value === 'x') problems.push(`<${element.localName} ${attribute}="x">`)
      }
    }
  }
  // the shop's own icons are inline <svg>: an injected one is caught by its on… attribute above
  for (const tag of ['iframe', 'object', 'embed', 'frame']) {
    if (document.querySelector(tag)) problems.push(`<${tag}>`)
  }
  for (const script of document.querySelectorAll('script')) {
    const content = script.textContent ?? ''
    if (nonce !== null && script.getAttribute('type') === 'application/ld+json') {
      // structured data is not run: it must stay one JSON document that nothing closes early
      if (content.includes('<')) problems.push('"<" in structured data')
      try {
        JSON.parse(content)
      } catch {
        problems.push(`structured data that does not parse: ${content.slice(0, 80)}`)
      }
      continue
    }
    if (nonce === null) problems.push('a <script> in a mail')
    else if (script.getAttribute('nonce') !== nonce)
      problems.push(`a <script> without the nonce: ${script.outerHTML.slice(0, 80)}`)
    // the state scripts are run by bootState; any other script must not carry shopper text
    if (/alert\(1\)/.test(content) && !STATE_SCRIPT.test(content))
      problems.push(`script text carries the payload: ${content.slice(0, 80)}`)
  }
  return problems
}

/** What the document shows a reader: its text and its form fields' values (entities decoded). */
export function textOf(html: string): string {
  const { document } = new JSDOM(html).window
  const fields = [...document.querySelectorAll('input, textarea')].map(
    (field) => (field as HTMLInputElement).value,
  )
  return [document.documentElement.textContent ?? '', ...fields].join('\n')
}

/** The page's state scripts: the app's boot state and the router's hydration (loader) data. */
const STATE_SCRIPT = /^window\.(__LUMO__|__staticRouterHydrationData)\s*=/

/**
 * The serialised state of a page (the Redux/Apollo boot state and the router's loader data), got
 * by running its scripts as the browser would, with an `alert` that records a call: a payload
 * that broke out of its string would run (or fail to parse).
 */
export function pageState(html: string): { state: unknown[]; alerts: number } {
  const { document } = new JSDOM(html).window
  const scripts = [...document.querySelectorAll('script')]
    .map((script) => script.textContent ?? '')
    .filter((text) => STATE_SCRIPT.test(text))
  if (!scripts.some((text) => text.startsWith('window.__LUMO__=')))
    throw new Error('no boot state in the page')
  let alerts = 0
  const window: Record<string, unknown> = {}
  for (const text of scripts) {
    if (text.includes('<')) throw new Error(`a state script contains "<": ${text.slice(0, 80)}`)
    new Function('window', 'alert', text)(window, () => {
      alerts += 1
    })
  }
  return { state: [window['__LUMO__'], window['__staticRouterHydrationData']], alerts }
}

/** Every string inside a JSON-like value. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn)
  return []
}
