import { createHash } from 'node:crypto'
import { gql } from '@apollo/client'
import { describe, expect, it } from 'vitest'
import { createApolloClient } from './apollo'
import { createPersistedQueryLinks, sha256Hex } from './persisted-queries'

interface Seen {
  method: string
  operationName: string | null
  hasText: boolean
}

/** A stand-in for the BFF + commerce API with automatic persisted queries. */
function fakeApi() {
  const known = new Map<string, string>()
  const seen: Seen[] = []
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const method = init?.method ?? 'GET'
    let request: {
      operationName?: string
      query?: string
      extensions?: { persistedQuery?: { sha256Hash: string } }
    }
    if (method === 'GET') {
      const params = new URL(String(input), 'http://shop.test').searchParams
      request = {
        operationName: params.get('operationName') ?? undefined,
        query: params.get('query') ?? undefined,
        extensions: JSON.parse(params.get('extensions') ?? '{}') as typeof request.extensions,
      }
    } else {
      request = JSON.parse(String(init?.body)) as typeof request
    }
    seen.push({ method, operationName: request.operationName ?? null, hasText: request.query !== undefined })
    const hash = request.extensions?.persistedQuery?.sha256Hash
    let text = request.query
    if (text === undefined) {
      text = hash ? known.get(hash) : undefined
      if (text === undefined)
        return json(400, {
          errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }],
        })
    } else if (hash) {
      known.set(hash, text)
    }
    return json(200, {
      data: text.includes('mutation')
        ? { ping: true }
        : { brands: [{ __typename: 'BrandListType', brandId: 1, name: 'Aurora' }] },
    })
  }
  return { fetch, seen }
}

const brands = gql`
  query listBrands {
    brands {
      brandId
      name
    }
  }
`

function client(fetch: typeof globalThis.fetch) {
  return createApolloClient({
    uri: 'http://shop.test/api/graphql',
    fetch,
    ssrMode: false,
    getScope: () => ({ market: 'fi', locale: 'fi' }),
    transportLinks: createPersistedQueryLinks(),
  })
}

describe('queries as GET requests by persisted-query hash', () => {
  it('hashes like the server does (SHA-256, hex)', async () => {
    expect(await sha256Hex('query { a }')).toBe(createHash('sha256').update('query { a }').digest('hex'))
  })

  it('registers a new query once, then repeats the GET so the worker can keep it', async () => {
    const api = fakeApi()
    const result = await client(api.fetch).query({ query: brands, fetchPolicy: 'network-only' })
    expect(result.data).toEqual({ brands: [{ __typename: 'BrandListType', brandId: 1, name: 'Aurora' }] })
    await expect.poll(() => api.seen.length).toBe(3)
    expect(api.seen).toEqual([
      { method: 'GET', operationName: 'listBrands', hasText: false },
      { method: 'POST', operationName: 'listBrands', hasText: true },
      { method: 'GET', operationName: 'listBrands', hasText: false },
    ])
  })

  it('sends a known query as a GET by hash alone', async () => {
    const api = fakeApi()
    await client(api.fetch).query({ query: brands, fetchPolicy: 'network-only' })
    await expect.poll(() => api.seen.length).toBe(3)
    await client(api.fetch).query({ query: brands, fetchPolicy: 'network-only' })
    expect(api.seen.slice(3)).toEqual([{ method: 'GET', operationName: 'listBrands', hasText: false }])
  })

  it('never sends a mutation as a GET', async () => {
    const api = fakeApi()
    await client(api.fetch).mutate({
      mutation: gql`
        mutation ping {
          ping
        }
      `,
    })
    expect(api.seen.every((request) => request.method === 'POST')).toBe(true)
  })
})
