/**
 * Server configuration from the environment, validated once at start. Bad configuration stops
 * the start with a message naming the variable (docs/quality-bars.md#operability). Every outside service is a base
 * URL: by default it points at the embedded implementation in this same process.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { MARKET_ALIASES, type MarketAlias } from '../src/shared/markets'
import {
  DEFAULT_TAG_MANAGER_SCRIPT_URL,
  TAG_MANAGER_ID_PATTERN,
  type TagManagerConfig,
} from '../src/shared/tag-manager'

const optionalUrl = z.url({ protocol: /^(https?|postgres(ql)?|smtps?|redis)$/ }).optional()

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: optionalUrl,
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DB_REQUEST_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  SERVICE_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(10_000),
  PAGE_DEADLINE_MS: z.coerce.number().int().min(50).max(60_000).default(2500),
  DB_FSYNC: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  PUBLIC_URL: optionalUrl,
  MARKET_DOMAINS: z.string().optional(),
  API_URL: optionalUrl,
  API_KEY: z.string().min(8).optional(),
  ADMIN_KEY: z.string().min(24).optional(),
  QA_KEY: z.string().min(16).optional(),
  AUTH_URL: optionalUrl,
  SIGN_URL: optionalUrl,
  LIKES_URL: optionalUrl,
  LOYALTY_URL: optionalUrl,
  PICKUP_POINTS_URL: optionalUrl,
  SEARCH_URL: optionalUrl,
  IMAGE_URL: optionalUrl,
  PAYMENT_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  IMAGE_CACHE_MB: z.coerce.number().int().min(1).max(1_048_576).default(512),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(64),
  PAGE_CACHE_FRESH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
  SESSION_SECRET: z.string().min(32).optional(),
  PAYMENT_SECRET: z.string().min(32).optional(),
  SEED_PRODUCTS: z.coerce.number().int().min(10).max(200_000).default(2000),
  TRUST_PROXY: z.string().optional(),
  GTM_ID: z.string().regex(TAG_MANAGER_ID_PATTERN, 'must be a container id like GTM-ABC123').optional(),
  GTM_SCRIPT_URL: z.url({ protocol: /^https?$/ }).optional(),
  METRICS_ALLOW: z.string().default('127.0.0.0/8,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7'),
})

export type Env = z.infer<typeof EnvSchema>

export interface ServiceUrls {
  api: string
  auth: string
  sign: string
  likes: string
  loyalty: string
  /** the pickup-point service (server/contracts/pickup-points.ts) */
  pickupPoints: string
  search: string
  images: string
  payments: string
}

/**
 * Whose X-Forwarded-For / -Proto / -Host the server believes (Fastify's trustProxy). Unset: nobody,
 * so a client cannot pick its own address for a rate limit. `1` (a hop count) behind one proxy,
 * or the proxies' addresses and CIDR ranges, comma-separated; `true` trusts everyone (only when a
 * proxy in front always overwrites the headers).
 */
export type TrustProxy = boolean | number | string[]

/** Fastify's `trustProxy` option for a TrustProxy: a hop count becomes "trust the first N hops". */
export function fastifyTrustProxy(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value
  return (_address, hop) => hop < value
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? ''
  if (text === '' || text === 'false') return false
  if (text === 'true') return true
  if (/^\d+$/.test(text)) return Number(text)
  return parseAddressList('TRUST_PROXY', text, 'use a hop count, addresses, or true')
}

/** A comma-separated list of IP addresses and CIDR ranges; a bad entry stops the start. */
export function parseAddressList(
  variable: string,
  text: string,
  hint = 'use addresses or CIDR ranges',
): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/')
    const family = isIP(address)
    const maxBits = family === 6 ? 128 : 32
    const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits)
    if (family === 0 || !validBits || rest.length > 0)
      throw new ConfigError(`${variable}: "${entry}" is not an IP address or CIDR range (${hint})`)
  }
  return entries
}

