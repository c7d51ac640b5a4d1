import { describe, expect, it } from 'vitest'
import { crc32, gunzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { compileTemplate, crc32Combine, gzipWithNonce, htmlWithNonce, templateByteLength } from './template'

const PLACEHOLDER = 'Zm9yLXRoZS1jYWNoZWQtcGFnZQ=='
const page = (nonce: string) =>
  [
    '<!doctype html><html lang="fi"><head><title>Mekko – lumo</title></head><body><div id="root">',
    '<main>'.padEnd(5000, 'x'),
    `<script nonce="${nonce}">window.__LUMO__=JSON.parse("{}")</script>`,
    `<script type="module" nonce="${nonce}" src="/assets/entry.js"></script>`,
    '</div></body></html>',
  ].join('')

describe('page template', () => {
  it('gives back the exact page with the nonce of each response, plain and gzipped', () => {
    const template = compileTemplate(Buffer.from(page(PLACEHOLDER)), PLACEHOLDER)
    expect(template.segments).toHaveLength(3)
    for (const nonce of ['YWJjZGVmZ2hpamtsbW5vcA==', randomBytes(16).toString('base64')]) {
      expect(htmlWithNonce(template, nonce).toString()).toBe(page(nonce))
      // gunzip checks the trailer's CRC-32 and length as well
      expect(gunzipSync(gzipWithNonce(template, nonce)).toString()).toBe(page(nonce))
    }
  })

  it('sends a different nonce in every response', () => {
    const template = compileTemplate(Buffer.from(page(PLACEHOLDER)), PLACEHOLDER)
    const first = gunzipSync(gzipWithNonce(template, 'Zmlyc3Qtbm9uY2UtdmFsdWU=')).toString()
    const second = gunzipSync(gzipWithNonce(template, 'c2Vjb25kLW5vbmNlLXZhbHVl')).toString()
    expect(first).toContain('nonce="Zmlyc3Qtbm9uY2UtdmFsdWU="')
    expect(first).not.toContain('c2Vjb25kLW5vbmNlLXZhbHVl')
    expect(second).toContain('nonce="c2Vjb25kLW5vbmNlLXZhbHVl"')
    expect(second).not.toContain(PLACEHOLDER)
  })

  it('compresses the page once: the gzip body is much smaller than the page', () => {
    const template = compileTemplate(Buffer.from(page(PLACEHOLDER)), PLACEHOLDER)
    expect(gzipWithNonce(template, PLACEHOLDER).length).toBeLessThan(page(PLACEHOLDER).length / 4)
    expect(templateByteLength(template)).toBeGreaterThan(page(PLACEHOLDER).length)
  })

  it('handles pages with no nonce, a nonce at either end, and nonces side by side', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constant(PLACEHOLDER)), { maxLength: 8 }),
        fc.base64String({ minLength: 4, maxLength: 44 }),
        (pieces, nonce) => {
          const html = pieces.join('')
          const template = compileTemplate(Buffer.from(html), PLACEHOLDER)
          const expected = html.split(PLACEHOLDER).join(nonce)
          expect(htmlWithNonce(template, nonce).toString()).toBe(expected)
          expect(gunzipSync(gzipWithNonce(template, nonce)).toString()).toBe(expected)
        },
      ),
    )
  })

  it('combines CRC-32s as if computed over the joined bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array(), fc.uint8Array({ maxLength: 70_000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])))
      }),
      { numRuns: 50 },
    )
  })
})
