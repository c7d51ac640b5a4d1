/**
 * Issue #15 item 3: the image service's resized variants on disk stay under IMAGE_CACHE_MB. Past
 * the bound the least recently used files go (a read counts as a use), the order survives a
 * restart (files' times), and the service keeps its cache under the bound it is configured with.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import imagesService from '../../../server/services/images'
import { createDiskCache } from '../../../server/services/images/disk-cache'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

const directories: string[] = []
const freshDir = () => {
  const directory = mkdtempSync(path.join(tmpdir(), 'lumo-image-cache-'))
  directories.push(directory)
  return directory
}
afterAll(() => {
  for (const directory of directories) rmSync(directory, { recursive: true, force: true })
})

const bytes = (size: number, fill: number) => Buffer.alloc(size, fill)

describe('the disk cache past its bound', () => {
  it('evicts the least recently used files, a read counting as a use', async () => {
    let clock = 1_700_000_000_000
    const cache = createDiskCache(freshDir(), { maxBytes: 10_000, now: () => (clock += 1000) })
    await cache.write('a', bytes(3000, 1))
    await cache.write('b', bytes(3000, 2))
    await cache.write('c', bytes(3000, 3))
    expect(await cache.read('a')).toEqual(bytes(3000, 1))
    await cache.write('d', bytes(3000, 4))

    expect(existsSync(cache.pathFor('b'))).toBe(false)
    expect(await cache.read('b')).toBeUndefined()
    for (const key of ['a', 'c', 'd']) expect(existsSync(cache.pathFor(key)), key).toBe(true)
    expect(await cache.size()).toBe(9000)
  })

  it('keeps the order across a restart', async () => {
    const dataDir = freshDir()
    let clock = 1_700_000_000_000
    const now = () => (clock += 1000)
    const before = createDiskCache(dataDir, { maxBytes: 10_000, now })
    await before.write('old', bytes(4000, 1))
    await before.write('newer', bytes(4000, 2))
    await before.read('old')

    const after = createDiskCache(dataDir, { maxBytes: 10_000, now })
    expect(await after.size()).toBe(8000)
    await after.write('newest', bytes(4000, 3))
    expect(existsSync(after.pathFor('newer'))).toBe(false)
    expect(existsSync(after.pathFor('old'))).toBe(true)
    expect(existsSync(after.pathFor('newest'))).toBe(true)
  })
})

describe('the image service with a bounded cache', () => {
  let database: TestDatabase
  let fileName: string
  const widths = ['80w', '96w', '320w', '400w', '640w']
  const variantUrl = (width: string) => `/img/product/${width}/${encodeURIComponent(fileName)}?format=webp`

  beforeAll(async () => {
    database = await createTestDatabase({ seed: { products: 10 } })
    const row = await database.db
      .selectFrom('product_images')
      .select('file_name')
      .orderBy('file_name')
      .executeTakeFirstOrThrow()
    fileName = row.file_name
  }, 120_000)
  afterAll(async () => {
    await database?.close()
  })

  /** Renders every width in order on a fresh service; answers the cache files in that order. */
  async function renderAll(imageCacheMaxBytes?: number) {
    const dataDir = freshDir()
    const app = Fastify({ logger: false })
    await app.register(imagesService, {
      database,
      config: { dataDir, ...(imageCacheMaxBytes ? { imageCacheMaxBytes } : {}) },
    })
    const cache = createDiskCache(dataDir)
    const files: string[] = []
    try {
      for (const width of widths) {
        const response = await app.inject(variantUrl(width))
        expect(response.statusCode).toBe(200)
        // the file of the variant just written: the only one not seen before
        const before = new Set(files)
        const written = await readdir(cache.directory, { recursive: true })
        const fresh = written
          .map((entry) => path.join(cache.directory, entry))
          .filter((file) => !before.has(file) && statSync(file).isFile())
        files.push(...fresh)
      }
    } finally {
      await app.close()
    }
    return files
  }

  it('drops the oldest variant once the next one takes it past the bound', async () => {
    const unbounded = await renderAll()
    expect(unbounded).toHaveLength(widths.length)
    const sizes = unbounded.map((file) => statSync(file).size)
    // room for every variant but the first
    const bound = sizes.slice(1).reduce((sum, size) => sum + size, 0)

    const bounded = await renderAll(bound)
    expect(bounded).toHaveLength(widths.length)
    expect(existsSync(bounded[0]!)).toBe(false)
    for (const file of bounded.slice(1)) expect(existsSync(file)).toBe(true)
  })
})
