import { describe, expect, it } from 'vitest'
import type { NormalizedCacheObject } from '@apollo/client'
import { cacheTagsOf } from './cache-tags'

describe('cacheTagsOf', () => {
  it('tags a product page by its products and the catalogue', () => {
    const state = {
      ROOT_QUERY: { __typename: 'Query', 'product({"alias":"mekko"})': { __ref: 'x' } },
      'ProductType:{"productId":12}': {},
      'ProductType:{"productId":7}': {},
      'SkuType:{"skuId":3}': {},
    } as unknown as NormalizedCacheObject
    expect(cacheTagsOf(state, { routeName: 'product', status: 200 })).toEqual([
      'catalogue',
      'product:12',
      'product:7',
    ])
  })

  it('tags lists, content pages and not-found pages by what could change them', () => {
    const list = { ROOT_QUERY: { 'products({"take":8})': {} } } as unknown as NormalizedCacheObject
    expect(cacheTagsOf(list, { routeName: 'category', status: 200 })).toEqual(['catalogue', 'list'])
    // the home hero's running campaigns alone: their counts follow the lists, their dates the campaigns
    const campaigns = {
      ROOT_QUERY: { 'runningCampaigns({"marketId":"fi"})': [] },
    } as unknown as NormalizedCacheObject
    expect(cacheTagsOf(campaigns, { routeName: 'home', status: 200 })).toEqual(['catalogue', 'list'])
    expect(cacheTagsOf({}, { routeName: 'content-page', status: 200 })).toEqual(['content'])
    expect(cacheTagsOf({}, { routeName: 'product', status: 404 })).toEqual(['content', 'list'])
  })
})
