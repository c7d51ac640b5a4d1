import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { entryScriptTag, LONGEST_WAIT_MS } from './entry-script'

const ENTRY = '/assets/entry-client-abc.js'
const NONCE = 'bm9uY2U='

interface PageOptions {
  visibility?: 'visible' | 'hidden'
  /** the entry types the browser reports; none: no PerformanceObserver at all */
  entryTypes?: string[]
  /** the page's body before the entry script */
  body?: string
}

/**
 * A page whose frames, timers and performance entries the test delivers by hand, in the order a
 * browser would. Images say where they are and how their load went in data attributes:
 * `data-box="below"` is under the fold, `data-state="loading" | "failed"` (loaded otherwise).
 */
function pageWith(tag: string, { visibility = 'visible', entryTypes, body = '' }: PageOptions = {}) {
  const frames: (() => void)[] = []
  const timeouts: { callback: () => void; delay: number }[] = []
  const observers: { callback: (list: { getEntries(): unknown[] }) => void; types: string[] }[] = []
  let visibilityState = visibility
  const dom = new JSDOM(
    `<!doctype html><html><head></head><body><main>content${body}</main>${tag}</body></html>`,
    {
      runScripts: 'dangerously',
      beforeParse(window) {
        Object.defineProperty(window.document, 'visibilityState', { get: () => visibilityState })
        window.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(() => callback(0))
        window.setTimeout = ((callback: () => void, delay = 0) =>
          timeouts.push({ callback, delay })) as typeof window.setTimeout
        const image = window.HTMLImageElement.prototype
        Object.defineProperty(image, 'complete', {
          get(this: HTMLImageElement) {
            return this.dataset.state !== 'loading'
          },
        })
        Object.defineProperty(image, 'naturalWidth', {
          get(this: HTMLImageElement) {
            return this.dataset.state === 'failed' || this.dataset.state === 'loading' ? 0 : 320
          },
        })
        image.getBoundingClientRect = function (this: HTMLImageElement) {
          const top = this.dataset.box === 'below' ? 2000 : 100
          return { top, bottom: top + 400, left: 0, right: 320, width: 320, height: 400 } as DOMRect
        }
        if (entryTypes) {
          class FakeObserver {
            static supportedEntryTypes = entryTypes
            private types: string[] = []
            constructor(callback: (list: { getEntries(): unknown[] }) => void) {
              observers.push({ callback, types: this.types })
            }
            observe({ type }: { type: string }) {
              this.types.push(type)
            }
          }
          Object.assign(window, { PerformanceObserver: FakeObserver })
        }
      },
    },
  )
  const document = dom.window.document
  const modules = () =>
    [...document.querySelectorAll('script[type="module"]')].map((script) => ({
      src: script.getAttribute('src'),
      nonce: (script as HTMLScriptElement).nonce,
    }))
  const report = (type: string, entry: Record<string, unknown>) => {
    for (const observer of observers)
      if (observer.types.includes(type))
        observer.callback({ getEntries: () => [{ entryType: type, ...entry }] })
  }
  return {
    modules,
    loaded: () => modules().length > 0,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    /** the tasks queued without a delay */
    tasks: () =>
      timeouts
        .filter(({ delay }) => delay === 0)
        .splice(0)
        .forEach(({ callback }) => callback()),
    /** the timers that end the longest wait */
    longestWait: () =>
      timeouts.filter(({ delay }) => delay === LONGEST_WAIT_MS).forEach(({ callback }) => callback()),
    paint: (name: string) => report('paint', { name }),
    shown: (selector: string) => report('element', { element: document.querySelector(selector) }),
    fail: (selector: string) => {
      const image = document.querySelector<HTMLImageElement>(selector)
      if (!image) throw new Error(`no ${selector}`)
      image.dataset.state = 'failed'
      image.dispatchEvent(new dom.window.Event('error'))
    },
    hide: () => {
      visibilityState = 'hidden'
      document.dispatchEvent(new dom.window.Event('visibilitychange'))
    },
  }
}

const tag = entryScriptTag(NONCE, ENTRY)
const REPORTING = ['paint', 'element', 'largest-contentful-paint']
const hero = (id: string, attributes = '') =>
  `<img id="${id}" src="/img/${id}.jpg" fetchpriority="high" elementtiming="hero" ${attributes}>`

