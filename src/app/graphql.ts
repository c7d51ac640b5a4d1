/**
 * Runs a GraphQL operation kept in graphql/operations/*.graphql (imported as text), typed with the
 * operation's generated result and variable types (src/graphql/generated.ts, `npm run codegen`):
 *
 *   runQuery<ProductQuery, ProductQueryVariables>(apollo, productQuery, { alias })
 *
 * The document is parsed with Apollo's `gql`, imported on demand so that a page module that runs a
 * query in its loader does not pull Apollo into the page's first-load JavaScript
 * (docs/adr/0006-data-loading.md).
 */
import type { ApolloClient, OperationVariables } from '@apollo/client'

let apolloModule: Promise<typeof import('@apollo/client')> | undefined

function loadApollo(): Promise<typeof import('@apollo/client')> {
  apolloModule ??= import('@apollo/client')
  return apolloModule
}

/**
 * `no-cache` for personal data (docs/product-rules.md#shop-wide-behaviour: getUser is never cached); otherwise the client's default:
 * cache-first in the browser, no-cache on the server (src/app/apollo.ts).
 */
export interface RunQueryOptions {
  fetchPolicy?: 'cache-first' | 'no-cache'
}

export async function runQuery<TData, TVariables extends OperationVariables = OperationVariables>(
  apollo: Pick<ApolloClient, 'query'>,
  source: string,
  variables?: TVariables,
  { fetchPolicy }: RunQueryOptions = {},
): Promise<TData> {
  const { gql } = await loadApollo()
  const result = await apollo.query<TData>({
    query: gql(source),
    variables,
    ...(fetchPolicy ? { fetchPolicy } : {}),
  })
  if (result.data === undefined) throw new Error('The commerce API returned no data')
  return result.data as TData
}

export async function runMutation<TData, TVariables extends OperationVariables = OperationVariables>(
  apollo: Pick<ApolloClient, 'mutate'>,
  source: string,
  variables?: TVariables,
): Promise<TData> {
  const { gql } = await loadApollo()
  const result = await apollo.mutate<TData>({ mutation: gql(source), variables })
  if (result.data === undefined || result.data === null) throw new Error('The commerce API returned no data')
  return result.data as TData
}
