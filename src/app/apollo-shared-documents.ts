/**
 * The server render's Apollo clients, with the work Apollo derives from an operation's document
 * done once per process instead of once per client (docs/adr/0046-route-table-once.md).
 *
 * Each render has a client and a cache of its own, so no shopper's data is ever shared. But
 * Apollo keeps what it derives from a document per client: the cache's `__typename` transform
 * (a new document object per cache), and the query manager's document info (directive checks,
 * the server query without client directives, default variables), all keyed by that new object,
 * so every operation of every render walked its document half a dozen times, a few per cent of
 * a render's CPU. Those results depend only on the document (a module constant) and on the
 * client's configuration, which is the same for every server render (one set of type policies,
 * no fragment registry, no local state). Here they are shared:
 *  - the cache's `transformDocument` uses one process-wide `__typename` transform;
 *  - the query manager's document-info cache is one process-wide weak map (Apollo offers no option
 *    for it: the field is internal, so a test checks that the sharing still takes);
 *  - the check that a request has no `@defer`/`@stream` (the default handler walks the document on
 *    every request) is remembered per document.
 * Only the server entry imports this module.
 */
import { ApolloClient, InMemoryCache, type ApolloLink, type DocumentNode } from '@apollo/client'
import { addTypenameToDocument, DocumentTransform } from '@apollo/client/utilities'
import { NotImplementedHandler } from '@apollo/client/incremental'
import { createApolloClient, TYPE_POLICIES, type CreateApolloClientOptions } from './apollo'

const addTypename = new DocumentTransform(addTypenameToDocument)

/** A render's own cache, whose document transform is the process's one. */
class SharedTransformCache extends InMemoryCache {
  // InMemoryCache's own transform also adds registered fragments: the shop registers none
  override transformDocument(document: DocumentNode): DocumentNode {
    return addTypename.transformDocument(document)
  }
}

class CheckedOnceHandler extends NotImplementedHandler {
  private readonly checked = new WeakSet<DocumentNode>()

  override prepareRequest(request: ApolloLink.Request): ApolloLink.Request {
    if (this.checked.has(request.query)) return request
    // throws for a document with @defer or @stream, which this client cannot serve
    const prepared = super.prepareRequest(request)
    this.checked.add(request.query)
    return prepared
  }
}

const incrementalHandler = new CheckedOnceHandler()

/** The query manager's per-document info, keyed by the (shared) transformed document. */
const documentInfo = new WeakMap<DocumentNode, unknown>()

/** The client's query manager, an Apollo internal its types do not name (undefined if it is gone). */
function queryManagerOf(client: ApolloClient): object | undefined {
  const manager: unknown = Reflect.get(client, 'queryManager')
  return typeof manager === 'object' && manager !== null ? manager : undefined
}

/** Whether the client's query manager looks up document info in the process-wide map. */
export function sharesDocumentInfo(client: ApolloClient): boolean {
  const manager = queryManagerOf(client)
  return manager !== undefined && Reflect.get(manager, 'transformCache') === documentInfo
}

export function createServerApolloClient(
  options: Omit<CreateApolloClientOptions, 'ssrMode' | 'restore'>,
): ApolloClient {
  const client = createApolloClient({
    ...options,
    ssrMode: true,
    cache: new SharedTransformCache({ typePolicies: TYPE_POLICIES }),
    incrementalHandler,
  })
  const manager = queryManagerOf(client)
  // an Apollo version without this field keeps its own cache: slower, still correct
  if (manager && Reflect.get(manager, 'transformCache')) Reflect.set(manager, 'transformCache', documentInfo)
  return client
}