describe('entryScriptTag', () => {
  it("adds the entry module with the page's nonce once the first contentful paint is reported", () => {
    const page = pageWith(tag, { entryTypes: REPORTING })
    page.frame()
    page.tasks()
    page.paint('first-paint')
    expect(page.loaded()).toBe(false)
    page.paint('first-contentful-paint')
    expect(page.modules()).toEqual([{ src: ENTRY, nonce: NONCE }])
  })

  it('waits for every LCP image in view to be reported on screen', () => {
    const page = pageWith(tag, {
      entryTypes: REPORTING,
      body: `${hero('first', 'data-state="loading"')}${hero('second')}<img id="other" src="/img/x.jpg">`,
    })
    page.paint('first-contentful-paint')
    expect(page.loaded()).toBe(false)
    page.shown('#other')
    page.shown('#second')
    expect(page.loaded()).toBe(false)
    page.shown('#first')
    expect(page.modules()).toEqual([{ src: ENTRY, nonce: NONCE }])
  })

  it('takes images reported before the first contentful paint into account', () => {
    const page = pageWith(tag, { entryTypes: REPORTING, body: hero('first') })
    page.shown('#first')
    expect(page.loaded()).toBe(false)
    page.paint('first-contentful-paint')
    expect(page.loaded()).toBe(true)
  })

  it('does not wait for an LCP image below the fold, or for one that failed', () => {
    const below = pageWith(tag, { entryTypes: REPORTING, body: hero('first', 'data-box="below"') })
    below.paint('first-contentful-paint')
    expect(below.loaded()).toBe(true)

    const failedEarly = pageWith(tag, { entryTypes: REPORTING, body: hero('first', 'data-state="failed"') })
    failedEarly.paint('first-contentful-paint')
    expect(failedEarly.loaded()).toBe(true)

    const failingLater = pageWith(tag, { entryTypes: REPORTING, body: hero('first', 'data-state="loading"') })
    failingLater.paint('first-contentful-paint')
    expect(failingLater.loaded()).toBe(false)
    failingLater.fail('#first')
    expect(failingLater.loaded()).toBe(true)
  })

  it('waits for the first contentful paint alone where Element Timing is not reported', () => {
    const page = pageWith(tag, { entryTypes: ['paint'], body: hero('first', 'data-state="loading"') })
    page.paint('first-contentful-paint')
    expect(page.loaded()).toBe(true)
  })

  it('without paint entries, adds the entry after the next frame and a task after it', () => {
    const page = pageWith(tag, { body: hero('first') })
    expect(page.loaded()).toBe(false)
    page.frame()
    expect(page.loaded()).toBe(false)
    page.tasks()
    expect(page.modules()).toEqual([{ src: ENTRY, nonce: NONCE }])
  })

  it('loads the entry at once in a hidden tab, and when the tab is hidden before the paint', () => {
    const hidden = pageWith(tag, { visibility: 'hidden', entryTypes: REPORTING })
    expect(hidden.modules()).toEqual([{ src: ENTRY, nonce: NONCE }])

    const hiddenLater = pageWith(tag, { entryTypes: REPORTING, body: hero('first') })
    expect(hiddenLater.loaded()).toBe(false)
    hiddenLater.hide()
    expect(hiddenLater.loaded()).toBe(true)
  })

  it('stops waiting after the longest wait, and adds the entry only once', () => {
    const page = pageWith(tag, { entryTypes: REPORTING, body: hero('first', 'data-state="loading"') })
    page.paint('first-contentful-paint')
    expect(page.loaded()).toBe(false)
    page.longestWait()
    expect(page.loaded()).toBe(true)
    page.shown('#first')
    page.hide()
    expect(page.modules()).toHaveLength(1)
  })

  it('names the entry in an escaped attribute that no path can break out of', () => {
    const src = '/assets/"></script><script>alert(1)</script>.js'
    const escaped = entryScriptTag(NONCE, src)
    expect(escaped.match(/<\/script>/g)).toHaveLength(1)
    const page = pageWith(escaped, { visibility: 'hidden' })
    expect(page.modules()).toEqual([{ src, nonce: NONCE }])
  })
})
