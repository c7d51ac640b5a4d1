import { describe, expect, it } from 'vitest'
import {
  CACHE_LIMITS,
  isSkipWaitingMessage,
  mayKeep,
  mayKeepImage,
  ruleFor,
  type RequestFacts,
} from './cache-rules'

const origin = 'https://lumo.test'
function facts(path: string, overrides: Partial<RequestFacts> = {}): RequestFacts {
  return { url: new URL(path, origin), method: 'GET', mode: 'cors', sameOrigin: true, ...overrides }
}
const hashRead =
  '/api/graphql?operationName=listPage&variables=%7B%7D&extensions=%7B%22persistedQuery%22%3A%7B%22version%22%3A1%2C%22sha256Hash%22%3A%22ab%22%7D%7D'

describe('which requests the service worker handles, and how', () => {
  it('keeps pages reached by navigation', () => {
    expect(ruleFor(facts('/fi/uutuudet', { mode: 'navigate' }))).toBe('page')
  })

  it('keeps catalogue reads sent as GET by persisted-query hash', () => {
    expect(ruleFor(facts(hashRead))).toBe('read')
  })

  it('never keeps other API calls, POSTed GraphQL or the payment pages', () => {
    expect(ruleFor(facts('/api/session'))).toBe('network-only')
    expect(ruleFor(facts('/api/graphql'))).toBe('network-only')
    expect(ruleFor(facts('/pay/session/1', { mode: 'navigate' }))).toBe('network-only')
    expect(ruleFor(facts('/api/graphql', { method: 'POST' }))).toBe('none')
  })

  it('caches product images and leaves other origins alone', () => {
    expect(ruleFor(facts('/img/p/1.webp?w=320'))).toBe('image')
    expect(ruleFor(facts('https://elsewhere.test/img/1.webp', { sameOrigin: false }))).toBe('none')
    expect(ruleFor(facts('/assets/index-abc.js'))).toBe('none')
  })
})

describe('what may be kept', () => {
  const response = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
  })

  it('keeps only 200 answers the server marked for offline reading', () => {
    expect(mayKeep(response(200, { 'x-lumo-offline': 'cache' }))).toBe(true)
    expect(mayKeep(response(200))).toBe(false)
    expect(mayKeep(response(404, { 'x-lumo-offline': 'cache' }))).toBe(false)
    expect(mayKeep(response(500, { 'x-lumo-offline': 'cache' }))).toBe(false)
  })

  it('keeps whole images only, under a cap and an age limit', () => {
    expect(mayKeepImage(response(200))).toBe(true)
    expect(mayKeepImage(response(206))).toBe(false)
    expect(mayKeepImage(response(429))).toBe(false)
    expect(CACHE_LIMITS.images.maxEntries).toBeGreaterThan(0)
    expect(CACHE_LIMITS.images.maxAgeSeconds).toBeGreaterThan(0)
  })
})

describe('the new-version handshake', () => {
  it('takes over only when the page asks', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true)
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(true)
    expect(isSkipWaitingMessage({ type: 'OTHER' })).toBe(false)
    expect(isSkipWaitingMessage(null)).toBe(false)
  })
})
