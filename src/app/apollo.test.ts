import { describe, expect, it } from 'vitest'
import { ApolloLink, CombinedGraphQLErrors, ServerParseError, gql } from '@apollo/client'
import { of } from 'rxjs'
import { BROWSER_GRAPHQL_URI, CSRF_HEADER } from '../shared/storefront-api'
import { createApolloClient, createCache, normaliseError, type ApolloScope } from './apollo'

interface RecordedRequest {
  url: string
  headers: Headers
  body: { operationName?: string; variables?: Record<string, unknown>; query?: string }
}

/** A fetch that records each request and answers with the next canned response. */
function fakeFetch(...responses: (() => Response)[]) {
  const requests: RecordedRequest[] = []
  const fetchStub: typeof fetch = async (input, init) => {
    const request = new Request(typeof input === 'string' ? new URL(input, 'http://shop.test') : input, init)
    requests.push({ url: request.url, headers: request.headers, body: JSON.parse(await request.text()) })
    const next = responses[Math.min(requests.length - 1, responses.length - 1)]
    if (!next) throw new Error('no canned response')
    return next()
  }
  return { fetch: fetchStub, requests }
}

const json =
  (body: unknown, status = 200, contentType = 'application/json') =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } })

const PRODUCT = gql`
  query product($alias: String!) {
    product(alias: $alias) {
      productId
      name
    }
  }
`
const CART = gql`
  query getCart($id: String!, $marketId: String) {
    getCart(id: $id, marketId: $marketId) {
      id
    }
  }
`

function client(
  fetchStub: typeof fetch,
  scope: ApolloScope = { market: 'se', locale: 'sv' },
  headers?: Record<string, string>,
) {
  return createApolloClient({
    uri: 'http://api.test/graphql',
    fetch: fetchStub,
    ssrMode: true,
    headers,
    getScope: () => scope,
  })
}

const productData = { product: { __typename: 'ProductType', productId: 7, name: 'Red dress' } }

describe('the link: variables', () => {
  it('adds channelId, marketId and languageId of the current scope to every operation', async () => {
    const { fetch, requests } = fakeFetch(json({ data: productData }))
    await client(fetch).query({ query: PRODUCT, variables: { alias: 'red-dress' } })
    expect(requests[0]?.body.operationName).toBe('product')
    expect(requests[0]?.body.variables).toEqual({
      alias: 'red-dress',
      channelId: '1|fi',
      marketId: 'se',
      languageId: 'sv-SE',
    })
  })

  it('keeps a variable the caller set, e.g. the checkout market', async () => {
    const { fetch, requests } = fakeFetch(json({ data: { getCart: { __typename: 'CartType', id: 'c1' } } }))
    await client(fetch, { market: 'fi', locale: 'fi' }).query({
      query: CART,
      variables: { id: 'c1', marketId: 'dk' },
    })
    expect(requests[0]?.body.variables).toEqual({
      id: 'c1',
      marketId: 'dk',
      channelId: '1|fi',
      languageId: 'fi-FI',
    })
  })

  it('reads the scope per operation, so a market or language change applies at once', async () => {
    const { fetch, requests } = fakeFetch(json({ data: productData }))
    const scope: ApolloScope = { market: 'fi', locale: 'fi' }
    // a browser client: an SSR client turns network-only into cache-first
    const apollo = createApolloClient({
      uri: BROWSER_GRAPHQL_URI,
      fetch,
      ssrMode: false,
      getScope: () => scope,
    })
    await apollo.query({ query: PRODUCT, variables: { alias: 'a' }, fetchPolicy: 'network-only' })
    scope.market = 'no'
    scope.locale = 'nb'
    await apollo.query({ query: PRODUCT, variables: { alias: 'a' }, fetchPolicy: 'network-only' })
    expect(
      requests.map((request) => [request.body.variables?.marketId, request.body.variables?.languageId]),
    ).toEqual([
      ['fi', 'fi-FI'],
      ['no', 'nb-NO'],
    ])
  })
})

