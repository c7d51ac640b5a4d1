/**
 * `npm run admin -- cancel <order> [--reason "…"]` and `approve [<order>]`: how the command line
 * becomes an admin API call, and the arguments refused before any call is made.
 */
import { describe, expect, it } from 'vitest'
import type { AdminCall } from '../client'
import { runAdmin } from '../index'

interface Recorded {
  method: string
  path: string
  body: unknown
}

function recorder(answers: Record<string, unknown>) {
  const calls: Recorded[] = []
  const call = (async (method: string, path: string, body?: unknown) => {
    calls.push({ method, path, body })
    const key = `${method} ${path.split('?')[0]}`
    if (!(key in answers)) throw new Error(`unexpected call ${key}`)
    return answers[key]
  }) as AdminCall
  return { calls, call }
}

async function run(argv: string[], answers: Record<string, unknown> = {}) {
  const { calls, call } = recorder(answers)
  const out: string[] = []
  const err: string[] = []
  const code = await runAdmin(argv, {
    call,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
  })
  return { code, calls, out: out.join('\n'), err: err.join('\n') }
}

const CANCELLED = { orderId: 1042, status: 'cancelled', restocked: 12, refunded: 119.9 }

describe('admin cancel', () => {
  it('takes the order as the first argument and the reason as --reason', async () => {
    const result = await run(['cancel', '1042', '--reason', 'unpaid invoice order, no answer'], {
      'POST /orders/1042/cancel': CANCELLED,
    })
    expect(result.code).toBe(0)
    expect(result.calls).toEqual([
      { method: 'POST', path: '/orders/1042/cancel', body: { reason: 'unpaid invoice order, no answer' } },
    ])
    expect(result.out).toBe('order 1042 cancelled: 12 units back in stock, 119.9 refunded to the card')
  })

  it('sends no reason when none is given, and takes --order like ship and deliver', async () => {
    const answers = { 'POST /orders/1042/cancel': { ...CANCELLED, refunded: 0 } }
    const positional = await run(['cancel', '1042'], answers)
    const option = await run(['cancel', '--order', '1042'], answers)
    for (const result of [positional, option]) {
      expect(result.code).toBe(0)
      expect(result.calls).toEqual([{ method: 'POST', path: '/orders/1042/cancel', body: {} }])
      expect(result.out).toBe('order 1042 cancelled: 12 units back in stock')
    }
  })

  it.each([
    [['cancel'], 'cancel needs an order number'],
    [['cancel', '1042', '1043'], 'cancel takes one order number, got 1042, 1043'],
    [['cancel', '../returns'], '"../returns" is not an order number'],
    [['cancel', '0'], '"0" is not an order number'],
    [['cancel', '1042', '--reason', '  '], '--reason is empty'],
    [['cancel', '1042', '--because', 'x'], "Unknown option '--because'"],
  ])('refuses %j without calling the API', async (argv, message) => {
    const result = await run(argv)
    expect(result.code).toBe(1)
    expect(result.calls).toEqual([])
    expect(result.err).toContain(message)
  })

  it("prints the API's refusal with a non-zero exit", async () => {
    const { AdminApiError } = await import('../client')
    const call = (async () => {
      throw new AdminApiError(
        409,
        'ORDER_SHIPPED',
        'Order 1042 has been shipped; it can no longer be cancelled',
      )
    }) as AdminCall
    const err: string[] = []
    const code = await runAdmin(['cancel', '1042'], { call, print: () => {}, printError: (l) => err.push(l) })
    expect(code).toBe(1)
    expect(err.join('\n')).toBe(
      'cancel: Order 1042 has been shipped; it can no longer be cancelled (409 ORDER_SHIPPED)',
    )
  })
})

describe('admin approve', () => {
  it('approves the order given', async () => {
    const result = await run(['approve', '77'], { 'POST /orders/77/approve': { orderId: 77 } })
    expect(result.code).toBe(0)
    expect(result.calls).toEqual([{ method: 'POST', path: '/orders/77/approve', body: {} }])
    expect(result.out).toBe('order 77 approved: it can be shipped')
  })

  it('lists the orders awaiting approval when no order is given', async () => {
    const result = await run(['approve', '--limit', '5'], {
      'GET /orders/awaiting-approval': {
        orders: [
          {
            orderId: 77,
            createdAt: '2026-06-01T10:00:00.000Z',
            market: 'se',
            email: 'guest@example.se',
            units: 14,
            total: 9086,
            currency: 'SEK',
          },
        ],
      },
    })
    expect(result.code).toBe(0)
    expect(result.calls).toEqual([
      { method: 'GET', path: '/orders/awaiting-approval?limit=5', body: undefined },
    ])
    expect(result.out).toBe('order 77\t2026-06-01T10:00:00.000Z\tse\t14 units\t9086 SEK\tguest@example.se')
  })

  it('refuses an order that is not a number', async () => {
    const result = await run(['approve', 'abc'])
    expect(result.code).toBe(1)
    expect(result.calls).toEqual([])
    expect(result.err).toContain('"abc" is not an order number')
  })
})
