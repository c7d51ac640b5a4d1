/**
 * Sections below the fold whose code a first load does not need (reviews, related products). The
 * server renders them as usual; in the browser a section's chunk loads when the section comes
 * near the viewport or the shopper scrolls, touches or types, and until then React keeps the
 * server's HTML in place (a dehydrated Suspense boundary). Keeps the product page's first-load
 * JavaScript inside its budget (DESIGN §8).
 */
import { lazy, Suspense, type ComponentType } from 'react'

const INTENT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const

/** Resolves once the element with this id is near the viewport or the shopper shows intent. */
function whenNeeded(id: string): Promise<void> {
  return new Promise((resolve) => {
    let observer: IntersectionObserver | undefined
    let settled = false
    const done = () => {
      if (settled) return
      settled = true
      observer?.disconnect()
      for (const type of INTENT_EVENTS) window.removeEventListener(type, done, true)
      resolve()
    }
    for (const type of INTENT_EVENTS) window.addEventListener(type, done, { capture: true, passive: true })
    const watch = () => {
      if (settled) return
      const element = document.getElementById(id)
      // on a client navigation the section mounts after this first render
      if (!element) return void requestAnimationFrame(watch)
      if (typeof IntersectionObserver === 'undefined') return done()
      observer = new IntersectionObserver(
        (entries) => entries.some((entry) => entry.isIntersecting) && done(),
        {
          rootMargin: '300px 0px',
        },
      )
      observer.observe(element)
    }
    watch()
  })
}

/** A component that renders `load()`'s default export inside a section that loads on demand. */
export function deferredSection<P extends object>(
  id: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Lazy = lazy(() => (typeof window === 'undefined' ? load() : whenNeeded(id).then(load)))
  function DeferredSection(props: P) {
    return (
      <div id={id}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </div>
    )
  }
  return DeferredSection
}

/** Marks a deferred section once the browser has hydrated it (tests wait for it before clicking). */
export function markHydrated(element: HTMLElement | null): void {
  if (element) element.dataset.hydrated = 'true'
}
