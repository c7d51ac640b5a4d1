import { JSDOM } from 'jsdom'
import { describe, expect, it } from 'vitest'
import { entryScriptTag } from './entry-script'

/** A page whose frames and timers the test runs by hand, in the order a browser would. */
function pageWith(tag: string, visibility: 'visible' | 'hidden') {
  const frames: (() => void)[] = []
  const timeouts: (() => void)[] = []
  const dom = new JSDOM(`<!doctype html><html><head></head><body><main>content</main>${tag}</body></html>`, {
    runScripts: 'dangerously',
    beforeParse(window) {
      Object.defineProperty(window.document, 'visibilityState', { get: () => visibility })
      window.requestAnimationFrame = (callback: FrameRequestCallback) => frames.push(() => callback(0))
      window.setTimeout = ((callback: () => void) => timeouts.push(callback)) as typeof window.setTimeout
    },
  })
  const modules = () =>
    [...dom.window.document.querySelectorAll('script[type="module"]')].map((script) => ({
      src: script.getAttribute('src'),
      nonce: (script as HTMLScriptElement).nonce,
    }))
  const run = (queue: (() => void)[]) => queue.splice(0).forEach((callback) => callback())
  return { modules, paint: () => run(frames), afterPaint: () => run(timeouts) }
}

describe('entryScriptTag', () => {
  it('adds the entry module with the page nonce only once the first frame is painted', () => {
    const page = pageWith(entryScriptTag('bm9uY2U=', '/assets/entry-client-abc.js'), 'visible')
    expect(page.modules()).toEqual([])
    page.paint()
    expect(page.modules()).toEqual([])
    page.afterPaint()
    expect(page.modules()).toEqual([{ src: '/assets/entry-client-abc.js', nonce: 'bm9uY2U=' }])
  })

  it('loads the entry at once in a hidden tab, where no frame is painted', () => {
    const page = pageWith(entryScriptTag('bm9uY2U=', '/assets/entry-client-abc.js'), 'hidden')
    expect(page.modules()).toEqual([{ src: '/assets/entry-client-abc.js', nonce: 'bm9uY2U=' }])
  })

  it('names the entry in an escaped attribute that no path can break out of', () => {
    const src = '/assets/"></script><script>alert(1)</script>.js'
    const tag = entryScriptTag('bm9uY2U=', src)
    expect(tag.match(/<\/script>/g)).toHaveLength(1)
    const page = pageWith(tag, 'hidden')
    expect(page.modules()).toEqual([{ src, nonce: 'bm9uY2U=' }])
  })
})
