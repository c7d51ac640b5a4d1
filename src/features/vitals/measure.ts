/**
 * Core Web Vitals of the page load, measured by Google's `web-vitals` library: TTFB as soon as it
 * is known; LCP, CLS and INP when they are final, which the library decides (the first input ends
 * LCP; CLS and INP are reported when the page is first hidden, from the library's own
 * `visibilitychange` listener — registered here, before the reporter's, so the values are in by
 * the time the reporter sends).
 */
import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import type { VitalName } from '../../shared/vitals'

export type VitalReport = (name: VitalName, value: number) => void

export function measureVitals(report: VitalReport): void {
  const forward = (metric: Metric) => {
    if (metric.name !== 'FCP') report(metric.name, metric.value)
  }
  onTTFB(forward)
  onLCP(forward)
  onCLS(forward)
  onINP(forward)
}
