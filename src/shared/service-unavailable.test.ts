import { describe, expect, it } from 'vitest'
import { isServiceUnavailable } from './service-unavailable'

describe('isServiceUnavailable', () => {
  it('is a service that did not answer: a deadline, an open circuit, no connection, also wrapped', () => {
    expect(isServiceUnavailable(new DOMException('late', 'TimeoutError'))).toBe(true)
    const open = Object.assign(new Error('api is unavailable'), { name: 'CircuitOpenError' })
    expect(isServiceUnavailable(open)).toBe(true)
    expect(
      isServiceUnavailable(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') })),
    ).toBe(true)
    expect(
      isServiceUnavailable(new Error('network', { cause: new DOMException('late', 'TimeoutError') })),
    ).toBe(true)
  })

  it('is not an answer with an error, nor a caller that gave up, nor a bug', () => {
    expect(isServiceUnavailable(Object.assign(new Error('Not found'), { status: 404 }))).toBe(false)
    expect(isServiceUnavailable(new DOMException('moved on', 'AbortError'))).toBe(false)
    expect(isServiceUnavailable(new TypeError('product.name is undefined'))).toBe(false)
    expect(isServiceUnavailable(null)).toBe(false)
    expect(isServiceUnavailable('TimeoutError')).toBe(false)
  })
})
