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

export function createInProcessLink(execute: GraphqlExecutor): ApolloLink {
  // Apollo keeps one (transformed) document per query, so each is printed once per link; the
  // API's parse cache is keyed by the printed text.
  const printed = new WeakMap<DocumentNode, string>()
  const source = (document: DocumentNode) => {
    let text = printed.get(document)
    if (text === undefined) {
      text = print(document)
      printed.set(document, text)
    }
    return text
  }

  return new ApolloLink(
    (operation) =>
      new Observable<FetchResult>((observer) => {
        let closed = false
        execute({
          query: source(operation.query),
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
