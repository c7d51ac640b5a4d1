/**
 * Builds the one Fastify app that serves the whole shop: the embedded services under their own
 * mounts and the storefront's streaming SSR for everything else (docs/architecture.md).
 */
import Fastify, { type FastifyInstance } from 'fastify'
import fastifyCookie from '@fastify/cookie'
import fastifyCompress from '@fastify/compress'
import { fastifyTrustProxy, type Config } from './config'
import type { Database } from './db'
import authService from './services/auth'
import graphqlService from './services/graphql'
import imagesService from './services/images'
import logService from './services/log'
import paymentsService from './services/payments'
import mailService from './services/mail'
import adminService from './services/admin'
import likesService from './services/likes'
import loyaltyService from './services/loyalty'
import pickupPointsService from './services/pickup-points'
import searchService from './services/search'
import graphqlProxy from './ssr/graphql-proxy'
import { registerGraphqlWsProxy } from './ssr/graphql-ws-proxy'
import sessionRoutes from './ssr/session'
import { createTokenVerifier } from './services/shared/auth-tokens'
import { sessionRevocations } from './services/shared/session-revocations'
import likesProxy from './ssr/likes-proxy'
import { createServiceFetch } from './services/shared/service-fetch'
import { createRateLimiter } from './services/shared/rate-limit'
import ssr from './ssr'
import { compressionOptions } from './compression'
import { addSecurityHeaders } from './security-headers'
import { addObservability, requestIdOf } from './observability'
import { createLogDestination } from './log-destination'
import { RequestLog } from './request-log'

export interface AppOptions {
  config: Config
  database: Database
  /** Vite dev server in middleware mode instead of the production build. */
  dev?: boolean
  logger?: boolean
  /** where the JSON lines go instead of stdout (tests that read the log) */
  logStream?: { write(line: string): void }
  /** Prometheus' process metrics (CPU, memory, event loop) on /metrics; on by default */
  processMetrics?: boolean
}

export async function buildApp({
  config,
  database,
  dev = false,
  logger = true,
  logStream,
  processMetrics = true,
}: AppOptions): Promise<FastifyInstance> {
  const logDestination = logger && !logStream ? createLogDestination() : undefined
  const app = Fastify({
    // JSON lines on stdout, written in batches (server/log-destination.ts)
    logger: logger
      ? { level: config.isProduction ? 'info' : 'warn', stream: logStream ?? logDestination }
      : false,
    // one line per request, at completion; a browser that went away is a 499 at info (server/request-log.ts)
    logController: new RequestLog(),
    // Requests in flight finish on close; idle keep-alive sockets are closed at once.
    forceCloseConnections: 'idle',
    // X-Forwarded-* only from the proxies the operator names (TRUST_PROXY)
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // A socket that trickles its headers (or its body) is closed instead of held open for ever:
    // Node checks every second; requestTimeout may not be shorter than headersTimeout.
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: Math.max(30_000, config.headersTimeoutMs),
    // a proxy's X-Request-Id when it is a sane one, else a new UUID (server/observability.ts)
    genReqId: requestIdOf,
  })

  app.addHook('onClose', async () => logDestination?.close())

  // first, so that every answer has them: routes, static files, 404s and errors
  addSecurityHeaders(app, { config, dev })
  // request ids, /metrics and /readyz (issue #15 item 7)
  addObservability(app, { config, database, processMetrics })
  await app.register(fastifyCompress, compressionOptions)
  await app.register(fastifyCookie, { secret: config.sessionSecret })

  // liveness: the process answers (readiness, with the database, is /readyz)
  app.get('/healthz', async () => ({
    status: 'ok',
    database: database.kind,
    uptime: Math.round(process.uptime()),
  }))

  // How the server side reaches the services: in process for this process's own URLs.
  const serviceFetch = createServiceFetch(app, config)
  // one verifier for the likes service, the session endpoints and the render: the user is always
  // a verified token's
  const verifier = createTokenVerifier({
    authUrl: config.services.auth,
    fetch: serviceFetch,
    revocations: sessionRevocations(database.db),
  })

  // Abuse limits (ADR 0024): one limiter for the process, in Redis when REDIS_URL is set so every
  // instance counts into the same windows.
  const limiter = await createRateLimiter({ redisUrl: config.redisUrl, log: app.log })
  app.addHook('onClose', () => limiter.close())

  // Embedded services (each reachable only through its base URL by the storefront).
  await app.register(authService, { database, config })
  await app.register(graphqlService, { database, config, fetch: serviceFetch, limiter })
  await app.register(imagesService, { database, config, limiter })
  await app.register(logService, { limiter, database, config })
  await app.register(paymentsService, { database, config })
  await app.register(mailService, { database, config })
  await app.register(likesService, { database, config, verifier })
  await app.register(loyaltyService, { database, config, verifier, limiter })
  await app.register(pickupPointsService, { database })
  await app.register(adminService, { database, config })
  await app.register(searchService, { database, config, limiter })

  // Storefront.
  await app.register(graphqlProxy, { config, serviceFetch })
  // its WebSocket upgrade: live stock and the customer's cart (ADR 0036)
  registerGraphqlWsProxy(app, { config })
  await app.register(sessionRoutes, { config, serviceFetch, verifier, limiter })
  await app.register(likesProxy, { config, serviceFetch })
  app.decorate('pageCache', null)
  await app.register(ssr, {
    config,
    serviceFetch,
    dev,
    database,
    verifier,
    onPageCache: (cache) => {
      app.pageCache = cache
    },
  })

  return app
}
