/**
 * The server render's GraphQL transport when the commerce API runs in this process: an Apollo
 * link that hands each operation to an executor the server passes in the prepare context (see
 * server/services/graphql's `graphqlExecutor`), so a page's queries cost no HTTP request, no
 * JSON round trip and no socket. The executor answers with the status and body the HTTP
 * endpoint would send; a status ≥ 300 goes into the operation's context as the response, so
 * createResponseCheckLink words the error exactly as for HTTP ({message, statusCode}).
 * Only the server entry imports this module: the browser always talks HTTP to the BFF.
 */
import { ApolloLink, type FetchResult } from '@apollo/client'
import { print, type DocumentNode } from 'graphql'
import { Observable } from 'rxjs'
import type { GraphqlExecutor } from '../shared/graphql-executor'

/** Most operation texts kept printed (the storefront has a few dozen; a bound, not a tuning). */
const PRINTED_LIMIT = 500

/**
 * The text sent for each operation source, for every render of the process: printing every
 * operation of every render again was a few per cent of a product render's CPU. The transform
 * Apollo applies (adds `__typename`) is the same for every client of the server (one set of type
 * policies, no client-side fields), so the printed text of a source is too.
 */
const printedBySource = new Map<string, string>()

export function printedOperation(document: DocumentNode): string {
  const source = document.loc?.source.body
  if (source === undefined) return print(document)
  let text = printedBySource.get(source)
  if (text === undefined) {
    text = print(document)
    if (printedBySource.size < PRINTED_LIMIT) printedBySource.set(source, text)
  }
  return text
}

export function createInProcessLink(execute: GraphqlExecutor): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        let closed = false
        execute({
          // the API's parse and validation cache is keyed by this text
          query: printedOperation(operation.query),
          variables: operation.variables,
          operationName: operation.operationName,
        }).then(
          ({ status, body }) => {
            if (closed) return
            if (status >= 300) {
              const response = new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              })
              operation.setContext({ response })
            }
            observer.next(body)
            observer.complete()
          },
          (error: unknown) => {
            if (!closed) observer.error(error)
          },
        )
        return () => {
          closed = true
        }
      }),
  )
}