describe('the link: another transport', () => {
  it('applies the scope variables in front of a terminating link given instead of HTTP', async () => {
    const seen: Record<string, unknown>[] = []
    const inProcess = new ApolloLink((operation) => {
      seen.push(operation.variables)
      return of({ data: productData })
    })
    const apollo = createApolloClient({
      uri: 'unused',
      ssrMode: true,
      getScope: () => ({ market: 'dk', locale: 'da' }),
      terminatingLink: inProcess,
    })
    const result = await apollo.query({ query: PRODUCT, variables: { alias: 'x' } })
    expect(result.data).toEqual(productData)
    expect(seen).toEqual([{ alias: 'x', channelId: '1|fi', marketId: 'dk', languageId: 'da-DK' }])
  })
})

describe('the link: headers', () => {
  it('posts JSON to the uri, accepts any, sends the CSRF header and the caller’s headers', async () => {
    const { fetch, requests } = fakeFetch(json({ data: productData }))
    await client(fetch, undefined, { 'X-ApiKey': 'key-123', Authorization: 'Bearer token-abc' }).query({
      query: PRODUCT,
      variables: { alias: 'a' },
    })
    const request = requests[0]
    expect(request?.url).toBe('http://api.test/graphql')
    expect(request?.headers.get('accept')).toBe('*/*')
    expect(request?.headers.get('content-type')).toBe('application/json')
    expect(request?.headers.get(CSRF_HEADER)).toBe('1')
    expect(request?.headers.get('x-apikey')).toBe('key-123')
    expect(request?.headers.get('authorization')).toBe('Bearer token-abc')
    expect(request?.body.query).toContain('product(alias: $alias)')
  })

  it('sends no credentials headers unless given (the browser client goes through the BFF)', async () => {
    const { fetch, requests } = fakeFetch(json({ data: productData }))
    const apollo = createApolloClient({
      uri: BROWSER_GRAPHQL_URI,
      fetch,
      ssrMode: false,
      getScope: () => ({ market: 'fi', locale: 'fi' }),
    })
    await apollo.query({ query: PRODUCT, variables: { alias: 'a' } })
    expect(requests[0]?.url).toBe('http://shop.test/api/graphql')
    expect(requests[0]?.headers.get('authorization')).toBeNull()
    expect(requests[0]?.headers.get('x-apikey')).toBeNull()
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBe('1')
  })
})

describe('the link: errors (docs/product-rules.md#shop-wide-behaviour)', () => {
  const failure = async (response: () => Response) => {
    const { fetch } = fakeFetch(response)
    return client(fetch)
      .query({ query: PRODUCT, variables: { alias: 'a' } })
      .then(
        () => {
          throw new Error('expected the query to fail')
        },
        (error: unknown) => error,
      )
  }

  it.each([
    [500, 'application/json'],
    [404, 'application/json'],
    [302, 'application/json'],
    [400, 'application/graphql-response+json'],
  ])('status %s (%s) is "Response not successful"', async (status, contentType) => {
    const error = await failure(json({ errors: [{ message: 'nope' }] }, status, contentType))
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe(`Response not successful: Received status code ${status}`)
    expect(normaliseError(error)).toEqual({
      message: `Response not successful: Received status code ${status}`,
      statusCode: status >= 400 ? status : 500,
    })
  })

  it('a non-JSON body is a parse error', async () => {
    const error = await failure(
      () => new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    )
    expect(ServerParseError.is(error)).toBe(true)
    expect(normaliseError(error).statusCode).toBe(500)
  })

  it('a body without data or errors is "Server response was missing for query {name}"', async () => {
    const error = await failure(json({ something: 'else' }))
    expect((error as Error).message).toBe('Server response was missing for query product')
  })

  it('GraphQL errors come through with their messages', async () => {
    const error = await failure(json({ data: null, errors: [{ message: 'Product not found' }] }))
    expect(CombinedGraphQLErrors.is(error)).toBe(true)
    expect(normaliseError(error)).toEqual({ message: 'Product not found', statusCode: 500 })
  })
})