export interface Config {
  env: Env['NODE_ENV']
  isProduction: boolean
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** Longest a database statement may run, PGlite and PostgreSQL alike (0: no limit; ADR 0023). */
  dbStatementTimeoutMs: number
  /** Database time one commerce API request of a shopper may use, all its statements together (ADR 0060). */
  dbRequestBudgetMs: number
  /** a client must have sent a request's headers within this many ms, or its socket is closed */
  headersTimeoutMs: number
  /** Accounts one client address may register per hour (the storefront's /api/session/register, ADR 0067). */
  registrationsPerHour: number
  /**
   * Longest any server-side call to a service may take, the answer's body included
   * (SERVICE_TIMEOUT_MS; server/services/shared/service-fetch.ts).
   */
  serviceTimeoutMs: number
  /**
   * Longest a page's render waits for the outside services it calls, all of them together
   * (PAGE_DEADLINE_MS): then the page goes out without what did not come, or as 503 when that
   * was the page's own data (docs/architecture.md, "Deadlines").
   */
  pageDeadlineMs: number
  /** The embedded database waits for each commit's WAL on disk (DB_FSYNC, default on; ADR 0039). */
  dbFsync: boolean
  trustProxy: TrustProxy
  /** Who may read /metrics (METRICS_ALLOW: addresses and CIDR ranges; the operator's network). */
  metricsAllow: string[]
  /** The shop's address: PUBLIC_URL, or `http://localhost:PORT` when it is unset. */
  publicUrl: string
  /**
   * Neither PUBLIC_URL nor MARKET_DOMAINS is set: links and redirects use the address the shopper
   * came from, when it is one this server serves (server/shop-origin.ts, ADR 0057).
   */
  originFromRequest: boolean
  /** market alias → host name; empty in market-in-path mode */
  marketDomains: Partial<Record<MarketAlias, string>>
  urlMode: 'path' | 'domain'
  /**
   * The storefront's X-ApiKey for the commerce API: API_KEY; unset, the development key outside
   * production and a key generated into DATA_DIR/api-key in production.
   */
  apiKey: string
  /**
   * The back office's key (ADMIN_KEY, or generated into DATA_DIR/admin-key on first start): the
   * only credential the admin API takes, never the storefront's API key (ADR 0027).
   */
  adminKey: string
  /**
   * QA_KEY: presented once as `?qa=…`, it turns on Redux DevTools and the QA panel for that
   * browser in production (an HttpOnly cookie; server/ssr/qa-access.ts, ADR 0037). Unset: no
   * QA console in production.
   */
  qaKey: string | undefined
  services: ServiceUrls
  /**
   * Service pages a shopper's browser opens (not the server-to-server base URLs above): PAYMENT_URL,
   * or null for the embedded Lumopay, reached at /pay on the shopper's own shop address (never at
   * the internal address the server calls).
   */
  browserServices: { payments: string | null }
  smtpUrl: string | undefined
  /** The image service's resized variants on disk are kept under this (IMAGE_CACHE_MB, LRU). */
  imageCacheMaxBytes: number
  /** Shared by the page cache (and later rate limits and events) across instances. */
  redisUrl: string | undefined
  /** The shared page cache (server/ssr/page-cache, docs/adr/0014-page-cache.md). */
  pageCache: {
    enabled: boolean
    /** The in-process store's bound (unused with Redis). */
    maxBytes: number
    freshSeconds: number
    staleSeconds: number
    redisPrefix: string
  }
  sessionSecret: string
  /** Signs the payment provider's sessions and callbacks (docs/adr/0012-payments.md). */
  paymentSecret: string
  seedProducts: number
  /** The tag manager pages load after the shopper's consent (GTM_ID, GTM_SCRIPT_URL; ADR 0035). */
  tagManager: TagManagerConfig | null
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function parseMarketDomains(value: string | undefined): Partial<Record<MarketAlias, string>> {
  if (!value?.trim()) return {}
  const result: Partial<Record<MarketAlias, string>> = {}
  for (const pair of value.split(',')) {
    const [alias, host] = pair.split('=').map((s) => s.trim())
    if (!alias || !host || !(MARKET_ALIASES as readonly string[]).includes(alias)) {
      throw new ConfigError(
        `MARKET_DOMAINS: "${pair}" is not market=host with a market of ${MARKET_ALIASES.join(', ')}`,
      )
    }
    if (!/^[a-z0-9.-]+(:\d+)?$/i.test(host))
      throw new ConfigError(`MARKET_DOMAINS: "${host}" is not a host name`)
    result[alias as MarketAlias] = host.toLowerCase()
  }
  return result
}

/**
 * The secret signing cookies (user tokens are the auth service's ES256 keys, ADR 0018);
 * generated into DATA_DIR on first start when unset.
 */
function loadSessionSecret(dataDir: string, fromEnv: string | undefined): string {
  return fromEnv ?? loadGeneratedSecret(dataDir, 'session-secret')
}

/** A secret kept in DATA_DIR (mode 0600), generated on first use. */
function loadGeneratedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** The file the generated admin key is kept in when ADMIN_KEY is unset (`npm run admin` reads it). */
export const ADMIN_KEY_FILE = 'admin-key'

/**
 * The storefront's API key of development and tests, written in the docs: anyone can read it, so
 * a production server refuses it (issue 31 row 12) and generates a key of its own when API_KEY is
 * unset.
 */
export const DEVELOPMENT_API_KEY = 'lumo-dev-storefront-key'

/** The file the generated API key is kept in when a production server starts without API_KEY. */
export const API_KEY_FILE = 'api-key'

function loadApiKey(dataDir: string, fromEnv: string | undefined, isProduction: boolean): string {
  if (!isProduction) return fromEnv ?? DEVELOPMENT_API_KEY
  if (fromEnv === DEVELOPMENT_API_KEY) {
    throw new ConfigError(
      `API_KEY: ${DEVELOPMENT_API_KEY} is the public development key and must not guard a production ` +
        `shop: set API_KEY to a secret of your own, or leave it unset to have one generated into ` +
        `DATA_DIR/${API_KEY_FILE}`,
    )
  }
  return fromEnv ?? loadGeneratedSecret(dataDir, API_KEY_FILE)
}

function loadAdminKey(dataDir: string, fromEnv: string | undefined, apiKey: string): string {
  const key = fromEnv ?? loadGeneratedSecret(dataDir, ADMIN_KEY_FILE)
  if (key === apiKey) throw new ConfigError('ADMIN_KEY: must not be the storefront API_KEY')
  return key
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')),
  )
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const listenHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
  const self = `http://${listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${env.PORT}`
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  const marketDomains = parseMarketDomains(env.MARKET_DOMAINS)
  const trim = (url: string) => url.replace(/\/$/, '')
  const sessionSecret = loadSessionSecret(dataDir, env.SESSION_SECRET)
  const isProduction = env.NODE_ENV === 'production'
  const apiKey = loadApiKey(dataDir, env.API_KEY, isProduction)
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    dbRequestBudgetMs: env.DB_REQUEST_BUDGET_MS,
    headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
    registrationsPerHour: env.REGISTRATIONS_PER_HOUR,
    serviceTimeoutMs: env.SERVICE_TIMEOUT_MS,
    pageDeadlineMs: env.PAGE_DEADLINE_MS,
    dbFsync: env.DB_FSYNC === 'on',
    imageCacheMaxBytes: env.IMAGE_CACHE_MB * 1024 * 1024,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsAllow: parseAddressList('METRICS_ALLOW', env.METRICS_ALLOW),
    publicUrl,
    originFromRequest: env.PUBLIC_URL === undefined && Object.keys(marketDomains).length === 0,
    marketDomains,
    urlMode: Object.keys(marketDomains).length > 0 ? 'domain' : 'path',
    apiKey,
    adminKey: loadAdminKey(dataDir, env.ADMIN_KEY, apiKey),
    qaKey: env.QA_KEY,
    services: {
      api: trim(env.API_URL ?? `${self}/graphql`),
      auth: trim(env.AUTH_URL ?? `${self}/auth`),
      // the client appends the challenge to the sign endpoint (`…/sign/{apiKey}?identity=`);
      // it holds the API key, so it stays on the server
      sign: env.SIGN_URL ?? `${self}/auth/sign/${encodeURIComponent(apiKey)}?identity=`,
      likes: trim(env.LIKES_URL ?? `${self}/likes`),
      loyalty: trim(env.LOYALTY_URL ?? `${self}/api/loyalty`),
      pickupPoints: trim(env.PICKUP_POINTS_URL ?? `${self}/pickup-points`),
      search: trim(env.SEARCH_URL ?? `${self}/api/storefront/v3`),
      images: trim(env.IMAGE_URL ?? `${self}/img`),
      payments: trim(env.PAYMENT_URL ?? `${self}/pay`),
    },
    browserServices: {
      payments: env.PAYMENT_URL ? trim(env.PAYMENT_URL) : null,
    },
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    pageCache: {
      enabled: env.PAGE_CACHE_MB > 0,
      maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
      freshSeconds: env.PAGE_CACHE_FRESH_SECONDS,
      staleSeconds: env.PAGE_CACHE_STALE_SECONDS,
      redisPrefix: 'lumo:page-cache:',
    },
    sessionSecret,
    paymentSecret:
      env.PAYMENT_SECRET ?? createHmac('sha256', sessionSecret).update('lumopay-signing').digest('base64url'),
    seedProducts: env.SEED_PRODUCTS,
    tagManager: env.GTM_ID
      ? { id: env.GTM_ID, scriptUrl: env.GTM_SCRIPT_URL ?? DEFAULT_TAG_MANAGER_SCRIPT_URL }
      : null,
  }
}
