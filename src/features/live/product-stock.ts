/**
 * Live stock of the product page (lazily imported by ./useLiveStock.ts): one subscription per
 * product on the page's live connection. The first answer is the stock as it is now (the page
 * may come from the shared page cache), then one after every change (ADR 0036).
 */
import type { Client } from 'graphql-ws'
import source from '../../graphql/operations/live-product-stock'
import type {
  LiveProductStockSubscription,
  LiveProductStockSubscriptionVariables,
} from '../../graphql/generated'
import { createLiveClient, subscribeLive } from './client'

export type LiveSizeStock = LiveProductStockSubscription['productStockChanged'][number]

let client: Client | undefined

export function followProductStock(productId: number, onSizes: (sizes: LiveSizeStock[]) => void): () => void {
  client ??= createLiveClient()
  const variables: LiveProductStockSubscriptionVariables = { productId }
  return subscribeLive<LiveProductStockSubscription>(client, { query: source, variables }, (data) =>
    onSizes(data.productStockChanged),
  )
}
