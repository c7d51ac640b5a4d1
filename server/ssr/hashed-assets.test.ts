import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { contentTypeOf, loadHashedAssets, notModified } from './hashed-assets'

describe('loadHashedAssets', () => {
  it('keeps each file with the compressed copies written beside it, copies not as files of their own', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'lumo-assets-'))
    writeFileSync(path.join(directory, 'entry-abc.js'), 'console.log(1)')
    writeFileSync(path.join(directory, 'entry-abc.js.br'), 'brotli bytes')
    writeFileSync(path.join(directory, 'entry-abc.js.gz'), 'gzip bytes')
    writeFileSync(path.join(directory, 'style-def.css'), 'p{}')

    const assets = await loadHashedAssets(directory)

    expect([...assets.keys()].sort()).toEqual(['entry-abc.js', 'style-def.css'])
    const script = assets.get('entry-abc.js')!
    expect(script.identity.toString()).toBe('console.log(1)')
    expect(script.encoded.br?.toString()).toBe('brotli bytes')
    expect(script.encoded.gzip?.toString()).toBe('gzip bytes')
    expect(Object.keys(script.encoded)).toEqual(['br', 'gzip'])
    expect(script.contentType).toBe('application/javascript; charset=utf-8')
    expect(assets.get('style-def.css')!.encoded).toEqual({})
    expect(script.etag).not.toBe(assets.get('style-def.css')!.etag)
  })
})

describe('notModified', () => {
  const etag = 'W/"abc"'

  it('matches weakly, in a list, and *', () => {
    expect(notModified('W/"abc"', etag)).toBe(true)
    expect(notModified('"abc"', etag)).toBe(true)
    expect(notModified('"x", W/"abc"', etag)).toBe(true)
    expect(notModified('*', etag)).toBe(true)
  })

  it('does not match another validator or none', () => {
    expect(notModified('W/"abd"', etag)).toBe(false)
    expect(notModified(undefined, etag)).toBe(false)
    expect(notModified('', etag)).toBe(false)
  })
})

describe('contentTypeOf', () => {
  it('names the types of the build and falls back to bytes', () => {
    expect(contentTypeOf('a.css')).toBe('text/css; charset=utf-8')
    expect(contentTypeOf('messages-fi-x.json')).toBe('application/json; charset=utf-8')
    expect(contentTypeOf('font.WOFF2')).toBe('font/woff2')
    expect(contentTypeOf('blob.bin')).toBe('application/octet-stream')
  })
})
