/**
 * Which recommendation lists each place of the shop asks for (docs/product-rules.md#search, issue #12 item 4, with the
 * algorithms of docs/service-contracts.md#search-api): one request per place, so a page makes one call.
 */
import type { RecommendationListConfig } from '../../shared/search-api'
import type { SearchEndpoints } from '../search/client'

export type RecommendationRequest =
  | {
      endpoint: 'product-page'
      params: SearchEndpoints['product-page']['params']
      body: SearchEndpoints['product-page']['body']
    }
  | {
      endpoint: 'landing-page'
      params: SearchEndpoints['landing-page']['params']
      body: SearchEndpoints['landing-page']['body']
    }
  | {
      endpoint: 'cart-page'
      params: SearchEndpoints['cart-page']['params']
      body: SearchEndpoints['cart-page']['body']
    }
  | {
      endpoint: 'add-to-cart-popup'
      params: SearchEndpoints['add-to-cart-popup']['params']
      body: SearchEndpoints['add-to-cart-popup']['body']
    }

const LIST_LIMIT = 8

function list(
  id: string,
  algorithm: RecommendationListConfig['algorithm'],
  limit = LIST_LIMIT,
): RecommendationListConfig {
  return { id, algorithm, limit }
}

/** The product page: similar styles, and what goes with this one. */
export function productPageRecommendations(productKey: string): RecommendationRequest {
  return {
    endpoint: 'product-page',
    params: { productKey },
    body: {
      productGroup: { include: false },
      recommendationLists: [list('alternatives', 'ALTERNATIVES'), list('style-with', 'STYLE_WITH')],
    },
  }
}

/** The home page: the shop's favourites, what is new, and what this shopper looked at. */
export function homeRecommendations(): RecommendationRequest {
  return {
    endpoint: 'landing-page',
    params: { pageReference: '/' },
    body: {
      primaryList: { include: false },
      recommendationLists: [
        list('recently-viewed', 'RECENTLY_VIEWED'),
        list('top-products', 'TOP_PRODUCTS'),
        list('newest-products', 'NEWEST_PRODUCTS'),
      ],
    },
  }
}

/** The cart: what goes with what is in it. */
export function cartRecommendations(variantKeys: string[]): RecommendationRequest {
  return {
    endpoint: 'cart-page',
    params: { cart: variantKeys },
    body: { cart: { include: false }, recommendationLists: [list('cart', 'CART', 6)] },
  }
}

/** The added-to-cart popup: what goes with the size just added. */
export function addToCartRecommendations(variantKey: string, cart: string[]): RecommendationRequest {
  return {
    endpoint: 'add-to-cart-popup',
    params: { variantKey, cart },
    body: [list('add-to-cart', 'ADD_TO_CART_RECS', 4)],
  }
}

/** An empty search result: the shop's favourites instead of nothing. */
export function emptySearchRecommendations(): RecommendationRequest {
  return {
    endpoint: 'landing-page',
    params: { pageReference: '/' },
    body: { primaryList: { include: false }, recommendationLists: [list('top-products', 'TOP_PRODUCTS')] },
  }
}
