/** The cart as the Cart fragment (graphql/operations/cart-fragment.graphql) selects it. */

export interface CartPrice {
  isDiscounted: boolean
  sellingPriceIncVat: number
  sellingPriceExVat: number
  regularPriceIncVat: number
  regularPriceExVat: number
  sellingPriceIncVatFormatted: string | null
  sellingPriceExVatFormatted: string | null
  regularPriceIncVatFormatted: string | null
  regularPriceExVatFormatted: string | null
  vat: number
  discountPercentage: number
}

export interface CartSkuStock {
  inStock: number
  oversellable: number
  totalStock: number
  static: number | null
}

export interface CartProduct {
  productId: number
  articleNumber: string | null
  brand: { name: string | null } | null
  name: string | null
  productImages: { fileName: string }[] | null
  alias: string
  canonicalUrl: string | null
  primaryCategory: { name: string } | null
  skus: { skuId: number; name: string | null; stock: CartSkuStock | null }[] | null
  unitPrice: CartPrice | null
}

export interface CartCampaign {
  name: string | null
  hideTitle: boolean | null
}

export interface CartItem {
  id: string
  skuId: number
  quantity: number
  campaign: {
    appliedCampaigns: CartCampaign[] | null
    prices: { price: Partial<CartPrice> | null; quantity: number }[] | null
  } | null
  unitPrice: CartPrice | null
  totalPrice: CartPrice | null
  product: CartProduct | null
}

export interface CartSummaryView {
  fixedAmountDiscountIncVat: number
  fixedAmountDiscountExVat: number
  balance: {
    pending: number
    pendingFormatted: string | null
    totalSellingPriceExBalanceIncVat: number
    totalSellingPriceExBalanceExVat: number
    totalSellingPriceExBalanceIncVatFormatted: string | null
    totalSellingPriceExBalanceExVatFormatted: string | null
  } | null
  subTotal: CartPrice | null
  shipping: {
    amountLeftToFreeShipping: number
    amountLeftToFreeShippingFormatted: string | null
    feeIncVat: number
    feeExVat: number
    feeIncVatFormatted: string | null
    feeExVatFormatted: string | null
    isDefault: boolean
  } | null
  total: {
    isDiscounted: boolean
    sellingPriceIncVat: number
    sellingPriceExVat: number
    sellingPriceIncVatFormatted: string | null
    sellingPriceExVatFormatted: string | null
    discountIncVat: number
    discountExVat: number
    discountIncVatFormatted: string | null
    discountExVatFormatted: string | null
    vat: number
    vatFormatted: string | null
  } | null
}

/** Lumo extension of CartType: the market's minimum order value (null when it has none). */
export interface CartMinimumOrderValue {
  amount: number
  amountFormatted: string | null
  amountLeft: number
  amountLeftFormatted: string | null
  isReached: boolean
}

export interface CartView {
  id: string
  promoCode: string | null
  minimumOrderValue?: CartMinimumOrderValue | null
  appliedCampaigns: CartCampaign[] | null
  items: CartItem[]
  summary: CartSummaryView | null
}
