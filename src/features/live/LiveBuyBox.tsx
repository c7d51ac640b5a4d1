/**
 * The product page's buy box with live stock (ADR 0036). The live state lives here, below the
 * page: when a size's stock changes only the buy box renders again, so the page's deferred
 * sections (reviews, related products) that are still waiting to hydrate are not disturbed (an
 * update would make React drop their server HTML).
 */
import { BuyBox, type BuyBoxProps } from '../product/BuyBox'
import { useLiveStock } from './useLiveStock'

export function LiveBuyBox({ productId, skus, ...props }: BuyBoxProps & { productId: number }) {
  const liveSkus = useLiveStock(productId, skus)
  return <BuyBox {...props} skus={liveSkus} />
}
