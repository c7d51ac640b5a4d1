/**
 * The Apollo Client factory with the link rules of docs/product-rules.md#shop-wide-behaviour: every operation gets channelId,
 * marketId and languageId; headers accept any and send JSON; responses are checked and errors
 * worded as docs/product-rules.md#shop-wide-behaviour says. On the server the caller passes the API key and bearer headers (read
 * from the HttpOnly cookie); in the browser the client talks to the same-origin BFF at
 * /api/graphql (server/ssr/graphql-proxy.ts), which adds them, so page script never sees the token.
 */
import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  ServerError,
  type NormalizedCacheObject,
  type StoreObject,
  type TypePolicies,
} from '@apollo/client'
import { catchError, map, throwError } from 'rxjs'
import { CSRF_HEADER } from '../shared/storefront-api'
import { apiScope, type LocaleCode, type MarketAlias } from '../shared/markets'

export interface ApolloScope {
  market: MarketAlias
  locale: LocaleCode
}

export interface CreateApolloClientOptions {
  /** API endpoint: config.services.api on the server, BROWSER_GRAPHQL_URI in the browser */
  uri: string
  /** the server passes createServiceFetch(...) so calls to this process skip the socket */
  fetch?: typeof fetch
  ssrMode: boolean
  /** extra request headers, e.g. X-ApiKey and Authorization on the server */
  headers?: Record<string, string>
  /** read per operation, so a market or language change applies to the next request */
  getScope: () => ApolloScope
  /** the serialised cache from the server page (`apollo.extract()`) */
  restore?: NormalizedCacheObject
  /** replaces the HTTP transport (e.g. an in-process link to the GraphQL service during SSR) */
  terminatingLink?: ApolloLink
  /**
   * Links between the response check and the transport: the browser's persisted-query links
   * (src/app/persisted-queries.ts: queries as cacheable GETs by hash)
   */
  transportLinks?: ApolloLink[]
  /** replaces the cache made from TYPE_POLICIES (and `restore`) */
  cache?: InMemoryCache
  /** replaces Apollo's default handler of @defer/@stream, which this shop does not use */
  incrementalHandler?: ApolloClient.Options['incrementalHandler']
}

/** Adds channelId, marketId and languageId to the variables, keeping any the caller set. */
export function createScopeLink(getScope: () => ApolloScope): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const { market, locale } = getScope()
    const variables = { ...operation.variables }
    for (const [key, value] of Object.entries(apiScope(market, locale))) {
      if (variables[key] === undefined) variables[key] = value
    }
    operation.variables = variables
    return forward(operation)
  })
}

function isResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    'headers' in value
  )
}

/**
 * Rewords transport errors as docs/product-rules.md#shop-wide-behaviour: any status ≥ 300 is 'Response not successful: Received
 * status code {status}' (HttpLink parses application/graphql-response+json bodies of any status),
 * and a JSON body with neither data nor errors is 'Server response was missing for query {name}'.
 */
export function createResponseCheckLink(): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        const response: unknown = operation.getContext().response
        if (isResponse(response) && response.status >= 300) {
          throw new ServerError(`Response not successful: Received status code ${response.status}`, {
            response,
            bodyText: JSON.stringify(result),
          })
        }
        return result
      }),
      catchError((error: unknown) => {
        if (ServerError.is(error) && error.message.startsWith('Server response was malformed')) {
          const missing = new ServerError(
            `Server response was missing for query ${operation.operationName ?? '(anonymous)'}`,
            {
              response: error.response,
              bodyText: error.bodyText,
            },
          )
          return throwError(() => missing)
        }
        return throwError(() => error)
      }),
    ),
  )
}

/** Normalise by one id field, and leave objects without it embedded instead of failing. */
function keyedBy(field: string) {
  return (object: Readonly<StoreObject>): string | false => {
    const id = object[field]
    if (typeof id !== 'string' && typeof id !== 'number') return false
    return `${String(object.__typename)}:${JSON.stringify({ [field]: id })}`
  }
}

