/** The recommendation lists a page asks for (docs/service-contracts.md#search-api), each from its algorithm and anchors. */
import type { RecommendationList, RecommendationListConfig } from '../../../src/shared/search-api'
import type { SearchContext } from './context'
import type { QueryScope } from './params'
import { recommend } from './recommendations'
import { text } from './responses'

export async function recommendationLists(
  ctx: SearchContext,
  configs: readonly RecommendationListConfig[],
  scope: QueryScope,
  anchors: { product?: number[]; cart?: number[] },
): Promise<RecommendationList[]> {
  const { db, reader, halfLifeDays, productIdsOfKeys } = ctx
  const lists: RecommendationList[] = []
  for (const config of configs) {
    const algorithm = config.algorithm ?? 'TOP_PRODUCTS'
    const ownKeys = config.params?.productKey ? [config.params.productKey] : []
    const ownCart = config.params?.cart ?? []
    const product = ownKeys.length > 0 ? await productIdsOfKeys(ownKeys) : (anchors.product ?? [])
    const cart = ownCart.length > 0 ? await productIdsOfKeys(ownCart) : (anchors.cart ?? [])
    const primary = algorithm === 'CART' ? cart : product.length > 0 ? product : cart
    const ids = await recommend(db, {
      algorithm,
      market: scope.market,
      customerKey: scope.customerKey,
      anchors: primary,
      secondaryAnchors: algorithm === 'ADD_TO_CART_RECS' ? cart : [],
      limit: config.limit ?? 8,
      halfLifeDays,
    })
    const productGroups = await reader.groups(ids, scope, { source: `rec:${config.id}:${algorithm}` })
    lists.push({
      id: config.id,
      algorithm,
      productGroups,
      visible: productGroups.length > 0,
      label: config.label ?? text(scope.locale, `list.${algorithm}`),
      ...(config.showMoreLink ? { showMoreLink: config.showMoreLink } : {}),
      visualization: config.visualization ?? 'CAROUSEL',
    })
  }
  return lists
}
