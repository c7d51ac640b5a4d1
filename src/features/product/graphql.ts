/**
 * Runs a mutation kept in graphql/operations/*.graphql (imported as text) on the page's Apollo
 * client. Like runQuery (src/app/graphql.ts), Apollo's `gql` is imported on demand, so the
 * product page's first-load JavaScript does not carry it (docs/adr/0006-data-loading.md).
 */
import type { ApolloClient, OperationVariables } from '@apollo/client'

let apolloModule: Promise<typeof import('@apollo/client')> | undefined

export async function runMutation<TData>(
  apollo: ApolloClient,
  source: string,
  variables?: OperationVariables,
): Promise<TData> {
  apolloModule ??= import('@apollo/client')
  const { gql } = await apolloModule
  const result = await apollo.mutate<TData>({ mutation: gql(source), variables })
  if (result.data === undefined || result.data === null) throw new Error('The commerce API returned no data')
  return result.data as TData
}
