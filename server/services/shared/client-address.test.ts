import { describe, expect, it } from 'vitest'
import { clientAddress } from './client-address'

describe('clientAddress', () => {
  it('takes the last forwarded address of a request from this host (the session endpoint, a local proxy)', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('::1', 'spoofed, 203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('::ffff:127.0.0.1', ['198.51.100.1', '203.0.113.7'])).toBe('203.0.113.7')
    expect(clientAddress('127.0.0.1', undefined)).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', ' , ')).toBe('127.0.0.1')
  })

  it('ignores X-Forwarded-For from anywhere else', () => {
    expect(clientAddress('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9')
  })
})
