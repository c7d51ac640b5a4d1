/**
 * Core Web Vitals of the page load, measured with the browser's Performance APIs, following the
 * definitions the `web-vitals` library implements (web.dev/articles/vitals):
 * - TTFB: the navigation's responseStart (after any prerender activation);
 * - LCP: the last largest-contentful-paint entry before the first input or the page being hidden;
 * - CLS: the largest session window of layout shifts without recent input (gaps under 1 s,
 *   windows of at most 5 s);
 * - INP: the worst interaction latency, skipping one per 50 interactions (the 98th percentile),
 *   from Event Timing entries grouped by interactionId.
 * The `web-vitals` package is not installed in this repository (ADR 0035); this module is the
 * one place to swap for its onLCP/onINP/onCLS/onTTFB when it is.
 *
 * LCP, CLS and INP are final when the page is first hidden; `finalize` is called then.
 */
import type { VitalName } from '../../shared/vitals'

export type VitalReport = (name: VitalName, value: number) => void

/** Only events at least this long are reported by the browser (the API's minimum is 16 ms). */
const EVENT_DURATION_THRESHOLD_MS = 40
const CLS_SESSION_GAP_MS = 1000
const CLS_SESSION_MAX_MS = 5000

interface LayoutShiftEntry extends PerformanceEntry {
  value: number
  hadRecentInput: boolean
}

interface EventTimingEntry extends PerformanceEntry {
  interactionId?: number
}

/** The interaction latency INP reports: the worst, minus one per 50 interactions. */
export function inpFromLatencies(latencies: readonly number[]): number | null {
  if (latencies.length === 0) return null
  const sorted = [...latencies].sort((a, b) => b - a)
  const skip = Math.min(sorted.length - 1, Math.floor(latencies.length / 50))
  return sorted[skip] ?? null
}

/** The CLS score of a series of layout shifts (startTime ms, value), by session windows. */
export function clsFromShifts(shifts: readonly { startTime: number; value: number }[]): number {
  let worst = 0
  let session = 0
  let first = -Infinity
  let last = -Infinity
  for (const shift of shifts) {
    if (shift.startTime - last < CLS_SESSION_GAP_MS && shift.startTime - first < CLS_SESSION_MAX_MS) {
      session += shift.value
    } else {
      session = shift.value
      first = shift.startTime
    }
    last = shift.startTime
    worst = Math.max(worst, session)
  }
  return worst
}

function observe(
  type: string,
  onEntries: (entries: PerformanceEntry[]) => void,
  extra = {},
): PerformanceObserver | null {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes(type))
    return null
  const observer = new PerformanceObserver((list) => onEntries(list.getEntries()))
  observer.observe({ type, buffered: true, ...extra })
  return observer
}

/**
 * Starts measuring; returns `finalize`, which reports LCP, CLS and INP once (TTFB is reported as
 * soon as it is known). Call it when the page is first hidden.
 */
export function measureVitals(report: VitalReport): () => void {
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  const activationStart = (navigation as { activationStart?: number } | undefined)?.activationStart ?? 0
  if (navigation && navigation.responseStart > 0)
    report('TTFB', Math.max(0, navigation.responseStart - activationStart))

  let lcp: number | null = null
  let lcpFinal = false
  const lcpObserver = observe('largest-contentful-paint', (entries) => {
    if (lcpFinal) return
    const last = entries[entries.length - 1]
    if (last) lcp = Math.max(0, last.startTime - activationStart)
  })
  // the first input ends LCP: later paints are what the shopper caused
  const stopLcp = () => {
    lcpFinal = true
  }
  addEventListener('keydown', stopLcp, { once: true, capture: true })
  addEventListener('pointerdown', stopLcp, { once: true, capture: true })

  const shifts: { startTime: number; value: number }[] = []
  const clsObserver = observe('layout-shift', (entries) => {
    for (const entry of entries as LayoutShiftEntry[])
      if (!entry.hadRecentInput) shifts.push({ startTime: entry.startTime, value: entry.value })
  })

  const interactions = new Map<number, number>()
  const inpObserver = observe(
    'event',
    (entries) => {
      for (const entry of entries as EventTimingEntry[]) {
        const id = entry.interactionId
        if (!id) continue
        interactions.set(id, Math.max(interactions.get(id) ?? 0, entry.duration))
      }
    },
    { durationThreshold: EVENT_DURATION_THRESHOLD_MS },
  )

  let finalized = false
  return () => {
    if (finalized) return
    finalized = true
    for (const observer of [lcpObserver, clsObserver, inpObserver]) {
      if (!observer) continue
      // entries still queued belong to this page load
      const pending = observer.takeRecords()
      if (observer === clsObserver)
        for (const entry of pending as LayoutShiftEntry[])
          if (!entry.hadRecentInput) shifts.push({ startTime: entry.startTime, value: entry.value })
      if (observer === inpObserver)
        for (const entry of pending as EventTimingEntry[])
          if (entry.interactionId)
            interactions.set(
              entry.interactionId,
              Math.max(interactions.get(entry.interactionId) ?? 0, entry.duration),
            )
      observer.disconnect()
    }
    removeEventListener('keydown', stopLcp, { capture: true })
    removeEventListener('pointerdown', stopLcp, { capture: true })
    if (lcp !== null) report('LCP', lcp)
    if (clsObserver) report('CLS', Math.round(clsFromShifts(shifts) * 10_000) / 10_000)
    const inp = inpFromLatencies([...interactions.values()])
    if (inp !== null) report('INP', inp)
  }
}
