/**
 * The production app believes X-Forwarded-* only from the proxies TRUST_PROXY names (issue #15,
 * finding 11: a forged X-Forwarded-For let one client write 15 MB to the error log in 3 s).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startProductionApp, type ProductionApp } from './production-app'

let shop: ProductionApp | undefined
afterEach(async () => {
  await shop?.close()
  shop = undefined
})

async function reportStatuses(count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await shop!.app.inject({
      method: 'PUT',
      url: '/api/log-error',
      headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-forwarded-proto': 'https' },
      payload: { message: `report ${i}` },
    })
    statuses.push(response.statusCode)
  }
  return statuses
}

describe('proxy trust', () => {
  it('ignores X-Forwarded-For by default: the error log limit counts the real client', async () => {
    shop = await startProductionApp()
    const statuses = await reportStatuses(31)
    expect(statuses.slice(0, 30).every((status) => status === 204)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('reads the client address from a trusted proxy', async () => {
    shop = await startProductionApp({ TRUST_PROXY: '127.0.0.1' })
    expect((await reportStatuses(31)).every((status) => status === 204)).toBe(true)
  })
})
