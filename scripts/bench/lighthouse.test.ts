import { describe, expect, it } from 'vitest'
import {
  hostOf,
  isTransientLighthouseFailure,
  medianRun,
  pickFromSitemap,
  readReport,
  searchPathFor,
  type LighthouseFigures,
} from './lighthouse'

function report(scores: Record<string, number>, failingAudit?: string) {
  const auditRefs = [{ id: 'color-contrast', weight: 7 }]
  return {
    categories: Object.fromEntries(Object.entries(scores).map(([id, score]) => [id, { score, auditRefs }])),
    audits: {
      'largest-contentful-paint': { score: 1, numericValue: 1234.5, title: 'LCP' },
      'cumulative-layout-shift': { score: 1, numericValue: 0.01, title: 'CLS' },
      'total-blocking-time': { score: 1, numericValue: 40, title: 'TBT' },
      'color-contrast': { score: failingAudit ? 0 : 1, title: failingAudit ?? 'Contrast' },
    },
  }
}

describe('readReport', () => {
  it('turns category scores into 0–100 and reads the web vitals', () => {
    const figures = readReport(
      report({ performance: 0.97, accessibility: 1, 'best-practices': 1, seo: 0.92 }),
    )
    expect(figures.scores).toEqual({ performance: 97, accessibility: 100, 'best-practices': 100, seo: 92 })
    expect(figures).toMatchObject({ lcpMs: 1234.5, cls: 0.01, tbtMs: 40 })
  })

  it('names the failing audits of a category below 100', () => {
    const figures = readReport(
      report({ performance: 1, accessibility: 0.9, 'best-practices': 1, seo: 1 }, 'Low contrast'),
    )
    expect(figures.failing).toEqual(['Low contrast'])
  })

  it('lists the render-blocking requests by path with their estimated cost', () => {
    const base = report({ performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 })
    const figures = readReport({
      ...base,
      audits: {
        ...base.audits,
        'render-blocking-resources': {
          score: 0,
          title: 'Render-blocking',
          details: { items: [{ url: 'http://127.0.0.1:1/assets/index-abc.css', wastedMs: 312.4 }] },
        },
      },
    })
    expect(figures.renderBlocking).toEqual(['/assets/index-abc.css (312 ms)'])
  })
})

describe('the host of a run', () => {
  it("reads Lighthouse's benchmarkIndex, NaN when the report has none", () => {
    const base = report({ performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 })
    expect(readReport({ ...base, environment: { benchmarkIndex: 1502.4 } }).benchmarkIndex).toBe(1502.4)
    expect(readReport(base).benchmarkIndex).toBeNaN()
  })

  it('counts the runs taken at or below the target host index (1,600)', () => {
    const base = readReport(report({ performance: 0.9, accessibility: 1, 'best-practices': 1, seo: 1 }))
    const runs = [1502.4, 1600, 1700.2].map((benchmarkIndex) => ({ ...base, benchmarkIndex }))
    expect(hostOf(runs)).toEqual({ indexes: [1502, 1600, 1700], atTarget: 2, median: 1600 })
  })
})

describe('searchPathFor', () => {
  it("searches for the product alias's first word", () => {
    expect(searchPathFor('/fi/p/musta-satiinimekko-12')).toBe('/fi/s/musta')
    expect(searchPathFor('/fi/p/%C3%A4iti-mekko')).toBe('/fi/s/%C3%A4iti')
  })
})

describe('medianRun', () => {
  const run = (performance: number): LighthouseFigures => ({
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    lcpMs: performance,
    cls: 0,
    tbtMs: 0,
    failing: [],
    renderBlocking: [],
    benchmarkIndex: 1500,
  })
  it('picks the run with the median performance score', () => {
    expect(medianRun([run(80), run(99), run(91)]).lcpMs).toBe(91)
  })
  it('refuses an empty list', () => {
    expect(() => medianRun([])).toThrow(/no Lighthouse run/)
  })
})

describe('pickFromSitemap', () => {
  const xml = `<urlset><url><loc>http://127.0.0.1:1/se/sv/c/klanningar</loc></url>
    <url><loc>http://127.0.0.1:1/fi/</loc></url>
    <url><loc>http://127.0.0.1:1/fi/c/mekot</loc></url>
    <url><loc>http://127.0.0.1:1/fi/p/musta-mekko-1?a=1&amp;b=2</loc></url></urlset>`
  it('finds the first Finnish page of a kind', () => {
    expect(pickFromSitemap(xml, '/c/')).toBe('/fi/c/mekot')
    expect(pickFromSitemap(xml, '/p/')).toBe('/fi/p/musta-mekko-1')
  })
  it('answers undefined when the kind is missing', () => {
    expect(pickFromSitemap(xml, '/b/')).toBeUndefined()
  })
})

describe('isTransientLighthouseFailure', () => {
  it('runs again only when Lighthouse asks for another run', () => {
    expect(
      isTransientLighthouseFailure(
        'lighthouse exited 1: Runtime error encountered: Something went wrong with recording the trace over your page load. Please run Lighthouse again. (NO_NAVSTART)',
      ),
    ).toBe(true)
    expect(isTransientLighthouseFailure('lighthouse exited 1: Unable to connect to Chrome')).toBe(false)
    expect(isTransientLighthouseFailure('the production build failed')).toBe(false)
  })
})
