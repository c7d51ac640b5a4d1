/**
 * Real-user metrics to the log service (issue #13, ADR 0035): a sampled share of page loads
 * (VITALS_SAMPLE_RATE, decided once per load) measures the Core Web Vitals of that load and, when
 * the page is first hidden (tab switch, navigation away, close), sends them in one batch to
 * POST /api/vitals with `sendBeacon`, which survives the page going away. Each metric carries the
 * page type: the route name of the page that was loaded. Nothing identifies the shopper: no
 * cookie is read or written and the batch holds only names, numbers, the page type and the market.
 */
import type { MarketAlias } from '../../shared/markets'
import {
  VITALS_PATH,
  VITALS_SAMPLE_RATE,
  type VitalMetric,
  type VitalName,
  type VitalsBatch,
} from '../../shared/vitals'
import { measureVitals } from './measure'

export interface VitalsOptions {
  /** the route name of the loaded page */
  pageType: string
  /** the market the page is shown in */
  market: MarketAlias
  sampleRate?: number
  random?: () => number
  send?: (body: string) => void
  target?: Window
}

function beacon(body: string): void {
  const blob = new Blob([body], { type: 'application/json' })
  if (navigator.sendBeacon?.(VITALS_PATH, blob)) return
  void fetch(VITALS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined)
}

/** Whether this page load measures (decided once per load, before the module is even loaded). */
export function inVitalsSample(
  sampleRate: number = VITALS_SAMPLE_RATE,
  random: () => number = Math.random,
): boolean {
  return random() < sampleRate
}

/** Builds the batch; null when there is nothing to send. */
export function vitalsBatch(
  pageType: string,
  market: MarketAlias,
  values: ReadonlyMap<VitalName, number>,
): string | null {
  const metrics: VitalMetric[] = [...values].map(([name, value]) => ({
    name,
    value: Math.round(value * 10_000) / 10_000,
    pageType,
  }))
  const batch: VitalsBatch = { market, metrics }
  return metrics.length > 0 ? JSON.stringify(batch) : null
}

/** Starts measuring this page load if it is in the sample; returns the cleanup. */
export function startVitals({
  pageType,
  market,
  sampleRate = VITALS_SAMPLE_RATE,
  random = Math.random,
  send = beacon,
  target = window,
}: VitalsOptions): () => void {
  if (!inVitalsSample(sampleRate, random)) return () => undefined
  const values = new Map<VitalName, number>()
  let sent = false
  // first: the library's own listeners report the final values before this one sends
  measureVitals((name, value) => values.set(name, value))
  const onHidden = (event: Event) => {
    if (sent || (event.type !== 'pagehide' && target.document.visibilityState !== 'hidden')) return
    sent = true
    const body = vitalsBatch(pageType, market, values)
    if (body) send(body)
  }
  target.document.addEventListener('visibilitychange', onHidden)
  target.addEventListener('pagehide', onHidden)
  return () => {
    target.document.removeEventListener('visibilitychange', onHidden)
    target.removeEventListener('pagehide', onHidden)
  }
}
