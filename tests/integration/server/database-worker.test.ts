/**
 * Issue #15 finding 1: one heavy query used to hold the server's only thread, so /healthz (and
 * every other request) waited for it. With the database in its worker thread (ADR 0023) the
 * server answers while the statement runs. Ordering is compared, never durations.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

describe('the server while the database is busy', () => {
  let shop: ProductionApp
  beforeAll(async () => {
    shop = await startProductionApp()
  })
  afterAll(async () => {
    await shop?.close()
  })

  it('answers /healthz before a slow statement finishes', async () => {
    const order: string[] = []
    const slow = sql`SELECT pg_sleep(1)`.execute(shop.database.db).then(() => order.push('slow statement'))
    const health = shop.app.inject({ method: 'GET', url: '/healthz' }).then((response) => {
      order.push(`healthz ${response.statusCode}`)
    })
    await Promise.all([slow, health])
    expect(order).toEqual(['healthz 200', 'slow statement'])
  })
})
