/**
 * The GraphQL commerce API (Geins Merchant API shape) as a Fastify plugin, served by mercurius at
 * `/graphql`. Resolvers come from one module per area (catalogue here; cart, checkout and orders
 * from their own folders) and are merged at start; a field defined twice stops the start.
 *
 * Hygiene (docs/quality-bars.md#service-hygiene): X-ApiKey on every HTTP request (401 before anything runs), depth /
 * alias / cost limits as validation rules, no introspection and no GraphiQL in production, and
 * errors masked there (codes from errors.ts pass; anything else is 'Internal server error').
 *
 * The plugin is not encapsulated (skip-override) so that `app.graphql(...)` from mercurius is
 * visible to the SSR's in-process Apollo link; such calls pass a context from `createContext`.
 */
import { randomUUID } from 'node:crypto'
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify'
import { NoSchemaIntrospectionCustomRule, type ExecutionResult, type ValidationRule } from 'graphql'
import mercurius, { type IResolvers } from 'mercurius'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { apiKeyFromRequest, isValidApiKey, userFromRequest } from './auth'
import { createCatalogueLoaders, type CatalogueLoaders } from './catalogue/loaders'
import { followCatalogue, type CatalogueCache } from './catalogue/catalogue-cache'
import {
  followCheckoutOptions,
  uncachedCheckoutOptions,
  type CheckoutOptionsCache,
} from './checkout/options-cache'
import { commerceDb } from './cart/db'
import { resolvers as catalogueResolvers } from './catalogue/resolvers'
import { resolvers as cartResolvers } from './cart/resolvers'
import { resolvers as checkoutResolvers } from './checkout/resolvers'
import { resolvers as parcelResolvers } from './checkout/parcels'
import paymentCallbackRoutes from './checkout/payment-callback'
import { cancelExpiredCardOrders } from './checkout/expiry'
import { startPeriodicJob } from '../shared/periodic'
import { resolvers as orderResolvers } from './orders/resolvers'
import { resolvers as contentResolvers } from './content/resolvers'
import { resolvers as userResolvers } from './users/resolvers'
import { resolvers as mailLinkResolvers } from './mail-subscriptions/resolvers'
import { registerStockMailsAdmin } from './mail-subscriptions/admin'
import { BACK_IN_STOCK_INTERVAL_MS, sendBackInStockMails } from './mail-subscriptions/back-in-stock'
import { resolvers as returnResolvers } from './returns/resolvers'
import { registerOrderAdmin } from './orders/admin'
import { registerOrderAdminReads } from './orders/admin-read'
import { registerReturnsAdmin } from './returns/admin'
import type { GraphQLContext, MarketRow, RequestUser } from './context'
import { ERROR_CODES } from './errors'
import { createTokenVerifier, type TokenVerifier } from '../shared/auth-tokens'
import { sessionRevocations } from '../shared/session-revocations'
import { createServiceFetch } from '../shared/service-fetch'
import { clientAddress, clientSession, isLoopbackAddress, SHOPPER_HEADER } from '../shared/client-address'
import { withDatabaseShare } from '../../db/fair-share'
import { configuredOrigin, forwardedShopOrigin, SHOP_ORIGIN_HEADER } from '../../shop-origin'
import { createMemoryRateLimiter, type RateLimiter } from '../shared/rate-limit'
import { DEFAULT_LIMITS, queryLimitRules, type QueryLimits } from './limits'
import { formatErrors } from './masking'
import { scalarResolvers } from './scalars'
import { loadSchemaSource } from './schema-source'
import { configuredMarkets, MarketDirectory, resolveScope, type ScopeArgs } from './scope'
import { mergeResolvers, withRootTypeNames, type ResolverModule } from './resolver-types'
import { startLiveEvents, type LiveEvents } from './live/events'
import { registerLiveEndpoint } from './live/endpoint'
import type {
  GraphqlExecutor,
  GraphqlRequest as InProcessRequest,
  GraphqlResponse as InProcessResponse,
} from '../../../src/shared/graphql-executor'

export interface GraphQLServiceOptions {
  database: Database
  config: Config
  /** Where the endpoint is mounted; '/graphql' unless the app registers it elsewhere. */
  path?: string
  limits?: QueryLimits
  /**
   * How the token verifier reaches the auth service's JWKS (config.services.auth): the app's
   * serviceFetch; by default one of this plugin's app (in process for this process's URLs).
   */
  fetch?: typeof fetch
  /** How often unpaid card orders past their window are cancelled; 0 turns it off (tests sweep themselves). */
  expirySweepMs?: number
  /** The process's abuse limiter (shared across instances with Redis); in process by default. */
  limiter?: RateLimiter
  /** How often the back-in-stock job looks for sizes in stock again; 0 turns it off (tests run rounds). */
  backInStockMs?: number
  /** The clock of the rules with deadlines (the return window); the system clock by default. */
  clock?: () => Date
}

