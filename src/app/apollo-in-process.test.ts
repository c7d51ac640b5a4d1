import { describe, expect, it } from 'vitest'
import { CombinedGraphQLErrors, gql } from '@apollo/client'
import { parse, print } from 'graphql'
import { createApolloClient, normaliseError } from './apollo'
import { createInProcessLink, printedOperation } from './apollo-in-process'
import type { GraphqlRequest, GraphqlResponse } from '../shared/graphql-executor'

const PRODUCT = gql`
  query product($alias: String!) {
    product(alias: $alias) {
      productId
      name
    }
  }
`
const productData = { product: { __typename: 'ProductType', productId: 7, name: 'Red dress' } }

/** An SSR client whose API is the given executor, recording what it was asked. */
function clientAnswering(answer: (request: GraphqlRequest) => Promise<GraphqlResponse>) {
  const requests: GraphqlRequest[] = []
  const apollo = createApolloClient({
    uri: 'http://never.test/graphql',
    fetch: () => Promise.reject(new Error('the in-process link must not fetch')),
    ssrMode: true,
    getScope: () => ({ market: 'se', locale: 'sv' }),
    terminatingLink: createInProcessLink((request) => {
      requests.push(request)
      return answer(request)
    }),
  })
  return { apollo, requests }
}

async function failure(answer: () => Promise<GraphqlResponse>): Promise<unknown> {
  const { apollo } = clientAnswering(answer)
  return apollo.query({ query: PRODUCT, variables: { alias: 'a' } }).then(
    (result) => result.error ?? new Error('expected a failure'),
    (error: unknown) => error,
  )
}

describe('the in-process link', () => {
  it('hands the executor the printed operation with the scope variables and returns its data', async () => {
    const { apollo, requests } = clientAnswering(async () => ({ status: 200, body: { data: productData } }))
    const result = await apollo.query({ query: PRODUCT, variables: { alias: 'red-dress' } })
    expect(result.data).toEqual(productData)
    expect(requests).toHaveLength(1)
    expect(requests[0]?.operationName).toBe('product')
    expect(requests[0]?.query).toMatch(/query product\(\$alias: String!\)[\s\S]*__typename/)
    expect(requests[0]?.variables).toEqual({
      alias: 'red-dress',
      channelId: '1|fi',
      marketId: 'se',
      languageId: 'sv-SE',
    })
  })

  it.each([400, 401, 500])(
    'an error status %s is worded as over HTTP and normalised with that status',
    async (status) => {
      const error = await failure(async () => ({
        status,
        body: { data: null, errors: [{ message: 'nope' }] },
      }))
      expect(normaliseError(error)).toEqual({
        message: `Response not successful: Received status code ${status}`,
        statusCode: status,
      })
    },
  )

  it('GraphQL errors of a 200 answer come through with their messages', async () => {
    const error = await failure(async () => ({
      status: 200,
      body: { data: null, errors: [{ message: 'Product not found' }] },
    }))
    expect(CombinedGraphQLErrors.is(error)).toBe(true)
    expect(normaliseError(error)).toEqual({ message: 'Product not found', statusCode: 500 })
  })

  it('an executor that throws fails the operation with its message', async () => {
    const error = await failure(() => Promise.reject(new Error('database is gone')))
    expect(normaliseError(error)).toEqual({ message: 'database is gone', statusCode: 500 })
  })
})

describe('printedOperation', () => {
  it('sends the same text for an operation whichever render’s client transformed it', async () => {
    const first = clientAnswering(() => Promise.resolve({ status: 200, body: { data: productData } }))
    const second = clientAnswering(() => Promise.resolve({ status: 200, body: { data: productData } }))
    await first.apollo.query({ query: PRODUCT, variables: { alias: 'a' } })
    await second.apollo.query({ query: PRODUCT, variables: { alias: 'b' } })
    const [sent, again] = [first.requests[0]?.query, second.requests[0]?.query]
    expect(sent).toContain('__typename')
    expect(again).toBe(sent)
  })

  it('prints a source once and then answers from the kept text', () => {
    const source = 'query keptOnce { product(alias: "a") { name } }'
    const document = parse(source)
    expect(printedOperation(document)).toBe(print(document))
    // a later document of the same source (another client's transform of it) gets the kept text
    const other = { ...parse('query changed { product(alias: "b") { name } }'), loc: document.loc }
    expect(printedOperation(other)).toBe(print(document))
  })

  it('prints a document without a source every time', () => {
    const document = parse('query noSource { product(alias: "a") { name } }', { noLocation: true })
    expect(printedOperation(document)).toBe(print(document))
  })
})
