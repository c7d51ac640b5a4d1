/**
 * The commerce API in process (`app.graphqlExecutor`, what the server render uses instead of an
 * HTTP request): the same answers, statuses, API-key check and bearer-token user as the HTTP
 * endpoint.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { API_KEY, startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const PRODUCTS = `query products($take: Int) {
  products(take: $take) { count products { productId name alias skus { skuId } } }
}`
const GET_ORDERS = 'query { getOrders { id } }'

describeEachDatabase('the in-process GraphQL executor on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind)
  })
  afterAll(async () => {
    await api?.close()
  })

  const execute = (headers: Record<string, string>, query: string, variables = {}) =>
    api.app.graphqlExecutor(headers)({ query, variables })

  it('answers a query exactly as the HTTP endpoint does, in the scope its variables name', async () => {
    const variables = { take: 3, marketId: 'se', languageId: 'sv-SE' }
    const overHttp = await api.gql(PRODUCTS, variables)
    const inProcess = await execute({ 'X-ApiKey': API_KEY }, PRODUCTS, variables)
    expect(inProcess.status).toBe(200)
    expect(JSON.parse(JSON.stringify(inProcess.body))).toEqual({ data: overHttp.data })
    expect(overHttp.data).toMatchObject({ products: { products: expect.any(Array) } })
  })

  it('refuses a missing or wrong API key with 401, like the endpoint', async () => {
    for (const headers of [{}, { 'X-ApiKey': 'wrong' }] as Record<string, string>[]) {
      const answer = await execute(headers, PRODUCTS)
      expect(answer.status).toBe(401)
      expect(answer.body.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED')
    }
    expect((await api.gql(PRODUCTS, {}, { apiKey: null })).status).toBe(401)
  })

  it('answers 400 for a query that does not validate, like the endpoint', async () => {
    const query = '{ products { noSuchField } }'
    const overHttp = await api.gql(query)
    const inProcess = await execute({ 'X-ApiKey': API_KEY }, query)
    expect(inProcess.status).toBe(overHttp.status)
    expect(inProcess.status).toBe(400)
    expect(inProcess.body.errors?.[0]?.message).toMatch(/noSuchField/)
  })

  it('knows the shopper from the bearer token and nobody from a forged one', async () => {
    const token = await api.tokenFor({ id: randomUUID(), email: 'ip@example.fi' })
    const signedIn = await execute({ 'X-ApiKey': API_KEY, Authorization: `Bearer ${token}` }, GET_ORDERS)
    expect(signedIn.body.errors).toBeUndefined()
    expect(signedIn.body.data).toEqual({ getOrders: [] })

    const forged = await execute({ 'X-ApiKey': API_KEY, Authorization: `Bearer ${token}x` }, GET_ORDERS)
    expect(forged.body.errors?.[0]?.extensions?.['code']).toBe('UNAUTHENTICATED')
  })
})
