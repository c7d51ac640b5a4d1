/**
 * A storefront operation: the text of one graphql/operations/*.graphql file carrying the result
 * and variable types codegen generated for it (src/graphql/generated.ts). `npm run codegen` writes
 * one module per operation file in src/graphql/operations/; runQuery and runMutation
 * (src/app/graphql.ts) take an Operation and infer both types from it, so no caller names them by
 * hand (docs/adr/0078-types-from-one-source.md).
 *
 * The operation stays text, parsed by Apollo's `gql` on demand, so a page that runs a query in its
 * loader does not pull the GraphQL parser into its first-load JavaScript (ADR 0006).
 */
declare const operationTypes: unique symbol

export type Operation<TData, TVariables> = string & {
  /** Types only: no such property exists at run time. */
  readonly [operationTypes]: { data: TData; variables: TVariables }
}

/** The result type of an operation. */
export type OperationData<T> = T extends Operation<infer TData, unknown> ? TData : never

/** The variables type of an operation. */
export type OperationVariablesOf<T> = T extends Operation<unknown, infer TVariables> ? TVariables : never

/** Types an operation file's text (called by the generated modules only). */
export function operation<TData, TVariables>(source: string): Operation<TData, TVariables> {
  // the one place the text meets its types: codegen generated both from the same file
  return source as Operation<TData, TVariables>
}

/**
 * The operation with the fragment files it spreads appended: the same operation, so the same
 * result and variable types.
 */
export function withFragments<T extends Operation<unknown, unknown>>(query: T, ...fragments: string[]): T {
  return [query, ...fragments].join('\n') as T
}