export const areaResolvers: readonly ResolverModule[] = [
  catalogueResolvers,
  cartResolvers,
  checkoutResolvers,
  parcelResolvers,
  orderResolvers,
  contentResolvers,
  userResolvers,
  mailLinkResolvers,
  returnResolvers,
]

export interface ContextDeps {
  database: Database
  config: Config
  markets: MarketDirectory
  /** Verifies bearer tokens (server/services/shared/auth-tokens.ts). */
  tokens: TokenVerifier
  limiter: RateLimiter
  log?: Pick<FastifyBaseLogger, 'error'>
  clock?: () => Date
  /** Category trees and facet counts kept between requests (catalogue/catalogue-cache.ts). */
  catalogue?: CatalogueCache
  /** Shipping and payment options kept between requests (checkout/options-cache.ts). */
  checkoutOptions?: CheckoutOptionsCache
}

export interface ContextInput {
  /** The operation's variables: channelId, marketId and languageId set the request scope. */
  variables?: Record<string, unknown> | null
  user?: RequestUser | null
  apiKey?: string | null
  requestId?: string
  /** The shopper's address for the abuse limits; none for in-process calls. */
  clientAddress?: string | null
  /** The shopper's browser id the storefront forwards, for the abuse limits (ADR 0024). */
  clientSession?: string | null
  /** The shop's origin the shopper reached (SHOP_ORIGIN_HEADER); PUBLIC_URL's when absent. */
  shopUrl?: string
  /** Batch loaders to share with other operations of the same page; fresh ones otherwise. */
  loaders?: CatalogueLoaders
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** The database's markets; the configured ones when they cannot be read (see configuredMarkets). */
async function marketsOrConfigured(deps: ContextDeps): Promise<MarketRow[]> {
  try {
    return await deps.markets.all()
  } catch (error) {
    deps.log?.error({ err: error }, 'Could not read the markets: using the configured markets')
  }
  return configuredMarkets()
}

/** The resolver context for one operation; also used for in-process calls (`app.graphql`). */
export async function createContext(deps: ContextDeps, input: ContextInput = {}): Promise<GraphQLContext> {
  const variables = input.variables ?? {}
  const scopeArgs: ScopeArgs = {
    channelId: stringOrNull(variables['channelId']),
    marketId: stringOrNull(variables['marketId']),
    languageId: stringOrNull(variables['languageId']),
  }
  const scope = resolveScope(await marketsOrConfigured(deps), scopeArgs)
  const db = deps.database.db
  return {
    db,
    database: deps.database,
    config: deps.config,
    scope,
    user: input.user ?? null,
    loaders: input.loaders ?? createCatalogueLoaders(db, deps.catalogue),
    markets: deps.markets,
    checkoutOptions: deps.checkoutOptions ?? uncachedCheckoutOptions(commerceDb(db)),
    apiKey: input.apiKey ?? null,
    requestId: input.requestId ?? randomUUID(),
    clientAddress: input.clientAddress ?? null,
    clientSession: input.clientSession ?? null,
    shopUrl: input.shopUrl ?? configuredOrigin(deps.config),
    limiter: deps.limiter,
    now: deps.clock ?? (() => new Date()),
  }
}

function variablesOf(request: FastifyRequest): Record<string, unknown> | null {
  if (request.method === 'GET') {
    const query = request.query as Record<string, unknown> | undefined
    const raw = query?.['variables']
    if (typeof raw !== 'string') return null
    try {
      const parsed: unknown = JSON.parse(raw)
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null
    } catch {
      return null
    }
  }
  const body = request.body
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const variables = (body as Record<string, unknown>)['variables']
    if (variables && typeof variables === 'object') return variables as Record<string, unknown>
  }
  return null
}

export function validationRules(config: Pick<Config, 'isProduction'>, limits: QueryLimits): ValidationRule[] {
  const rules = queryLimitRules(limits)
  return config.isProduction ? [NoSchemaIntrospectionCustomRule, ...rules] : rules
}