export const TYPE_POLICIES: TypePolicies = {
  ProductType: { keyFields: keyedBy('productId') },
  SkuType: { keyFields: keyedBy('skuId') },
  CartType: {
    keyFields: keyedBy('id'),
    // a cart response is always the whole cart: replace its lists instead of merging by index
    fields: { items: { merge: false }, appliedCampaigns: { merge: false } },
  },
  // cart rows are only meaningful inside their cart
  CartItemType: { keyFields: false },
  CategoryType: { keyFields: keyedBy('categoryId') },
  BrandListType: { keyFields: keyedBy('brandId') },
  BrandType: { keyFields: keyedBy('brandId') },
  MarketType: { keyFields: keyedBy('id') },
  ChannelType: { keyFields: keyedBy('id') },
  UserType: { keyFields: keyedBy('id') },
  OrderType: { keyFields: keyedBy('id') },
  // value objects without identity: merge the fields that different queries select
  PriceType: { merge: true },
  LowestPriceType: { merge: true },
  StockType: { merge: true },
  CartSummaryType: { merge: true },
  BalanceType: { merge: true },
  // list page ids are per list kind (a category and a brand can share one); facet values'
  // `_id` carries their count: neither identifies an object across lists
  PageInfoType: { keyFields: false },
  FilterValueType: { keyFields: false },
}

export function createCache(restore?: NormalizedCacheObject): InMemoryCache {
  const cache = new InMemoryCache({ typePolicies: TYPE_POLICIES })
  return restore ? cache.restore(restore) : cache
}

export function createApolloClient(options: CreateApolloClientOptions): ApolloClient {
  const transport =
    options.terminatingLink ??
    new HttpLink({
      uri: options.uri,
      fetch: options.fetch,
      // docs/product-rules.md#shop-wide-behaviour: accept any, JSON body; the scope variables are sent even when an operation
      // does not declare them (the API ignores unknown variables)
      headers: { accept: '*/*', 'content-type': 'application/json', [CSRF_HEADER]: '1', ...options.headers },
      includeUnusedVariables: true,
    })
  return new ApolloClient({
    link: ApolloLink.from([
      createScopeLink(options.getScope),
      createResponseCheckLink(),
      ...(options.transportLinks ?? []),
      transport,
    ]),
    cache: options.cache ?? createCache(options.restore),
    ...(options.incrementalHandler ? { incrementalHandler: options.incrementalHandler } : {}),
    ssrMode: options.ssrMode,
    // The server's client runs a page's queries once and nothing reads its cache afterwards (the
    // page carries the loaders' data, ADR 0016): writing and re-reading each result through the
    // normalised cache was a tenth of a render's time.
    ...(options.ssrMode ? { defaultOptions: { query: { fetchPolicy: 'no-cache' as const } } } : {}),
    // after hydration, network-only and no-cache queries would refetch what the page already
    // holds; cache-first queries are answered by the restored cache
    ssrForceFetchDelay: options.restore ? 100 : undefined,
  })
}

export interface NormalisedError {
  message: string
  statusCode: number
}

/** An HTTP error status (400-599); anything else (a parse error of a 200 response) is no status. */
function errorStatus(source: unknown, key: string): number | undefined {
  if (typeof source !== 'object' || source === null || !(key in source)) return undefined
  const value: unknown = (source as Record<string, unknown>)[key]
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599
    ? value
    : undefined
}

function stringField(source: unknown, key: string): string | undefined {
  if (typeof source !== 'object' || source === null || !(key in source)) return undefined
  const value: unknown = (source as Record<string, unknown>)[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * Any thrown value as `{ message, statusCode }` (docs/product-rules.md#shop-wide-behaviour): statusCode from the error's
 * statusCode, status or response.status, else 500. Only error statuses (400-599) count, so a
 * parse error of a 200 response is a 500. Works for Apollo errors, fetch Responses and
 * react-router error responses.
 */
export function normaliseError(error: unknown): NormalisedError {
  const response: unknown =
    typeof error === 'object' && error !== null && 'response' in error
      ? (error as { response: unknown }).response
      : undefined
  const statusCode =
    errorStatus(error, 'statusCode') ?? errorStatus(error, 'status') ?? errorStatus(response, 'status') ?? 500
  const message =
    stringField(error, 'message') ??
    stringField(error, 'statusText') ??
    (typeof error === 'string' && error !== '' ? error : undefined) ??
    'Unknown error'
  return { message, statusCode }
}
