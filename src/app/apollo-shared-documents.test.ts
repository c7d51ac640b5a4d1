import { describe, expect, it } from 'vitest'
import { ApolloLink, gql, type DocumentNode } from '@apollo/client'
import { print } from 'graphql'
import { of } from 'rxjs'
import { createServerApolloClient, sharesDocumentInfo } from './apollo-shared-documents'

const PRODUCT = gql`
  query product($alias: String) {
    product(alias: $alias) {
      productId
      name
    }
  }
`

function renderClient(name: string) {
  const sent: DocumentNode[] = []
  const link = new ApolloLink((operation) => {
    sent.push(operation.query)
    return of({
      data: { product: { __typename: 'ProductType', productId: 1, name: `${name}'s product` } },
    })
  })
  const client = createServerApolloClient({
    uri: 'unused',
    getScope: () => ({ market: 'fi', locale: 'fi' }),
    terminatingLink: link,
  })
  return { client, sent }
}

describe('server render clients', () => {
  it('send every render the one document Apollo derived once for the process', async () => {
    const first = renderClient('first')
    const second = renderClient('second')
    await first.client.query({ query: PRODUCT, variables: { alias: 'a' } })
    await second.client.query({ query: PRODUCT, variables: { alias: 'b' } })
    expect(sharesDocumentInfo(first.client)).toBe(true)
    expect(sharesDocumentInfo(second.client)).toBe(true)
    // the same object: the transform and the document info were not recomputed for the second
    expect(second.sent[0]).toBe(first.sent[0])
    expect(print(first.sent[0]!)).toContain('__typename')
  })

  it('share no data: each render has a cache of its own', async () => {
    const first = renderClient('first')
    const second = renderClient('second')
    const own = await first.client.query({
      query: PRODUCT,
      variables: { alias: 'a' },
      fetchPolicy: 'cache-first',
    })
    expect(own.data).toEqual({
      product: { __typename: 'ProductType', productId: 1, name: "first's product" },
    })
    expect(Object.keys(first.client.cache.extract() as object)).toContain('ProductType:{"productId":1}')
    expect(second.client.cache.extract()).toEqual({})
    const other = await second.client.query({
      query: PRODUCT,
      variables: { alias: 'a' },
      fetchPolicy: 'cache-first',
    })
    expect((other.data as { product?: unknown } | undefined)?.product).toMatchObject({
      name: "second's product",
    })
    expect(second.sent).toHaveLength(1)
  })

  it('still refuse @defer, every time (the check is remembered only for documents that pass)', async () => {
    const deferred = gql`
      query deferred {
        product(alias: "a") {
          productId
          ... @defer {
            name
          }
        }
      }
    `
    for (let attempt = 0; attempt < 2; attempt++) {
      const { client, sent } = renderClient('any')
      await expect(client.query({ query: deferred })).rejects.toThrow()
      expect(sent).toEqual([])
    }
  })
})