async function graphqlService(app: FastifyInstance, opts: GraphQLServiceOptions): Promise<void> {
  const { database, config } = opts
  const endpoint = opts.path ?? '/graphql'
  const markets = new MarketDirectory(database.db)
  const tokens = createTokenVerifier({
    authUrl: config.services.auth,
    fetch: opts.fetch ?? createServiceFetch(app, config),
    revocations: sessionRevocations(database.db),
    onError: (error) =>
      app.log.warn({ err: error }, 'Could not read the auth service keys (JWKS) or revocations'),
  })
  const limiter = opts.limiter ?? createMemoryRateLimiter()
  const clock = opts.clock ?? (() => new Date())
  const catalogue = await followCatalogue(database)
  app.addHook('onClose', () => catalogue.stop())
  const checkoutOptions = await followCheckoutOptions(database, commerceDb(database.db))
  app.addHook('onClose', () => checkoutOptions.stop())
  const deps: ContextDeps = {
    database,
    config,
    markets,
    tokens,
    limiter,
    log: app.log,
    clock,
    catalogue: catalogue.cache,
    checkoutOptions: checkoutOptions.cache,
  }

  // Checked before body parsing: a request without the key costs nothing and runs nothing.
  const requireApiKey: onRequestHookHandler = (request, reply, done) => {
    if (isValidApiKey(apiKeyFromRequest(request), config.apiKey)) return done()
    void reply
      .code(401)
      .header('www-authenticate', 'ApiKey header="X-ApiKey"')
      .send({
        data: null,
        errors: [
          {
            message: 'Missing or invalid API key (X-ApiKey header)',
            extensions: { code: ERROR_CODES.UNAUTHENTICATED },
          },
        ],
      })
  }
  // A shopper's request runs in that shopper's share of the database, with a time budget (ADR
  // 0060); the server's own calls (no shopper's address) are not held back. Set after the body is
  // read, so the handler runs inside it.
  const shareDatabase: preHandlerHookHandler = (request, _reply, done) => {
    const client = clientAddress(request.ip, request.headers['x-forwarded-for'])
    if (isLoopbackAddress(client)) return done()
    withDatabaseShare(client, config.dbRequestBudgetMs, () => done())
  }
  app.addHook('onRoute', (route) => {
    if (route.url !== endpoint && route.path !== endpoint) return
    const asList = <T>(hooks: T | T[] | undefined): T[] =>
      hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
    route.onRequest = [requireApiKey, ...asList(route.onRequest)]
    route.preHandler = [...asList(route.preHandler), shareDatabase]
  })

  const resolvers = withRootTypeNames(mergeResolvers([{ ...scalarResolvers }, ...areaResolvers]))
  const rules = validationRules(config, opts.limits ?? DEFAULT_LIMITS)

  await app.register(mercurius, {
    schema: loadSchemaSource(),
    resolvers: resolvers as IResolvers,
    path: endpoint,
    graphiql: !config.isProduction,
    // Automatic persisted queries: a query is registered the first time it arrives as text with
    // its hash (a POST), then runs by hash alone — the storefront's cacheable GETs (ADR 0037).
    // Bounded (LRU), so registering junk cannot grow memory; a miss costs the client one retry.
    persistedQueryProvider: mercurius.persistedQueryDefaults.automatic(PERSISTED_QUERY_CAPACITY),
    validationRules: rules,
    errorFormatter: (execution, context) => formatErrors(execution, context, config),
    context: async (request) =>
      createContext(deps, {
        variables: variablesOf(request),
        user: await userFromRequest(request, tokens),
        apiKey: apiKeyFromRequest(request) ?? null,
        requestId: request.id,
        clientAddress: clientAddress(request.ip, request.headers['x-forwarded-for']),
        clientSession: clientSession(request.ip, request.headers[SHOPPER_HEADER]),
        shopUrl: forwardedShopOrigin(request.headers[SHOP_ORIGIN_HEADER], config),
      }),
  })

  app.decorate('catalogueCache', catalogue.cache)
  app.decorate('checkoutOptionsCache', checkoutOptions.cache)
  app.decorate('graphqlContext', (input: ContextInput = {}) => createContext(deps, input))
  app.decorate('graphqlExecutor', (headers: Record<string, string>) => inProcessExecutor(app, deps, headers))

  // Subscriptions (live stock, a customer's cart) over WebSocket on the same path (ADR 0036).
  const events = await startLiveEvents(database)
  app.addHook('onClose', () => events.close())
  app.decorate('liveEvents', events)
  registerLiveEndpoint(app, {
    path: endpoint,
    config,
    events,
    tokens,
    limiter,
    validationRules: rules,
    createContext: (input) => createContext(deps, input),
  })

  // The payment provider's signed callbacks (docs/adr/0012-payments.md), in their own scope.
  await app.register(paymentCallbackRoutes, { database, config })

  // The back office's shipping, delivery and returns operations (ADR 0027, ADR 0030).
  await registerOrderAdmin(app, { database, config, clock })
  // ... and finding an order (issue 29)
  await registerOrderAdminReads(app, { database, config })
  await registerReturnsAdmin(app, { database, config, clock })

  // Card orders unpaid after their payment window give their stock back (ADR 0025).
  startPeriodicJob(app, 'card order expiry', opts.expirySweepMs ?? 60_000, () =>
    cancelExpiredCardOrders(database.db, new Date(), app.log),
  )

  // Back-in-stock mails (ADR 0031): data-driven, whatever put the size back in stock.
  startPeriodicJob(app, 'back-in-stock mails', opts.backInStockMs ?? BACK_IN_STOCK_INTERVAL_MS, () =>
    sendBackInStockMails(database.db, config),
  )
  // The back office's stock and subscriber operations (ADR 0027, ADR 0031).
  await registerStockMailsAdmin(app, { database, config })
}

