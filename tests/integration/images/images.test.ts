/**
 * The image service over HTTP (app.inject) on a seeded PGlite database: product images rendered
 * to each format at the asked size (read back with sharp), cache headers, the disk cache, Accept
 * negotiation, 400/404 for bad requests, redirects from sizes and qualities the shop does not use
 * (ADR 0072), and the per-address render budget and waiting line.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import imagesService, {
  IMAGE_REDIRECT_CACHE_CONTROL,
  IMAGE_RENDER_LIMIT,
} from '../../../server/services/images'
import { createDiskCache } from '../../../server/services/images/disk-cache'
import { createRenderQueue } from '../../../server/services/images/job-queue'
import { parseImageRequest, variantKey } from '../../../server/services/images/params'
import { createMemoryRateLimiter } from '../../../server/services/shared/rate-limit'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

let app: FastifyInstance
let database: TestDatabase
let dataDir: string
let productImage: string

beforeAll(async () => {
  database = await createTestDatabase({ seed: { products: 20 } })
  dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-'))
  app = Fastify({ logger: false })
  await app.register(imagesService, { database, config: { dataDir } })
  await app.ready()
  const row = await database.db
    .selectFrom('product_images')
    .select('file_name')
    .orderBy('file_name')
    .executeTakeFirstOrThrow()
  productImage = row.file_name
})

afterAll(async () => {
  await app?.close()
  await database?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

function url(sizeFolder: string, query = '', type = 'product', fileName = productImage) {
  return `/img/${type}/${sizeFolder}/${encodeURIComponent(fileName)}${query}`
}

describe('image service', () => {
  it('has seeded product images to serve', () => {
    expect(productImage).toMatch(/-\d+\.svg$/)
  })

  it.each([
    ['webp', 'image/webp'],
    ['avif', 'image/avif'],
    ['jpeg', 'image/jpeg'],
  ] as const)('renders a product image as %s at the asked width and 4:5 box', async (format, contentType) => {
    const response = await app.inject(url('400f500', `?format=${format}`))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe(contentType)
    expect(response.headers.vary).toBeUndefined()
    const metadata = await sharp(response.rawPayload).metadata()
    expect(metadata.format).toBe(format === 'avif' ? 'heif' : format)
    expect(metadata.width).toBe(400)
    expect(metadata.height).toBe(500)
  })

  it('keeps the ratio for width-only and contain folders', async () => {
    const widthOnly = await app.inject(url('320w', '?format=webp'))
    expect(await sharp(widthOnly.rawPayload).metadata()).toMatchObject({ width: 320, height: 400 })
    // An 800×1000 drawing inside a 400×400 box: height limits it.
    const contain = await app.inject(url('400x400', '?format=jpeg'))
    expect(await sharp(contain.rawPayload).metadata()).toMatchObject({ width: 320, height: 400 })
  })

  it('sends long-lived cache headers and an ETag that answers 304', async () => {
    const response = await app.inject(url('96w', '?format=webp'))
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const etag = response.headers.etag
    expect(etag).toMatch(/^"[\w-]+"$/)
    const revalidated = await app.inject({
      url: url('96w', '?format=webp'),
      headers: { 'if-none-match': String(etag) },
    })
    expect(revalidated.statusCode).toBe(304)
    expect(revalidated.rawPayload.length).toBe(0)
    const listed = await app.inject({
      url: url('96w', '?format=webp'),
      headers: { 'if-none-match': `"other", W/${String(etag)}` },
    })
    expect(listed.statusCode).toBe(304)
    const changed = await app.inject({
      url: url('96w', '?format=webp'),
      headers: { 'if-none-match': '"other"' },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).toBe(etag)
  })

  it('writes the variant to the disk cache and serves the second request from it', async () => {
    const cache = createDiskCache(dataDir)
    const parsed = parseImageRequest(
      { type: 'product', sizeFolder: '80w', fileName: productImage },
      { format: 'jpeg' },
      undefined,
    )
    if (!parsed.ok) throw new Error(parsed.error)
    const row = await database.db
      .selectFrom('images')
      .select('created_at')
      .where('file_name', '=', productImage)
      .executeTakeFirstOrThrow()
    const createdAt: unknown = row.created_at
    const version = createdAt instanceof Date ? createdAt.toISOString() : String(createdAt)
    const file = cache.pathFor(`${variantKey(parsed.value)}@${version}`)
    expect(existsSync(file)).toBe(false)

    const first = await app.inject(url('80w', '?format=jpeg'))
    expect(first.statusCode).toBe(200)
    expect(existsSync(file)).toBe(true)
    expect(readFileSync(file).equals(first.rawPayload)).toBe(true)

    // Change the file on disk: the second response must come from it, not from a new render.
    const marker = Buffer.concat([first.rawPayload, Buffer.from('cached')])
    await cache.write(`${variantKey(parsed.value)}@${version}`, marker)
    const second = await app.inject(url('80w', '?format=jpeg'))
    expect(second.statusCode).toBe(200)
    expect(second.rawPayload.equals(marker)).toBe(true)
  })

  it('negotiates the format from Accept and says Vary: Accept', async () => {
    const cases = [
      ['image/avif,image/webp,*/*', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['image/avif;q=0,image/webp', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ] as const
    for (const [accept, contentType] of cases) {
      const response = await app.inject({ url: url('80f100'), headers: { accept } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toBe(contentType)
      expect(response.headers.vary).toBe('Accept')
    }
  })

  it.each([
    ['a width below the minimum', url('8w')],
    ['a width above the maximum', url('4001w')],
    ['a height above the maximum', url('800f5000')],
    ['an unknown size folder', url('large')],
    ['an unknown format', url('400w', '?format=gif')],
    ['quality 0', url('400w', '?q=0')],
    ['quality above 100', url('400w', '?q=101')],
    ['a fractional quality', url('400w', '?q=50.5')],
    ['an unknown query parameter', url('400w', '?blur=3')],
    ['an unknown type', url('400w', '', 'video')],
  ])('answers 400 with a message for %s', async (_case, requestUrl) => {
    const response = await app.inject(requestUrl)
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(response.json<{ error: string }>().error).toMatch(/^Bad image request: \w/)
  })

  it('answers 404 for an unknown file and for a product image asked for as content', async () => {
    const unknown = await app.inject(url('400w', '', 'product', 'no-such-image.svg'))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Image not found' })
    const asContent = await app.inject(url('400w', '', 'cms'))
    expect(asContent.statusCode).toBe(404)
  })

  it('answers 503 with Retry-After while the render queue is full, and renders once it frees', async () => {
    const busyQueue = createRenderQueue({ concurrency: 1, maxWaiting: 0 })
    const busyDataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-busy-'))
    const busyApp = Fastify({ logger: false })
    await busyApp.register(imagesService, {
      database,
      config: { dataDir: busyDataDir },
      renderQueue: busyQueue,
    })
    let release!: () => void
    const blocker = busyQueue.run('192.0.2.1', () => new Promise<void>((resolve) => (release = resolve)))
    try {
      const refused = await busyApp.inject(url('96f120', '?format=webp'))
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe('1')
      release()
      await blocker
      const served = await busyApp.inject(url('96f120', '?format=webp'))
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/webp')
    } finally {
      release()
      await busyApp.close()
      rmSync(busyDataDir, { recursive: true, force: true })
    }
  })

  it('answers 429 to an address whose renders already wait in its line, while another address is served (ADR 0072)', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10, maxWaitingPerClient: 0 })
    const lineDataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-line-'))
    const lineApp = Fastify({ logger: false })
    await lineApp.register(imagesService, { database, config: { dataDir: lineDataDir }, renderQueue: queue })
    const busy = '198.51.100.30'
    let release!: () => void
    // the address's one running render (one address runs at most all slots but one)
    const blocker = queue.run(busy, () => new Promise<void>((resolve) => (release = resolve)))
    try {
      const refused = await lineApp.inject({ url: url('96f120', '?format=jpeg'), remoteAddress: busy })
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('1')
      const other = await lineApp.inject({
        url: url('96f120', '?format=jpeg'),
        remoteAddress: '203.0.113.31',
      })
      expect(other.statusCode).toBe(200)
    } finally {
      release()
      await blocker
      await lineApp.close()
      rmSync(lineDataDir, { recursive: true, force: true })
    }
  })

  it('answers 429 with Retry-After once an address has used up its render budget; cached ones and other addresses still get theirs (ADR 0024, 0072)', async () => {
    const limiter = createMemoryRateLimiter()
    const limitedDataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-limited-'))
    const limitedApp = Fastify({ logger: false })
    await limitedApp.register(imagesService, { database, config: { dataDir: limitedDataDir }, limiter })
    const attacker = '198.51.100.20'
    const get = (sizeFolder: string, remoteAddress: string) =>
      limitedApp.inject({ url: url(sizeFolder, '?format=webp'), remoteAddress })
    try {
      expect((await get('320f400', attacker)).statusCode).toBe(200)
      // the rest of the window's budget, used up without rendering here
      await limiter.hit(IMAGE_RENDER_LIMIT, attacker, IMAGE_RENDER_LIMIT.limit)
      const refused = await get('400f500', attacker)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(IMAGE_RENDER_LIMIT.windowMs / 1000)
      expect((await get('320f400', attacker)).statusCode).toBe(200)
      expect((await get('400f500', '198.51.100.21')).statusCode).toBe(200)
    } finally {
      await limitedApp.close()
      rmSync(limitedDataDir, { recursive: true, force: true })
    }
  })

  it('charges a render its pixels times its format factor: the largest AVIF 11 797, a card WebP 128 (ADR 0072)', async () => {
    const limiter = createMemoryRateLimiter()
    const costDataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-cost-'))
    const costApp = Fastify({ logger: false })
    await costApp.register(imagesService, { database, config: { dataDir: costDataDir }, limiter })
    const address = '198.51.100.40'
    const used = async () => {
      const decision = await limiter.check(IMAGE_RENDER_LIMIT, address)
      return decision.allowed ? IMAGE_RENDER_LIMIT.limit - decision.remaining - 1 : Infinity
    }
    try {
      const card = await costApp.inject({ url: url('320f400', '?format=webp'), remoteAddress: address })
      expect(card.statusCode).toBe(200)
      expect(await used()).toBe(128)
      const largest = await costApp.inject({ url: url('1536f1920', '?format=avif'), remoteAddress: address })
      expect(largest.statusCode).toBe(200)
      expect(await used()).toBe(128 + 11_797)
      // a cached variant costs nothing
      await costApp.inject({ url: url('1536f1920', '?format=avif'), remoteAddress: address })
      expect(await used()).toBe(128 + 11_797)
    } finally {
      await costApp.close()
      rmSync(costDataDir, { recursive: true, force: true })
    }
  })
})

