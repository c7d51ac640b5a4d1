import { describe, expect, it } from 'vitest'
import { brotliDecompressSync, crc32, gunzipSync } from 'node:zlib'
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import {
  brotliWithNonce,
  compileTemplate,
  crc32Combine,
  gzipWithNonce,
  htmlWithNonce,
  templateByteLength,
  withBrotli,
} from './template'

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

  describe('brotli copy', () => {
    // shaped like the server's nonces (16 bytes in base64)
    const PLACEHOLDER = Buffer.from('placeholder-1234').toString('base64')
    const newNonce = () => randomBytes(16).toString('base64')
    const realistic = (nonce: string) =>
      [
        '<!doctype html><html lang="fi"><head><title>Mekko – lumo</title></head><body><div id="root">',
        ...Array.from(
          { length: 40 },
          (_, index) => `<article class="card"><h2>Mekko ${index}</h2></article>`,
        ),
        `<script nonce="${nonce}">window.__staticRouterHydrationData=JSON.parse("{\\"card\\":1}")</script>`,
        `<script nonce="${nonce}">window.__LUMO__=JSON.parse("{}")</script>`,
        `<script nonce="${nonce}" data-entry="/assets/entry.js">(function(){})()</script>`,
        '</div></body></html>',
      ].join('')

    it('gives back the exact page with each response’s nonce, smaller than gzip', async () => {
      const template = await withBrotli(
        compileTemplate(Buffer.from(realistic(PLACEHOLDER)), PLACEHOLDER),
        PLACEHOLDER,
      )
      expect(template.brotli).not.toBeNull()
      for (const nonce of [newNonce(), newNonce(), newNonce()]) {
        const brotli = brotliWithNonce(template, nonce)!
        expect(brotliDecompressSync(brotli).toString()).toBe(realistic(nonce))
        expect(brotli.length).toBeLessThan(gzipWithNonce(template, nonce).length)
      }
      expect(templateByteLength(template)).toBeGreaterThan(
        templateByteLength(compileTemplate(Buffer.from(realistic(PLACEHOLDER)), PLACEHOLDER)),
      )
    })

    it('takes no nonce of another length or ending (the response falls back to gzip)', async () => {
      const template = await withBrotli(
        compileTemplate(Buffer.from(realistic(PLACEHOLDER)), PLACEHOLDER),
        PLACEHOLDER,
      )
      expect(brotliWithNonce(template, 'c2hvcnQ=')).toBeNull()
      expect(brotliWithNonce(template, 'YWJjZGVmZ2hpamtsbW5vcHE')).toBeNull()
      expect(brotliWithNonce(template, 'YWJjZGVmZ2hpamtsbW5vcA==')).not.toBeNull()
    })

    it('keeps no brotli copy when a later segment refers back into a stand-in for the nonce', async () => {
      // the page repeats what the stand-in holds after it, so the encoder copies from the
      // stand-in, and a response's own nonce would change those bytes: the check must catch it
      const standIn = 'QUJDREVGR0hJSktMTU5PUF==' // 24 bytes ending in "==", like the nonce
      const html = realistic(PLACEHOLDER).replace(
        '</div></body>',
        `<p>${standIn.slice(0, 20)}</p></div></body>`,
      )
      const checked = await withBrotli(
        compileTemplate(Buffer.from(html), PLACEHOLDER),
        PLACEHOLDER,
        () => standIn,
      )
      expect(checked.brotli).toBeNull()
      // with random stand-ins the same page has its copy
      const random = await withBrotli(compileTemplate(Buffer.from(html), PLACEHOLDER), PLACEHOLDER)
      const nonce = newNonce()
      expect(brotliDecompressSync(brotliWithNonce(random, nonce)!).toString()).toBe(
        html.split(PLACEHOLDER).join(nonce),
      )
    })

    it('has no copy for a page without a nonce', async () => {
      const template = await withBrotli(
        compileTemplate(Buffer.from('<p>no scripts</p>'), PLACEHOLDER),
        PLACEHOLDER,
      )
      expect(template.brotli).toBeNull()
    })

    it('round-trips any page: either exact or no copy at all', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.constant(PLACEHOLDER)), { maxLength: 8 }),
          async (pieces) => {
            const html = pieces.join('')
            const template = await withBrotli(compileTemplate(Buffer.from(html), PLACEHOLDER), PLACEHOLDER)
            const nonce = newNonce()
            const brotli = brotliWithNonce(template, nonce)
            if (html.includes(PLACEHOLDER)) expect(brotli).not.toBeNull()
            if (brotli)
              expect(brotliDecompressSync(brotli).toString()).toBe(html.split(PLACEHOLDER).join(nonce))
          },
        ),
        { numRuns: 60 },
      )
    })
  })
})