/** How many registered persisted queries one instance keeps (the storefront has a few dozen). */
export const PERSISTED_QUERY_CAPACITY = 2000

const UNAUTHORISED_BODY = {
  data: null,
  errors: [
    {
      message: 'Missing or invalid API key (X-ApiKey header)',
      extensions: { code: ERROR_CODES.UNAUTHENTICATED },
    },
  ],
}

/** mercurius's error for a query that did not run (syntax, validation, variables): it holds their errors. */
function queryErrorsOf(error: unknown): { message: string }[] | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors
  return Array.isArray(errors)
    ? errors.map((item) => ({ message: String((item as Error).message) }))
    : undefined
}

/**
 * The API for one server-rendered page, in process (`app.graphql`, no HTTP): the same API-key
 * check, bearer-token user and resolver context as the HTTP endpoint, read once from the page's
 * headers, and one set of batch loaders for all the page's operations. Answers with the status
 * and body the endpoint would send: 401 without a valid key, 400 for a query that does not
 * validate, 200 with data and errors otherwise (resolver errors masked as errorFormatter does).
 */
function inProcessExecutor(app: FastifyInstance, deps: ContextDeps, headers: Record<string, string>) {
  const source = {
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  }
  const apiKey = apiKeyFromRequest(source) ?? null
  const authorised = isValidApiKey(apiKey ?? undefined, deps.config.apiKey)
  const user = authorised ? userFromRequest(source, deps.tokens) : Promise.resolve(null)
  const loaders = createCatalogueLoaders(deps.database.db, deps.catalogue)
  const requestId = randomUUID()
  const shopUrl = forwardedShopOrigin(source.headers[SHOP_ORIGIN_HEADER], deps.config)

  return async ({ query, variables, operationName }: InProcessRequest): Promise<InProcessResponse> => {
    if (!authorised) return { status: 401, body: UNAUTHORISED_BODY }
    const context = await createContext(deps, {
      variables,
      user: await user,
      apiKey,
      requestId,
      loaders,
      shopUrl,
    })
    try {
      const result: ExecutionResult = await app.graphql(query, context, variables, operationName)
      // errorFormatter already ran and turned the errors into their JSON form
      return { status: 200, body: result as InProcessResponse['body'] }
    } catch (error) {
      const queryErrors = queryErrorsOf(error)
      if (queryErrors) return { status: 400, body: { data: null, errors: queryErrors } }
      app.log.error({ err: error }, 'In-process GraphQL operation failed')
      return {
        status: 500,
        body: {
          data: null,
          errors: [
            { message: 'Internal server error', extensions: { code: ERROR_CODES.INTERNAL_SERVER_ERROR } },
          ],
        },
      }
    }
  }
}

// Not encapsulated: the routes, `app.graphql` and `app.graphqlContext` belong to the parent app.
Object.assign(graphqlService, { [Symbol.for('skip-override')]: true })

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds the context for an in-process `app.graphql(query, context, variables)` call. */
    graphqlContext(input?: ContextInput): Promise<GraphQLContext>
    /** The API in process for one page rendered with these request headers (X-ApiKey, Authorization). */
    graphqlExecutor(headers: Record<string, string>): GraphqlExecutor
    /** Category trees and facet counts kept between requests (catalogue/catalogue-cache.ts). */
    catalogueCache: CatalogueCache
    /** Shipping and payment options kept between requests (checkout/options-cache.ts). */
    checkoutOptionsCache: CheckoutOptionsCache
    /** This instance's live events (ADR 0036): what the subscriptions wait on. */
    liveEvents: LiveEvents
  }
}

export default graphqlService
