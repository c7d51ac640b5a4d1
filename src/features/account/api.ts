/**
 * The account pages' calls to the commerce API (docs/product-rules.md#accounts-and-auth, docs/service-contracts.md#commerce-api): getUser, getOrders,
 * getOrder, updateUser, deleteUser, requestPasswordReset and commitReset. Every query asks the
 * network and nothing is kept in Apollo's cache (`no-cache`): the data is personal and must be current on every visit, e.g. an
 * order placed a moment ago. A call without a valid session answers `UNAUTHENTICATED`, which
 * the loaders turn into the login redirect of docs/product-rules.md#accounts-and-auth (`isUnauthenticated`).
 */
import type { ApolloClient } from '@apollo/client'

import { runMutation, runQuery } from '../../app/graphql'

import { graphQLErrorCode } from '../checkout/api'

import type {
  AccountOrderQuery,
  AccountOrdersQuery,
  AccountUserQuery,
  UserInputType,
} from '../../graphql/generated'
import accountUserFields from '../../../graphql/operations/account-user-fields.graphql?raw'
import savedAddressFields from '../../../graphql/operations/saved-address.graphql?raw'
import orderSummaryFields from '../../../graphql/operations/account-order-summary-fields.graphql?raw'
import overviewQuery from '../../graphql/operations/account-overview'
import userQuery from '../../graphql/operations/account-user'
import ordersQuery from '../../graphql/operations/account-orders'
import orderQuery from '../../graphql/operations/account-order'
import updateUserMutation from '../../graphql/operations/account-update-user'
import deleteUserMutation from '../../graphql/operations/account-delete-user'
import requestResetMutation from '../../graphql/operations/account-request-password-reset'
import commitResetMutation from '../../graphql/operations/account-commit-reset'
import returnRequestFields from '../../../graphql/operations/return-request-fields.graphql?raw'
import orderMoneyFields from '../../../graphql/operations/order-money-fragment.graphql?raw'
import { withFragments } from '../../graphql/operation'

/** The AccountUser fragment with the fragment it spreads, appended to the operations that use it. */
const userFields = accountUserFields + savedAddressFields

export type AccountUser = NonNullable<AccountUserQuery['getUser']>
export type AccountOrderSummary = NonNullable<NonNullable<AccountOrdersQuery['getOrders']>[number]>
export type AccountOrder = NonNullable<AccountOrderQuery['getOrder']>

type Query = Pick<ApolloClient, 'query'>
type Mutate = Pick<ApolloClient, 'mutate'>

const FRESH = { fetchPolicy: 'no-cache' } as const

/** The orders as the list shows them: newest first, empty entries dropped. */
export function newestFirst<T extends { createdAt?: string | null }>(
  orders: readonly (T | null)[] | null | undefined,
): T[] {
  return (orders ?? [])
    .filter((order): order is T => order !== null)
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
}

export function isUnauthenticated(error: unknown): boolean {
  return graphQLErrorCode(error) === 'UNAUTHENTICATED'
}

export async function fetchOverview(
  apollo: Query,
): Promise<{ user: AccountUser | null; orders: AccountOrderSummary[] }> {
  const data = await runQuery(apollo, withFragments(overviewQuery, userFields, orderSummaryFields), {}, FRESH)
  return { user: data.getUser ?? null, orders: newestFirst(data.getOrders) }
}

export async function fetchUser(apollo: Query): Promise<AccountUser | null> {
  const data = await runQuery(apollo, withFragments(userQuery, userFields), {}, FRESH)
  return data.getUser ?? null
}

export async function fetchOrders(apollo: Query): Promise<AccountOrderSummary[]> {
  const data = await runQuery(apollo, withFragments(ordersQuery, orderSummaryFields), {}, FRESH)
  return newestFirst(data.getOrders)
}

/** One of the user's orders; null when there is none with that id (or it is someone else's). */
export async function fetchOrder(apollo: Query, orderId: number): Promise<AccountOrder | null> {
  try {
    const data = await runQuery(
      apollo,
      withFragments(orderQuery, orderSummaryFields, returnRequestFields, orderMoneyFields),
      { orderId },
      FRESH,
    )
    return data.getOrder ?? null
  } catch (error) {
    if (graphQLErrorCode(error) === 'NOT_FOUND' || graphQLErrorCode(error) === 'FORBIDDEN') return null
    throw error
  }
}

export async function updateUser(apollo: Mutate, user: UserInputType): Promise<AccountUser | null> {
  const data = await runMutation(apollo, withFragments(updateUserMutation, userFields), { user })
  return data.updateUser ?? null
}

export async function deleteUser(apollo: Mutate): Promise<boolean> {
  const data = await runMutation(apollo, deleteUserMutation, {})
  return data.deleteUser === true
}

/** Always true when the call went through (spec: no account enumeration). */
export async function requestPasswordReset(apollo: Mutate, email: string): Promise<boolean> {
  const data = await runMutation(apollo, requestResetMutation, { email: email.trim() })
  return data.requestPasswordReset === true
}

export type CommitResetResult = 'changed' | 'expired' | 'failed'

/** The API's answer to an unknown, used or expired reset key. */
export const RESET_KEY_EXPIRED = 'ResetKeyExpired'

/**
 * Sets the new password (its digest) with the key from the e-mail. A refused key (unknown, used
 * or older than an hour) is 'expired': the shopper asks for a new link (docs/product-rules.md#accounts-and-auth).
 */
export async function commitReset(
  apollo: Mutate,
  resetKey: string,
  passwordDigest: string,
): Promise<CommitResetResult> {
  try {
    const data = await runMutation(apollo, commitResetMutation, { resetKey, password: passwordDigest })
    return data.commitReset === true ? 'changed' : 'expired'
  } catch (error) {
    return graphQLErrorCode(error) === RESET_KEY_EXPIRED ? 'expired' : 'failed'
  }
}
