/**
 * The register-return page's calls to the commerce API (docs/adr/0030-returns.md):
 * getReturnableOrder and registerReturn, through the storefront's BFF (/api/graphql) in the
 * browser. Personal data: nothing is kept in Apollo's cache.
 */
import type { ApolloClient } from '@apollo/client'

import { runMutation, runQuery } from '../../app/graphql'

import { graphQLErrorCode, graphQLErrorExtension } from '../checkout/api'

import type {
  ReturnableOrderQuery,
  ReturnItemInputType,
  ReturnRequestFieldsFragment,
} from '../../graphql/generated'
import returnRequestFields from '../../../graphql/operations/return-request-fields.graphql?raw'
import returnableOrderQuery from '../../graphql/operations/returnable-order'
import registerReturnMutation from '../../graphql/operations/register-return'
import { withFragments } from '../../graphql/operation'

export type ReturnableOrder = NonNullable<ReturnableOrderQuery['getReturnableOrder']>
export type ReturnRequest = ReturnRequestFieldsFragment

/** Why a call failed, as the page explains it in the shopper's language (returns.error.*). */
export type ReturnsFailure =
  'notFound' | 'tooManyRequests' | 'NOT_DELIVERED' | 'WINDOW_CLOSED' | 'CANCELLED' | 'quantity' | 'failed'

export function returnsFailure(error: unknown): ReturnsFailure {
  const code = graphQLErrorCode(error)
  if (code === 'NOT_FOUND') return 'notFound'
  if (code === 'TOO_MANY_REQUESTS') return 'tooManyRequests'
  if (code === 'ReturnNotAllowed') {
    const reason = graphQLErrorExtension(error, 'reason')
    if (reason === 'NOT_DELIVERED' || reason === 'WINDOW_CLOSED' || reason === 'CANCELLED') return reason
  }
  if (code === 'BAD_USER_INPUT') return 'quantity'
  return 'failed'
}

type Query = Pick<ApolloClient, 'query'>
type Mutate = Pick<ApolloClient, 'mutate'>

export interface OrderLookup {
  orderNumber: string
  /** the order's e-mail; left out for a signed-in customer's own order */
  email?: string
}

export async function fetchReturnableOrder(apollo: Query, lookup: OrderLookup): Promise<ReturnableOrder> {
  const data = await runQuery(
    apollo,
    withFragments(returnableOrderQuery, returnRequestFields),
    { orderNumber: lookup.orderNumber.trim(), ...(lookup.email ? { email: lookup.email.trim() } : {}) },
    { fetchPolicy: 'no-cache' },
  )
  if (!data.getReturnableOrder) throw new Error('No returnable order in the answer')
  return data.getReturnableOrder
}

export async function registerReturn(
  apollo: Mutate,
  lookup: OrderLookup,
  items: ReturnItemInputType[],
): Promise<ReturnRequest> {
  const data = await runMutation(apollo, withFragments(registerReturnMutation, returnRequestFields), {
    return: {
      orderNumber: lookup.orderNumber.trim(),
      ...(lookup.email ? { email: lookup.email.trim() } : {}),
      items,
    },
  })
  if (!data.registerReturn) throw new Error('No return in the answer')
  return data.registerReturn
}
