// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { startVitals } from './reporter'

// web-vitals is replaced by a stand-in that knows its values and, like the library, reports TTFB
// at once and LCP and CLS from its own listener when the page is hidden
vi.mock('./measure', () => ({
  measureVitals: (report: (name: string, value: number) => void) => {
    report('TTFB', 120)
    window.addEventListener(
      'pagehide',
      () => {
        report('LCP', 1800)
        report('CLS', 0.02)
      },
      { once: true },
    )
  },
}))

describe('startVitals', () => {
  it('sends one batch with the page type when the page is first hidden', () => {
    const send = vi.fn()
    const stop = startVitals({ pageType: 'product', market: 'fi', random: () => 0, send })
    expect(send).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('pagehide'))
    window.dispatchEvent(new Event('pagehide'))
    expect(send).toHaveBeenCalledTimes(1)
    expect(JSON.parse(send.mock.calls[0]?.[0] as string)).toEqual({
      market: 'fi',
      metrics: [
        { name: 'TTFB', value: 120, pageType: 'product' },
        { name: 'LCP', value: 1800, pageType: 'product' },
        { name: 'CLS', value: 0.02, pageType: 'product' },
      ],
    })
    stop()
  })

  it('measures nothing outside the sample', () => {
    const send = vi.fn()
    const stop = startVitals({ pageType: 'home', market: 'fi', sampleRate: 0.1, random: () => 0.5, send })
    window.dispatchEvent(new Event('pagehide'))
    expect(send).not.toHaveBeenCalled()
    stop()
  })
})
