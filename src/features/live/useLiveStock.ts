/**
 * The product page's sizes with their live stock (issue #13 item 2): what the page rendered with,
 * each size replaced by its latest stock as soon as someone buys or the stock is changed. The
 * connection code (graphql-ws) loads after hydration, in its own chunk, so the page's first-load
 * JavaScript holds only this hook.
 */
import { useEffect, useMemo, useState } from 'react'
import type { LiveSizeStock } from './product-stock'

interface SizeWithStock {
  skuId: number
  stockStatus?: LiveSizeStock['stockStatus'] | null
  incoming?: unknown
  stock?: LiveSizeStock['stock'] | null
}

export function useLiveStock<Size extends SizeWithStock>(
  productId: number,
  sizes: readonly Size[],
): readonly Size[] {
  const [live, setLive] = useState<ReadonlyMap<number, LiveSizeStock> | null>(null)

  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void import('./product-stock').then(({ followProductStock }) => {
      if (stopped) return
      stop = followProductStock(productId, (latest) =>
        setLive(new Map(latest.map((size) => [size.skuId, size]))),
      )
    })
    return () => {
      stopped = true
      stop?.()
      setLive(null)
    }
  }, [productId])

  return useMemo(() => {
    if (!live) return sizes
    return sizes.map((size) => {
      const latest = live.get(size.skuId)
      return latest
        ? { ...size, stockStatus: latest.stockStatus, incoming: latest.incoming, stock: latest.stock }
        : size
    })
  }, [sizes, live])
}
