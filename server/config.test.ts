import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  API_KEY_FILE,
  ConfigError,
  DEVELOPMENT_API_KEY,
  loadConfig,
  parseMarketDomains,
  parseTrustProxy,
} from './config'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'lumo-config-'))

describe('loadConfig', () => {
  it('defaults to one process serving every service on 127.0.0.1:3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    expect(config.port).toBe(3000)
    expect(config.host).toBe('127.0.0.1')
    expect(config.urlMode).toBe('path')
    expect(config.publicUrl).toBe('http://localhost:3000')
    expect(config.services).toEqual({
      api: 'http://127.0.0.1:3000/graphql',
      auth: 'http://127.0.0.1:3000/auth',
      sign: 'http://127.0.0.1:3000/auth/sign/lumo-dev-storefront-key?identity=',
      likes: 'http://127.0.0.1:3000/likes',
      loyalty: 'http://127.0.0.1:3000/api/loyalty',
      search: 'http://127.0.0.1:3000/api/storefront/v3',
      images: 'http://127.0.0.1:3000/img',
      payments: 'http://127.0.0.1:3000/pay',
      pickupPoints: 'http://127.0.0.1:3000/pickup-points',
    })
    expect(config.seedProducts).toBe(2000)
    expect(config.databaseUrl).toBeUndefined()
  })

  it('points a service at an outside base URL without touching the others', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SEARCH_URL: 'https://search.example.com/api/storefront/v3/',
      PORT: '4000',
    })
    expect(config.services.search).toBe('https://search.example.com/api/storefront/v3')
    expect(config.services.api).toBe('http://127.0.0.1:4000/graphql')
  })

  it('sends browsers to the embedded payment page on the shop address, not the internal one (issue #15, finding 5)', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://lumo.example/', PORT: '4000' })
    expect(config.services.payments).toBe('http://127.0.0.1:4000/pay')
    // null: /pay on the shopper's shop origin (server/shop-origin.ts), here PUBLIC_URL's
    expect(config.browserServices.payments).toBeNull()
    const outside = loadConfig({ DATA_DIR: dataDir(), PAYMENT_URL: 'https://pay.example/pay' })
    expect(outside.browserServices.payments).toBe('https://pay.example/pay')
  })

  it('takes links from the request only when neither PUBLIC_URL nor MARKET_DOMAINS is set (ADR 0057)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).originFromRequest).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://lumo.example' }).originFromRequest).toBe(
      false,
    )
    expect(loadConfig({ DATA_DIR: dataDir(), MARKET_DOMAINS: 'se=lumo.se' }).originFromRequest).toBe(false)
  })

  it('refuses to start in production with the public development API key, and names the variable (issue 31 row 12)', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir(), API_KEY: DEVELOPMENT_API_KEY }),
    ).toThrow(/API_KEY: .*public development key.*set API_KEY to a secret of your own/)
    // development and tests keep the documented key
    expect(loadConfig({ DATA_DIR: dataDir(), API_KEY: DEVELOPMENT_API_KEY }).apiKey).toBe(DEVELOPMENT_API_KEY)
    expect(loadConfig({ DATA_DIR: dataDir() }).apiKey).toBe(DEVELOPMENT_API_KEY)
  })

  it('generates a production API key into DATA_DIR when API_KEY is unset, and the sign URL carries it', () => {
    const dir = dataDir()
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })
    expect(config.apiKey).not.toBe(DEVELOPMENT_API_KEY)
    expect(config.apiKey.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, API_KEY_FILE), 'utf8').trim()).toBe(config.apiKey)
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir }).apiKey).toBe(config.apiKey)
    expect(config.services.sign).toContain(`/auth/sign/${encodeURIComponent(config.apiKey)}?identity=`)
    expect(config.adminKey).not.toBe(config.apiKey)
    // a key of the operator's own is taken as it is
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, API_KEY: 'own-secret-key' }).apiKey).toBe(
      'own-secret-key',
    )
  })

  it('takes the request and service deadlines with their defaults, and says which one is out of range', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() })
    expect(defaults).toMatchObject({
      headersTimeoutMs: 10_000,
      dbRequestBudgetMs: 5_000,
      serviceTimeoutMs: 10_000,
      pageDeadlineMs: 2_500,
      registrationsPerHour: 5,
    })
    const set = loadConfig({
      DATA_DIR: dataDir(),
      DB_REQUEST_BUDGET_MS: '800',
      SERVICE_TIMEOUT_MS: '3000',
      PAGE_DEADLINE_MS: '1200',
    })
    expect(set).toMatchObject({ dbRequestBudgetMs: 800, serviceTimeoutMs: 3000, pageDeadlineMs: 1200 })
    expect(() => loadConfig({ DATA_DIR: dataDir(), DB_REQUEST_BUDGET_MS: '10' })).toThrow(
      /DB_REQUEST_BUDGET_MS: .*100/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAGE_DEADLINE_MS: 'soon' })).toThrow(/PAGE_DEADLINE_MS/)
  })

  it('generates a session secret once into DATA_DIR and reuses it', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first)
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) }).sessionSecret).toBe('x'.repeat(40))
  })

  it('generates the admin key once into DATA_DIR, takes ADMIN_KEY, and refuses the storefront key as one', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).adminKey
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(path.join(dir, 'admin-key'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).adminKey).toBe(first)
    expect(first).not.toBe(loadConfig({ DATA_DIR: dir }).sessionSecret)
    expect(loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'a'.repeat(24) }).adminKey).toBe('a'.repeat(24))
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'b'.repeat(24), API_KEY: 'b'.repeat(24) })).toThrow(
      /ADMIN_KEY: must not be the storefront API_KEY/,
    )
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_KEY: 'short' })).toThrow(/ADMIN_KEY/)
  })

  it('has no QA console key unless QA_KEY names one of at least 16 characters', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir }).qaKey).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dir, QA_KEY: '' }).qaKey).toBeUndefined()
    expect(loadConfig({ DATA_DIR: dir, QA_KEY: 'q'.repeat(16) }).qaKey).toBe('q'.repeat(16))
    expect(() => loadConfig({ DATA_DIR: dir, QA_KEY: 'short' })).toThrow(/QA_KEY/)
  })

  it("limits /metrics to the operator's network (METRICS_ALLOW) and refuses a bad entry", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsAllow).toContain('127.0.0.0/8')
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_ALLOW: '10.9.0.0/16, ::1' }).metricsAllow).toEqual([
      '10.9.0.0/16',
      '::1',
    ])
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_ALLOW: 'everyone' })).toThrow(
      /METRICS_ALLOW: "everyone" is not an IP address or CIDR range/,
    )
  })

  it('sizes the page cache, turns it off with PAGE_CACHE_MB=0, and takes a Redis URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    expect(config.pageCache).toMatchObject({ enabled: true, maxBytes: 64 * 1024 * 1024, freshSeconds: 300 })
    expect(loadConfig({ DATA_DIR: dataDir(), PAGE_CACHE_MB: '0' }).pageCache.enabled).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), REDIS_URL: 'rediss://cache.internal:6380/2' }).redisUrl).toBe(
      'rediss://cache.internal:6380/2',
    )
  })

  it('makes embedded commits durable unless DB_FSYNC=off (issue #15 finding 14)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).dbFsync).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), DB_FSYNC: 'off' }).dbFsync).toBe(false)
    expect(() => loadConfig({ DATA_DIR: dataDir(), DB_FSYNC: 'maybe' })).toThrow(/DB_FSYNC/)
  })

  it('bounds the image cache on disk at 512 MiB unless IMAGE_CACHE_MB says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).imageCacheMaxBytes).toBe(512 * 1024 * 1024)
    expect(loadConfig({ DATA_DIR: dataDir(), IMAGE_CACHE_MB: '64' }).imageCacheMaxBytes).toBe(
      64 * 1024 * 1024,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir(), IMAGE_CACHE_MB: '0' })).toThrow(/IMAGE_CACHE_MB/)
  })

  it('treats empty variables as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '', PORT: '' })
    expect(config.databaseUrl).toBeUndefined()
    expect(config.port).toBe(3000)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ API_URL: 'ftp://example.com/graphql' }, 'API_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ SEED_PRODUCTS: '5' }, 'SEED_PRODUCTS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ MARKET_DOMAINS: 'xx=lumo.xx' }, 'MARKET_DOMAINS'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: '127.0.0.1:6379' }, 'REDIS_URL'],
    [{ PAGE_CACHE_MB: '-1' }, 'PAGE_CACHE_MB'],
    [{ PAGE_CACHE_FRESH_SECONDS: '0' }, 'PAGE_CACHE_FRESH_SECONDS'],
  ])('stops on bad configuration and names the variable: %o', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(variable)
  })
})

