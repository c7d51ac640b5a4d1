/**
 * Which pages the service worker may keep for offline reading: public shop pages only, never the
 * checkout, account or error pages (the header sw/sw.ts looks for).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp
beforeAll(async () => {
  shop = await startProductionApp()
})
afterAll(async () => {
  await shop?.close()
})

describe('offline caching of pages', () => {
  it.each(['/fi/', '/se/sv/nyheter', '/fi/c/mekot', '/dk/da/'])('%s may be kept offline', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.headers['x-lumo-offline']).toBe('cache')
  })

  it.each([
    '/fi/kassa',
    '/fi/checkout/confirm',
    '/fi/tilini/tilaukset?loginToken=x',
    '/fi/ei-tallaista-sivua',
  ])('%s is never kept offline', async (url) => {
    const response = await shop.app.inject({ method: 'GET', url })
    expect(response.headers['x-lumo-offline']).toBeUndefined()
  })
})
