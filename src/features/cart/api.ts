/**
 * The cart's GraphQL operations (graphql/operations/cart-*.graphql) run through a page's Apollo
 * client. Apollo's `gql` is imported on demand, so importing this module keeps Apollo out of a
 * page's first-load JavaScript (docs/adr/0006-data-loading.md). API errors come back as
 * `CartApiError` with the API's `extensions.code` (docs/service-contracts.md#commerce-api).
 */
import type { ApolloClient, DocumentNode } from '@apollo/client'

import { apiScope, type LocaleCode, type MarketAlias } from '../../shared/markets'

import fragmentSource from '../../../graphql/operations/cart-fragment.graphql?raw'
import getCartSource from '../../graphql/operations/cart-get'
import addToCartSource from '../../graphql/operations/cart-add'
import updateCartItemSource from '../../graphql/operations/cart-update-item'
import setCartPromoCodeSource from '../../graphql/operations/cart-promo-code'
import mergeCartSource from '../../graphql/operations/cart-merge'
import type {
  CartFragment,
  GetCartQuery,
  GetCartQueryVariables,
  MergeCartMutation,
  MergeCartMutationVariables,
} from '../../graphql/generated'
import type { CartView } from './types'

import { toCartApiError } from './errors'

import { cartView } from './view'

import type { OperationData, OperationVariablesOf } from '../../graphql/operation'

export const CART_OPERATION_SOURCES = {
  getCart: getCartSource,
  addToCart: addToCartSource,
  updateCartItem: updateCartItemSource,
  setCartPromoCode: setCartPromoCodeSource,
  mergeCart: mergeCartSource,
} as const

type OperationName = keyof typeof CART_OPERATION_SOURCES

let apolloModule: Promise<typeof import('@apollo/client')> | undefined
const documents = new Map<OperationName, DocumentNode>()

async function documentFor(name: OperationName): Promise<DocumentNode> {
  const cached = documents.get(name)
  if (cached) return cached
  apolloModule ??= import('@apollo/client')
  const { gql } = await apolloModule
  const document = gql(`${CART_OPERATION_SOURCES[name]}\n${fragmentSource}`)
  documents.set(name, document)
  return document
}

/** Where the cart is priced: the checkout market (docs/product-rules.md#cart getCart marketId) in the page's language. */
export interface CartScope {
  market: MarketAlias
  locale: LocaleCode
  /** true on checkout pages (docs/product-rules.md#cart) */
  allowExternalShippingFee?: boolean
}

function scopeVariables(scope: CartScope) {
  return {
    ...apiScope(scope.market, scope.locale),
    ...(scope.allowExternalShippingFee ? { allowExternalShippingFee: true } : {}),
  }
}

type CartClient = Pick<ApolloClient, 'query' | 'mutate'>

/** Each cart operation's result and variable types, read from its typed operation; every result is `{ [name]: Cart }`. */
type CartOperations = {
  [K in OperationName]: {
    data: OperationData<(typeof CART_OPERATION_SOURCES)[K]>
    variables: OperationVariablesOf<(typeof CART_OPERATION_SOURCES)[K]>
  }
}

function cartOf(
  data: Partial<Record<OperationName, CartFragment | null>> | undefined,
  field: OperationName,
): CartView {
  return cartView(data?.[field], field)
}

async function mutate<Name extends Exclude<OperationName, 'getCart'>>(
  apollo: CartClient,
  name: Name,
  variables: CartOperations[Name]['variables'],
): Promise<CartView> {
  try {
    const result = await apollo.mutate<CartOperations[Name]['data'], CartOperations[Name]['variables']>({
      mutation: await documentFor(name),
      variables,
    })
    return cartOf(result.data ?? undefined, name)
  } catch (error) {
    throw toCartApiError(error)
  }
}

/** getCart: the cart with this id, or a new cart when id is null. Never from the cache. */
export async function fetchCart(
  apollo: Pick<ApolloClient, 'query'>,
  id: string | null,
  scope: CartScope,
): Promise<CartView> {
  try {
    const result = await apollo.query<GetCartQuery, GetCartQueryVariables>({
      query: await documentFor('getCart'),
      variables: { ...scopeVariables(scope), ...(id ? { id } : {}) },
      fetchPolicy: 'no-cache',
    })
    return cartOf(result.data, 'getCart')
  } catch (error) {
    throw toCartApiError(error)
  }
}

export function addItem(
  apollo: CartClient,
  id: string,
  item: { skuId: number; quantity: number },
  scope: CartScope,
): Promise<CartView> {
  return mutate(apollo, 'addToCart', { ...scopeVariables(scope), id, item })
}

/** Sets a line's absolute quantity; 0 removes it. */
export function updateItem(
  apollo: CartClient,
  id: string,
  item: { skuId: number; quantity: number },
  scope: CartScope,
): Promise<CartView> {
  return mutate(apollo, 'updateCartItem', { ...scopeVariables(scope), id, item })
}

/** Sets (or with '' removes) the promo, gift or bonus-voucher code. */
export function setPromoCode(
  apollo: CartClient,
  id: string,
  promoCode: string,
  scope: CartScope,
): Promise<CartView> {
  const { allowExternalShippingFee: _unused, ...rest } = scopeVariables(scope) as ReturnType<
    typeof scopeVariables
  > & { allowExternalShippingFee?: boolean }
  return mutate(apollo, 'setCartPromoCode', { ...rest, id, promoCode })
}

/**
 * At login: the account's cart with this device's cart merged into it (server rules: ADR 0057);
 * null when neither has a cart.
 */
export async function mergeCart(
  apollo: CartClient,
  id: string | null,
  scope: CartScope,
): Promise<CartView | null> {
  try {
    const result = await apollo.mutate<MergeCartMutation, MergeCartMutationVariables>({
      mutation: await documentFor('mergeCart'),
      variables: { ...apiScope(scope.market, scope.locale), ...(id ? { id } : {}) },
    })
    const merged = result.data?.mergeCart
    return merged ? cartView(merged, 'mergeCart') : null
  } catch (error) {
    throw toCartApiError(error)
  }
}
