import { describe, expect, it } from 'vitest'
import { checkAddToCart, initialSkuId, isPurchasable, STOCK_MESSAGE_ID, statusOf } from './stock'
import type { ProductSku, StockStatus } from './types'

function sku(skuId: number, stockStatus: StockStatus | null): ProductSku {
  return {
    skuId,
    name: String(skuId),
    articleNumber: `A-${skuId}`,
    gtin: null,
    stockStatus,
    incoming: null,
    stock: null,
  }
}

describe('stock status of a size', () => {
  it('names every status, static stock reading as in stock', () => {
    expect(STOCK_MESSAGE_ID.FEW_LEFT).toBe('product.stock.fewLeft')
    expect(STOCK_MESSAGE_ID.OVERSELLABLE).toBe('product.stock.madeToOrder')
    expect(STOCK_MESSAGE_ID.STATIC).toBe('product.stock.inStock')
  })

  it('treats a size without a status as sold out', () => {
    expect(statusOf(sku(1, null))).toBe('OUT_OF_STOCK')
    expect(isPurchasable(sku(1, null))).toBe(false)
  })

  it('sells every status but out of stock', () => {
    for (const status of ['IN_STOCK', 'FEW_LEFT', 'OVERSELLABLE', 'STATIC'] as const) {
      expect(isPurchasable(sku(1, status))).toBe(true)
    }
    expect(isPurchasable(sku(1, 'OUT_OF_STOCK'))).toBe(false)
  })
})

describe('the size a page opens with', () => {
  it('chooses the only size of a one-size product when it can be bought', () => {
    expect(initialSkuId([sku(7, 'IN_STOCK')])).toBe(7)
    expect(initialSkuId([sku(7, 'OUT_OF_STOCK')])).toBeNull()
  })

  it('leaves the choice to the shopper when there are several sizes', () => {
    expect(initialSkuId([sku(1, 'IN_STOCK'), sku(2, 'IN_STOCK')])).toBeNull()
  })
})

describe('add to cart', () => {
  const skus = [sku(101, 'IN_STOCK'), sku(103, 'OUT_OF_STOCK')]

  it('asks for a size first', () => {
    expect(checkAddToCart(skus, null)).toEqual({ ok: false, messageId: 'validation.size' })
    expect(checkAddToCart(skus, 999)).toEqual({ ok: false, messageId: 'validation.size' })
  })

  it('refuses a sold-out size', () => {
    expect(checkAddToCart(skus, 103)).toEqual({ ok: false, messageId: 'product.stock.outOfStock' })
  })

  it('passes a size that can be bought', () => {
    expect(checkAddToCart(skus, 101)).toEqual({ ok: true, skuId: 101 })
  })
})