describe('normaliseError', () => {
  it.each([
    [
      { message: 'a', statusCode: 404 },
      { message: 'a', statusCode: 404 },
    ],
    [
      { message: 'b', status: 403 },
      { message: 'b', statusCode: 403 },
    ],
    [
      { message: 'c', response: { status: 503 } },
      { message: 'c', statusCode: 503 },
    ],
    [
      { message: 'd', statusCode: 401, status: 402, response: { status: 403 } },
      { message: 'd', statusCode: 401 },
    ],
    [{ message: 'e' }, { message: 'e', statusCode: 500 }],
    [
      { message: 'f', status: 'teapot' },
      { message: 'f', statusCode: 500 },
    ],
    [
      { status: 404, statusText: 'Not Found' },
      { message: 'Not Found', statusCode: 404 },
    ],
    ['plain text', { message: 'plain text', statusCode: 500 }],
    [null, { message: 'Unknown error', statusCode: 500 }],
  ])('%j → %j', (input, expected) => {
    expect(normaliseError(input)).toEqual(expected)
  })

  it('reads a thrown Response and an Error', () => {
    expect(normaliseError(new Response('Not Found', { status: 404, statusText: 'Not Found' }))).toEqual({
      message: 'Not Found',
      statusCode: 404,
    })
    expect(normaliseError(new Error('boom'))).toEqual({ message: 'boom', statusCode: 500 })
  })
})

describe('cache', () => {
  it('normalises products by productId and carts by id', () => {
    const cache = createCache()
    expect(cache.identify({ __typename: 'ProductType', productId: 7 })).toBe('ProductType:{"productId":7}')
    expect(cache.identify({ __typename: 'SkuType', skuId: 70 })).toBe('SkuType:{"skuId":70}')
    expect(cache.identify({ __typename: 'CartType', id: 'c1' })).toBe('CartType:{"id":"c1"}')
    expect(cache.identify({ __typename: 'CategoryType', categoryId: 3 })).toBe(
      'CategoryType:{"categoryId":3}',
    )
  })

  it('embeds an object whose selection lacks its key instead of failing', () => {
    const cache = createCache()
    const query = gql`
      query names {
        products {
          name
        }
      }
    `
    cache.writeQuery({ query, data: { products: [{ __typename: 'ProductType', name: 'A' }] } })
    expect(cache.readQuery({ query })).toEqual({ products: [{ __typename: 'ProductType', name: 'A' }] })
  })

  it('keeps nothing in the server client cache: the page carries the loader data', async () => {
    const server = fakeFetch(json({ data: productData }))
    const serverClient = client(server.fetch)
    const result = await serverClient.query({ query: PRODUCT, variables: { alias: 'red-dress' } })
    expect(result.data).toEqual(productData)
    expect(serverClient.extract()).toEqual({})
  })

  it('answers from a restored cache without a request', async () => {
    const server = fakeFetch(json({ data: productData }))
    const serverClient = client(server.fetch)
    await serverClient.query({
      query: PRODUCT,
      variables: { alias: 'red-dress' },
      fetchPolicy: 'cache-first',
    })
    const state = serverClient.extract()

    const browser = fakeFetch(json({ data: productData }))
    const browserClient = createApolloClient({
      uri: BROWSER_GRAPHQL_URI,
      fetch: browser.fetch,
      ssrMode: false,
      getScope: () => ({ market: 'se', locale: 'sv' }),
      restore: JSON.parse(JSON.stringify(state)),
    })
    const result = await browserClient.query({ query: PRODUCT, variables: { alias: 'red-dress' } })
    expect(result.data).toEqual(productData)
    expect(browser.requests).toHaveLength(0)
  })
})
