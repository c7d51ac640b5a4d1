/** `product-page`, `cart-page`, `add-to-cart-popup` and `navigation-tree`. */
import { sql } from 'kysely'
import type {
  AddToCartPopupResponse,
  CartPageResponse,
  NavigationTreeResponse,
  ProductPageResponse,
} from '../../../../src/shared/search-api'
import type { SearchContext } from '../context'
import { BadRequest, parseBody, requiredParam, splitList, type QueryScope, type RawQuery } from '../params'
import { recommendationLists } from '../recommendation-lists'
import { navigationTree } from '../responses'
import { listConfigs, type PageBody } from './page-body'

export async function productPage(ctx: SearchContext, query: RawQuery, scope: QueryScope, body: PageBody) {
  const { db, reader, record, productIdsOfKeys } = ctx
  const productKey = requiredParam(query, 'productKey')
  const [productId] = await productIdsOfKeys([productKey])
  const response: ProductPageResponse = { tickets: {}, recommendationLists: [] }
  if (productId === undefined) return response
  if (body?.productGroup?.include !== false) {
    const { rows } = await sql<{ product_id: number }>`
      SELECT s.product_id FROM products p
      JOIN products s ON s.is_active AND (s.product_id = p.product_id
        OR (p.variant_group_id IS NOT NULL AND s.variant_group_id = p.variant_group_id))
      WHERE p.product_id = ${productId}
      ORDER BY s.product_id = p.product_id DESC, s.product_id`.execute(db)
    const [group] = await reader.groups(
      rows.map((row) => row.product_id),
      scope,
      { source: 'product-page' },
    )
    if (group) {
      response.productGroup = group
      for (const product of group.products) {
        response.tickets[product.key] = product.ticket
        for (const variant of product.variants) response.tickets[variant.key] = variant.ticket
      }
    }
  }
  if (scope.notify) {
    await record({ kind: 'view', scope, language: scope.locale, productId, source: 'product-page' })
  }
  response.recommendationLists = await recommendationLists(
    ctx,
    body?.recommendationLists ?? [
      { id: 'alternatives', algorithm: 'ALTERNATIVES' },
      { id: 'style-with', algorithm: 'STYLE_WITH' },
    ],
    scope,
    { product: [productId] },
  )
  return response
}

export async function cartPage(ctx: SearchContext, query: RawQuery, scope: QueryScope, body: PageBody) {
  const { reader, productIdsOfKeys } = ctx
  const cartKeys = splitList(query.cart)
  const cartIds = await productIdsOfKeys(cartKeys)
  const response: CartPageResponse = {
    cart: body?.cart?.include === false ? [] : await reader.groups(cartIds, scope, { source: 'cart' }),
    recommendationLists: await recommendationLists(
      ctx,
      body?.recommendationLists ?? [{ id: 'cart', algorithm: 'CART' }],
      scope,
      { cart: cartIds },
    ),
  }
  return response
}

export async function addToCartPopup(
  ctx: SearchContext,
  query: RawQuery,
  scope: QueryScope,
  rawBody: unknown,
) {
  const { productIdsOfKeys } = ctx
  const variantKey = requiredParam(query, 'variantKey')
  const configs = parseBody(rawBody, listConfigs)
  const added = await productIdsOfKeys([variantKey])
  if (added.length === 0) throw new BadRequest(`variantKey ${variantKey} is not a product of the catalogue`)
  const cart = await productIdsOfKeys(splitList(query.cart))
  const response: AddToCartPopupResponse = {
    recommendationLists: await recommendationLists(
      ctx,
      configs ?? [{ id: 'add-to-cart', algorithm: 'ADD_TO_CART_RECS' }],
      scope,
      { product: added, cart },
    ),
  }
  return response
}

export async function navigationTreeQuery(
  ctx: SearchContext,
  scope: QueryScope,
): Promise<NavigationTreeResponse> {
  const { db, urlSettings, words } = ctx
  const vocab = await words()
  const { rows } = await sql<{ id: number; n: number }>`
    SELECT c AS id, count(*)::int AS n FROM product_listing pl CROSS JOIN unnest(pl.category_ids) AS c
    WHERE pl.market_alias = ${scope.market} GROUP BY c`.execute(db)
  return {
    tree: navigationTree(
      vocab,
      scope.locale,
      scope.market,
      urlSettings,
      new Map(rows.map((row) => [row.id, row.n])),
    ),
  }
}
