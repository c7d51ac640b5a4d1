import { describe, expect, it } from 'vitest'
import { ApolloLink, gql, type FetchResult } from '@apollo/client'
import { Observable, firstValueFrom } from 'rxjs'
import { cacheTagsOf, createFetchedDataLink, emptyFetchedData, type FetchedData } from './cache-tags'

const fetchedOf = (rootFields: string[], productIds: number[] = []): FetchedData => ({
  rootFields: new Set(rootFields),
  productIds: new Set(productIds),
})

describe('cacheTagsOf', () => {
  it('tags a product page by its products and the catalogue', () => {
    expect(cacheTagsOf(fetchedOf(['product'], [12, 7]), { routeName: 'product', status: 200 })).toEqual([
      'catalogue',
      'product:12',
      'product:7',
    ])
  })

  it('tags lists, content pages and not-found pages by what could change them', () => {
    expect(cacheTagsOf(fetchedOf(['products']), { routeName: 'category', status: 200 })).toEqual([
      'catalogue',
      'list',
    ])
    // the home hero's running campaigns alone: their counts follow the lists, their dates the campaigns
    expect(cacheTagsOf(fetchedOf(['runningCampaigns']), { routeName: 'home', status: 200 })).toEqual([
      'catalogue',
      'list',
    ])
    expect(cacheTagsOf(emptyFetchedData(), { routeName: 'content-page', status: 200 })).toEqual(['content'])
    expect(cacheTagsOf(emptyFetchedData(), { routeName: 'product', status: 404 })).toEqual([
      'content',
      'list',
    ])
  })
})

describe('createFetchedDataLink', () => {
  /** Runs one operation through the recording link against a terminating link answering `result`. */
  async function run(fetched: FetchedData, query: string, result: FetchResult) {
    const terminating = new ApolloLink(
      () =>
        new Observable<FetchResult>((observer) => {
          observer.next(result)
          observer.complete()
        }),
    )
    const link = ApolloLink.from([createFetchedDataLink(fetched), terminating])
    const client = { client: {} as never }
    await firstValueFrom(ApolloLink.execute(link, { query: gql(query) }, client))
  }

  it('records root fields by name (not alias, through fragments) and every product at any depth', async () => {
    const fetched = emptyFetchedData()
    await run(
      fetched,
      `query { rail: products(take: 2) { products { productId } } ...Extra }
      fragment Extra on Query { product(alias: "x") { productId } }`,
      {
        data: {
          rail: {
            __typename: 'ProductsResultType',
            products: [
              { __typename: 'ProductType', productId: 3 },
              { __typename: 'ProductType', productId: 4 },
            ],
          },
          product: { __typename: 'ProductType', productId: 9, skus: [{ __typename: 'SkuType', skuId: 1 }] },
        },
      },
    )
    expect([...fetched.rootFields].sort()).toEqual(['product', 'products'])
    expect([...fetched.productIds].sort()).toEqual([3, 4, 9])
    expect(cacheTagsOf(fetched, { routeName: 'home', status: 200 })).toEqual([
      'catalogue',
      'list',
      'product:3',
      'product:4',
      'product:9',
    ])
  })

  it('records nothing of an answer with errors', async () => {
    const fetched = emptyFetchedData()
    await run(fetched, 'query { product(alias: "x") { productId } }', {
      data: { product: { __typename: 'ProductType', productId: 9 } },
      errors: [{ message: 'boom' } as never],
    })
    expect(fetched.rootFields.size).toBe(0)
    expect(fetched.productIds.size).toBe(0)
  })
})
