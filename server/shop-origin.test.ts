import { describe, expect, it } from 'vitest'
import { acceptedOrigin, forwardedShopOrigin, shopOrigin, type ShopOriginConfig } from './shop-origin'

const local: ShopOriginConfig = {
  publicUrl: 'http://localhost:3000',
  originFromRequest: true,
  host: '127.0.0.1',
  port: 3000,
}
const configured: ShopOriginConfig = { ...local, publicUrl: 'https://lumo.example', originFromRequest: false }

describe('the shop origin of a request', () => {
  it.each([
    ['127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['localhost:3000', 'http://localhost:3000'],
    ['LOCALHOST:3000', 'http://localhost:3000'],
    ['127.0.0.2:3000', 'http://127.0.0.2:3000'],
    ['[::1]:3000', 'http://[::1]:3000'],
  ])('without PUBLIC_URL, %s is the address the shopper came from', (host, origin) => {
    expect(shopOrigin({ protocol: 'http', host }, local)).toBe(origin)
  })

  it.each([
    ['evil.example', 'another host'],
    ['evil.example:3000', 'another host at our port'],
    ['127.0.0.1:3001', 'our host at another port'],
    ['localhost', 'no port (80)'],
    ['127.0.0.1:3000@evil.example', 'credentials'],
    ['127.0.0.1:3000/x', 'a path'],
    ['', 'nothing'],
  ])('a forged Host (%s: %s) falls back to the default address', (host) => {
    expect(shopOrigin({ protocol: 'http', host }, local)).toBe('http://localhost:3000')
  })

  it('takes the address the server listens on, not a wildcard', () => {
    const lan = { ...local, host: '192.168.1.20' }
    expect(shopOrigin({ protocol: 'http', host: '192.168.1.20:3000' }, lan)).toBe('http://192.168.1.20:3000')
    const any = { ...local, host: '0.0.0.0' }
    expect(shopOrigin({ protocol: 'http', host: '0.0.0.0:3000' }, any)).toBe('http://localhost:3000')
    expect(shopOrigin({ protocol: 'http', host: '192.168.1.20:3000' }, any)).toBe('http://localhost:3000')
  })

  it('with PUBLIC_URL (or MARKET_DOMAINS) is always the configured address', () => {
    expect(shopOrigin({ protocol: 'http', host: '127.0.0.1:3000' }, configured)).toBe('https://lumo.example')
    expect(acceptedOrigin('http://127.0.0.1:3000', configured)).toBeUndefined()
  })

  it('checks an origin forwarded to a service by the same rule', () => {
    expect(forwardedShopOrigin('http://127.0.0.1:3000', local)).toBe('http://127.0.0.1:3000')
    expect(forwardedShopOrigin(['http://127.0.0.1:3000'], local)).toBe('http://127.0.0.1:3000')
    expect(forwardedShopOrigin('https://evil.example', local)).toBe('http://localhost:3000')
    expect(forwardedShopOrigin('javascript:alert(1)', local)).toBe('http://localhost:3000')
    expect(forwardedShopOrigin(undefined, local)).toBe('http://localhost:3000')
  })
})
