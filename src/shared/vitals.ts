/**
 * Real-user metrics (issue #13, ADR 0035): the contract between the browser's collector
 * (src/features/vitals) and the log service's POST /api/vitals (server/services/log).
 */
import type { MarketAlias } from './markets'

export const VITALS_PATH = '/api/vitals'

/** The Core Web Vitals measured: milliseconds, except CLS (a unitless score). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const
export type VitalName = (typeof VITAL_NAMES)[number]

/** A page type is the route name of the page load that was measured, e.g. `product`. */
export const VITALS_PAGE_TYPE_PATTERN = /^[a-z0-9-]{1,64}$/

/** One page load reports each metric at most once, so a batch is small. */
export const VITALS_BATCH_MAX = 10

/** The share of page loads that measure and report (10 %): enough for p75 per page type. */
export const VITALS_SAMPLE_RATE = 0.1

export interface VitalMetric {
  name: VitalName
  value: number
  pageType: string
}

export interface VitalsBatch {
  /** the market the page was shown in (p75 per page type and market); older reports had none */
  market?: MarketAlias
  metrics: VitalMetric[]
}
