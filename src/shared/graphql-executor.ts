/**
 * The contract between the server and the app's server render for running GraphQL in process:
 * the server builds an executor per page (with that page's credentials) and hands it to
 * `prepare`; src/app/apollo-in-process.ts turns it into an Apollo link. Types only, so neither
 * side imports the other's code.
 */
import type { FetchResult } from '@apollo/client'

export interface GraphqlRequest {
  query: string
  variables: Record<string, unknown>
  operationName?: string
}

export interface GraphqlResponse {
  /** The HTTP status the endpoint would have answered with. */
  status: number
  body: FetchResult
}

/** Runs one operation against the commerce API with the page's own credentials. */
export type GraphqlExecutor = (request: GraphqlRequest) => Promise<GraphqlResponse>
