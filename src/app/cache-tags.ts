/**
 * What a rendered page shows, as the tags the server's page cache indexes it by
 * (docs/adr/0014-page-cache.md). The database triggers of migration 0600 send the same tags when
 * the data behind them changes:
 * - `product:<id>`: every product the page's queries returned (its price, stock line, texts);
 * - `list`: the page shows a product list or could show a product that does not exist yet (404);
 * - `catalogue`: the page shows products or prices, which a discount campaign changes;
 * - `content`: the page shows a content page, or could (404).
 * The server's Apollo client keeps no cache (nothing reads it after the render's queries), so
 * the tags come from the operations' results as they pass a recording link.
 */
import { ApolloLink } from '@apollo/client'
import { Kind, type DocumentNode, type SelectionSetNode } from 'graphql'
import { map } from 'rxjs'
import type { RouteName } from '../shared/paths'

// runningCampaigns counts a campaign's products: a list change or a campaign change alters it.
const LIST_FIELDS = /^(products|runningCampaigns|listPageInfo|brands|categories|relatedProducts)$/
const PRODUCT_FIELDS = /^(product|reviews)$/
const CONTENT_ROUTES = new Set<RouteName | string>(['content', 'content-page', 'inspiration'])

/** What a page's queries returned: their root fields (by name, not alias) and products. */
export interface FetchedData {
  rootFields: Set<string>
  productIds: Set<number | string>
}

export function emptyFetchedData(): FetchedData {
  return { rootFields: new Set(), productIds: new Set() }
}

/** The root field names of the document's operation (through its fragments). */
function rootFieldsOf(document: DocumentNode): string[] {
  const fragments = new Map<string, SelectionSetNode>()
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition.selectionSet)
  const names: string[] = []
  const visit = (selectionSet: SelectionSetNode, seen: Set<string>) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value)
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet, seen)
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value)
        const fragment = fragments.get(selection.name.value)
        if (fragment) visit(fragment, seen)
      }
    }
  }
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION) visit(definition.selectionSet, new Set())
  return names
}

/** Every ProductType object in a result, at any depth. */
function collectProducts(value: unknown, into: Set<number | string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectProducts(item, into)
    return
  }
  if (typeof value !== 'object' || value === null) return
  const object = value as Record<string, unknown>
  const id = object['productId']
  if (object['__typename'] === 'ProductType' && (typeof id === 'number' || typeof id === 'string'))
    into.add(id)
  for (const field of Object.values(object)) if (typeof field === 'object') collectProducts(field, into)
}

/** A link that records what each successful operation returned into `fetched`. */
export function createFetchedDataLink(fetched: FetchedData): ApolloLink {
  return new ApolloLink((operation, forward) =>
    forward(operation).pipe(
      map((result) => {
        if ('data' in result && result.data && !('errors' in result && result.errors?.length)) {
          for (const field of rootFieldsOf(operation.query)) fetched.rootFields.add(field)
          collectProducts(result.data, fetched.productIds)
        }
        return result
      }),
    ),
  )
}

export function cacheTagsOf(
  fetched: FetchedData,
  { routeName, status }: { routeName: string; status: number },
): string[] {
  const tags = new Set<string>()
  for (const id of fetched.productIds) tags.add(`product:${id}`).add('catalogue')
  for (const field of fetched.rootFields) {
    if (LIST_FIELDS.test(field)) tags.add('list').add('catalogue')
    else if (PRODUCT_FIELDS.test(field)) tags.add('catalogue')
  }
  if (CONTENT_ROUTES.has(routeName)) tags.add('content')
  if (status === 404) tags.add('list').add('content')
  return [...tags].sort()
}