describe('parseMarketDomains', () => {
  it('maps each market to its host and switches to domain mode', () => {
    expect(parseMarketDomains('fi=lumo.fi, se=LUMO.se,no=lumo.no,dk=lumo.dk:8443')).toEqual({
      fi: 'lumo.fi',
      se: 'lumo.se',
      no: 'lumo.no',
      dk: 'lumo.dk:8443',
    })
    expect(loadConfig({ DATA_DIR: dataDir(), MARKET_DOMAINS: 'fi=lumo.fi,se=lumo.se' }).urlMode).toBe(
      'domain',
    )
  })

  it('rejects a pair that is not market=host', () => {
    expect(() => parseMarketDomains('fi')).toThrow(/MARKET_DOMAINS/)
    expect(() => parseMarketDomains('fi=lumo fi')).toThrow(/not a host name/)
  })
})

describe('parseTrustProxy', () => {
  it('trusts no proxy by default, so X-Forwarded-* from a client are ignored', () => {
    expect(parseTrustProxy(undefined)).toBe(false)
    expect(parseTrustProxy('')).toBe(false)
    expect(parseTrustProxy('false')).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false)
  })

  it('takes a hop count, addresses and CIDR ranges, or true', () => {
    expect(parseTrustProxy('1')).toBe(1)
    expect(parseTrustProxy('true')).toBe(true)
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1'])
  })

  it('names the bad entry', () => {
    expect(() => parseTrustProxy('proxy.example')).toThrow(/TRUST_PROXY: "proxy.example"/)
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(ConfigError)
  })
})
