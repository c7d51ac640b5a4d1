import { describe, expect, it } from 'vitest'
import { percentile } from './index'
import { scriptUrls } from './ssr'

describe('percentile', () => {
  it('picks the nearest-rank value', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10]
    expect(percentile(values, 50)).toBe(5)
    expect(percentile(values, 90)).toBe(9)
    expect(percentile(values, 100)).toBe(10)
    expect(percentile([42], 90)).toBe(42)
  })

  it('is NaN without samples', () => {
    expect(percentile([], 50)).toBeNaN()
  })
})

describe('scriptUrls', () => {
  const page = 'http://127.0.0.1:4000/fi/p/mekko'

  it('finds module scripts and modulepreloads, whatever the attribute order and quoting', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/assets/app.css">
      <link href='/assets/vendor-1.js' rel='modulepreload' crossorigin>
      <link rel=modulepreload href=/assets/route-p.js>
      <script nonce="abc" type="module" src="/assets/entry.js"></script>
      <script>window.__STATE__ = {"a":"<\\/script>"}</script>
      <link rel="preload" as="font" href="/assets/font.woff2">
    </head><body><script type="module" src="/assets/entry.js"></script></body></html>`
    expect(scriptUrls(html, page)).toEqual([
      'http://127.0.0.1:4000/assets/vendor-1.js',
      'http://127.0.0.1:4000/assets/route-p.js',
      'http://127.0.0.1:4000/assets/entry.js',
    ])
  })

  it('counts the entry the boot script adds after the first paint', () => {
    const html = `<head><link rel="modulepreload" href="/assets/route-p.js"></head><body>
      <script nonce="abc" data-entry="/assets/entry-client-1.js">(function(){})()</script></body>`
    expect(scriptUrls(html, page)).toEqual([
      'http://127.0.0.1:4000/assets/route-p.js',
      'http://127.0.0.1:4000/assets/entry-client-1.js',
    ])
  })

  it('leaves out other origins and resolves relative paths against the page', () => {
    const html =
      '<script src="https://cdn.example.com/tag.js"></script><script src="chunk.js?v=1&amp;x=2"></script>'
    expect(scriptUrls(html, page)).toEqual(['http://127.0.0.1:4000/fi/p/chunk.js?v=1&x=2'])
  })
})
