import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { compressGzip, isCompressible, precompressDirectory } from './precompress'

describe('precompressDirectory', () => {
  let directory: string
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'lumo-precompress-'))
  })
  afterEach(() => rmSync(directory, { recursive: true, force: true }))

  const script = 'export const greeting = "hello";\n'.repeat(200)

  it('writes .br and .gz copies beside compressible files, in nested folders too', async () => {
    mkdirSync(path.join(directory, 'assets'))
    writeFileSync(path.join(directory, 'assets', 'entry-abc123.js'), script)
    writeFileSync(path.join(directory, 'manifest.webmanifest'), JSON.stringify({ name: 'Lumo '.repeat(100) }))

    const summary = await precompressDirectory(directory)

    expect(readdirSync(path.join(directory, 'assets')).sort()).toEqual([
      'entry-abc123.js',
      'entry-abc123.js.br',
      'entry-abc123.js.gz',
    ])
    expect(readdirSync(directory).sort()).toEqual([
      'assets',
      'manifest.webmanifest',
      'manifest.webmanifest.br',
      'manifest.webmanifest.gz',
    ])
    expect(summary).toMatchObject({ files: 2, written: 4 })
    expect(summary.brotliBytes).toBeLessThan(summary.originalBytes)
  })

  it('writes copies that decode to the original bytes', async () => {
    const file = path.join(directory, 'styles.css')
    writeFileSync(file, `.card { color: #123456 }\n${'.x { margin: 0 }\n'.repeat(100)}`)

    await precompressDirectory(directory)

    const original = readFileSync(file)
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original)).toBe(true)
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original)).toBe(true)
  })

  it('skips a copy that would not be smaller than the original', async () => {
    // Two bytes: any gzip stream has an 18-byte frame, brotli a few bytes of its own.
    writeFileSync(path.join(directory, 'tiny.txt'), 'ok')

    const summary = await precompressDirectory(directory)

    expect(readdirSync(directory)).toEqual(['tiny.txt'])
    expect(summary).toMatchObject({ files: 1, written: 0, originalBytes: 2, gzipBytes: 2, brotliBytes: 2 })
  })

  it('leaves images, fonts and existing compressed copies alone', async () => {
    writeFileSync(path.join(directory, 'photo.webp'), Buffer.alloc(4096))
    writeFileSync(path.join(directory, 'font.woff2'), Buffer.alloc(4096))
    writeFileSync(path.join(directory, 'old.js.br'), Buffer.alloc(4096))

    const summary = await precompressDirectory(directory)

    expect(readdirSync(directory).sort()).toEqual(['font.woff2', 'old.js.br', 'photo.webp'])
    expect(summary.files).toBe(0)
  })
})

describe('isCompressible', () => {
  it('knows text formats by extension, whatever their case', () => {
    expect(
      ['a.js', 'b.CSS', 'c.svg', 'd.json', 'e.webmanifest', 'f.xml', 'g.txt'].every(isCompressible),
    ).toBe(true)
    expect(['a.png', 'b.webp', 'c.woff2', 'd.js.br', 'e.css.gz'].some(isCompressible)).toBe(false)
  })
})

describe('compressGzip', () => {
  it("writes a gzip any reader takes, smaller than zlib's strongest level (Zopfli)", async () => {
    // a script-like text with the repetition and variety of a bundle
    const source = Buffer.from(
      Array.from(
        { length: 400 },
        (_, i) => `export function item${i}(value){return value*${i % 17}+"${(i * 7919).toString(36)}"}\n`,
      ).join(''),
    )
    const zopfli = await compressGzip(source)
    expect(gunzipSync(zopfli).equals(source)).toBe(true)
    expect(zopfli.length).toBeLessThan(gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length)
  })
})
