/**
 * Issue 31 row 2 (ADR 0072): eight expensive renders asked for at once from one address must not
 * hold back a normal picture from another. Read from the render queue's order of events, not
 * from a clock: the card picture starts without waiting for any of the eight to end, while most
 * of them are still waiting in their address's line.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import imagesService from '../../../server/services/images'
import { createRenderQueue, type QueueEvent } from '../../../server/services/images/job-queue'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

const EXPENSIVE = '198.51.100.7'
const SHOPPER = '203.0.113.9'

let database: TestDatabase
let fileNames: string[]

beforeAll(async () => {
  database = await createTestDatabase({ seed: { products: 20 } })
  const rows = await database.db
    .selectFrom('product_images')
    .select('file_name')
    .orderBy('file_name')
    .limit(9)
    .execute()
  fileNames = rows.map((row) => row.file_name)
})

afterAll(async () => {
  await database?.close()
})

/** An app on a fresh cache whose queue reports its events, and a promise for the Nth `queued` of a client. */
async function watchedApp(queueOptions: { maxRunningPerClient?: number } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumo-images-fair-'))
  const events: QueueEvent[] = []
  const waiters: Array<{ client: string; count: number; resolve: () => void }> = []
  const queue = createRenderQueue({
    concurrency: 2,
    maxWaiting: 64,
    maxWaitingPerClient: 48,
    ...queueOptions,
    onEvent: (event) => {
      events.push(event)
      const queued = events.filter((seen) => seen.type === 'queued' && seen.client === event.client).length
      for (const waiter of waiters)
        if (waiter.client === event.client && waiter.count === queued) waiter.resolve()
    },
  })
  const app: FastifyInstance = Fastify({ logger: false })
  await app.register(imagesService, { database, config: { dataDir }, renderQueue: queue })
  const queued = (client: string, count: number) =>
    new Promise<void>((resolve) => waiters.push({ client, count, resolve }))
  const close = async () => {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { app, events, queued, close }
}

/**
 * Eight AVIF renders, one per file: by default the largest the shop renders (where a 3999 px
 * request is redirected to).
 */
function expensiveRequests(app: FastifyInstance, sizeFolder = '1536f1920') {
  return fileNames.slice(0, 8).map((fileName) =>
    app.inject({
      url: `/img/product/${sizeFolder}/${encodeURIComponent(fileName)}?format=avif`,
      remoteAddress: EXPENSIVE,
    }),
  )
}

function cardRequest(app: FastifyInstance) {
  const fileName = fileNames[8] ?? ''
  return app.inject({
    url: `/img/product/320f400/${encodeURIComponent(fileName)}?format=webp`,
    remoteAddress: SHOPPER,
  })
}

/** What happened to the expensive address's renders between the shopper's `queued` and `start`. */
function around(events: QueueEvent[]) {
  const queuedAt = events.findIndex((event) => event.type === 'queued' && event.client === SHOPPER)
  const startAt = events.findIndex((event) => event.type === 'start' && event.client === SHOPPER)
  const expensive = (type: QueueEvent['type'], from: number, to: number) =>
    events.slice(from, to).filter((event) => event.type === type && event.client === EXPENSIVE).length
  return {
    queuedAt,
    startAt,
    expensiveEndedWhileWaiting: expensive('end', queuedAt, startAt),
    expensiveStartedBefore: expensive('start', 0, startAt),
  }
}

describe('a normal picture while one address asks for eight expensive ones', () => {
  it('starts at once, before the eight are done: one address never holds every render slot', async () => {
    const { app, events, queued, close } = await watchedApp()
    try {
      const allQueued = queued(EXPENSIVE, 8)
      const expensive = expensiveRequests(app)
      await allQueued
      const card = await cardRequest(app)
      expect(card.statusCode).toBe(200)
      expect(card.headers['content-type']).toBe('image/webp')

      const seen = around(events)
      expect(seen.queuedAt).toBeGreaterThan(0)
      expect(seen.expensiveEndedWhileWaiting).toBe(0)
      // some of the eight had not even started (in arrival order all eight start before it)
      expect(seen.expensiveStartedBefore).toBeLessThan(8)
      expect((await Promise.all(expensive)).map((response) => response.statusCode)).toEqual(
        Array.from({ length: 8 }, () => 200),
      )
    } finally {
      await close()
    }
  })

  it("waits for one of them at most when one address may use every slot: the next free slot is the other address's", async () => {
    const { app, events, queued, close } = await watchedApp({ maxRunningPerClient: 2 })
    try {
      const allQueued = queued(EXPENSIVE, 8)
      // smaller ones: the order is what counts here, and the test runs sooner
      const expensive = expensiveRequests(app, '768f960')
      await allQueued
      const card = await cardRequest(app)
      expect(card.statusCode).toBe(200)

      const seen = around(events)
      // in arrival order (the queue before ADR 0072) the card would wait for six of them to end
      expect(seen.expensiveEndedWhileWaiting).toBeLessThanOrEqual(1)
      expect(seen.expensiveStartedBefore).toBeLessThan(8)
      await Promise.all(expensive)
    } finally {
      await close()
    }
  })
})