describe('sizes and qualities the shop does not use (ADR 0072)', () => {
  it.each([
    ['a 3999 px AVIF at quality 90', url('3999w', '?format=avif&q=90'), url('1536w', '?format=avif')],
    ['a 402 px WebP', url('402w', '?format=webp'), url('400w', '?format=webp')],
    ['a 1000×1250 box', url('1000f1250', '?format=jpeg'), url('1024f1280', '?format=jpeg')],
    ['an 800×1000 contain box', url('800x1000', '?format=webp'), url('768x960', '?format=webp')],
    ['a square box', url('500f500', '?format=webp'), url('400f400', '?format=webp')],
    [
      'another quality at an allowed size',
      url('320f400', '?format=webp&q=30'),
      url('320f400', '?format=webp'),
    ],
    ['a content image', url('1200w', '?format=avif', 'cms'), url('1280w', '?format=avif', 'cms')],
  ])('redirects %s to the nearest allowed one, same file and format', async (_case, asked, allowed) => {
    const response = await app.inject(asked)
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(allowed)
    expect(response.headers['cache-control']).toBe(IMAGE_REDIRECT_CACHE_CONTROL)
    expect(response.rawPayload.length).toBe(0)
  })

  it('lands on the picture: the redirect of a 3999 px AVIF serves a 1536 px one', async () => {
    const redirect = await app.inject(url('3999w', '?format=avif&q=90'))
    const landed = await app.inject(String(redirect.headers.location))
    expect(landed.statusCode).toBe(200)
    expect(landed.headers['content-type']).toBe('image/avif')
    expect(await sharp(landed.rawPayload).metadata()).toMatchObject({ width: 1536, height: 1920 })
  })

  it('keeps a negotiated format negotiated: no format in the redirect, Vary: Accept', async () => {
    const response = await app.inject({ url: url('3999w', '?q=90'), headers: { accept: 'image/avif' } })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(url('1536w'))
    expect(response.headers.vary).toBe('Accept')
  })
})
