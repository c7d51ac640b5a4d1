/**
 * Runs a GraphQL operation kept in graphql/operations/*.graphql (imported as text). The document
 * is parsed with Apollo's `gql`, imported on demand so that a page module that runs a query in its
 * loader does not pull Apollo into the page's first-load JavaScript (docs/adr/0006-data-loading.md).
 */
import type { ApolloClient, OperationVariables } from '@apollo/client'

let apolloModule: Promise<typeof import('@apollo/client')> | undefined

export async function runQuery<TData>(
  apollo: ApolloClient,
  source: string,
  variables?: OperationVariables,
): Promise<TData> {
  apolloModule ??= import('@apollo/client')
  const { gql } = await apolloModule
  const result = await apollo.query<TData>({ query: gql(source), variables, fetchPolicy: 'cache-first' })
  if (result.data === undefined) throw new Error('The commerce API returned no data')
  return result.data as TData
}
