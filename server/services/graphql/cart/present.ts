/**
 * A priced cart → CartType (the Ralph `Cart` fragment's fields, docs/service-contracts.md#commerce-api). Line amounts
 * are campaign prices; the promo discount, fees and balance live in the summary.
 */
import { splitIncVat, toDecimal } from '../pricing/money'
import {
  formatter,
  presentPrice,
  presentSummary,
  type CartSummaryShape,
  type PriceShape,
} from '../pricing/present'
import type { AppliedCampaign, CartLine, ProductSku } from './load'
import type { PricedCart } from './price'
import { minimumOrderCheck } from './minimum'

export interface CampaignRuleShape {
  campaignId: string
  name: string
  hideTitle: boolean
  ruleType: string
  actionValue: string | null
}

export interface CartItemShape {
  id: string
  skuId: number
  quantity: number
  message: string | null
  unitPrice: PriceShape
  totalPrice: PriceShape
  campaign: {
    appliedCampaigns: CampaignRuleShape[]
    prices: { quantity: number; discount: number; discountPercentage: number; price: PriceShape }[]
  }
  product: CartProductShape
}

export interface CartProductShape {
  productId: number
  name: string
  alias: string
  articleNumber: string
  categoryId: number
  canonicalUrl: string
  brand: { brandId: number; alias: string; name: string; canonicalUrl: string }
  productImages: { fileName: string; tags: string[] }[]
  primaryCategory: {
    categoryId: number
    parentCategoryId: number
    order: number
    name: string
    alias: string | null
    canonicalUrl: string
  } | null
  skus: {
    skuId: number
    productId: number
    articleNumber: string
    name: string
    gtin: string | null
    incoming: string | null
    stock: {
      totalStock: number
      inStock: number
      oversellable: number
      static: number
      incoming: string | null
    }
  }[]
  unitPrice: PriceShape
}

export interface CartShape {
  id: string
  isCompleted: boolean
  promoCode: string | null
  minimumOrderValue: {
    amount: number
    amountFormatted: string
    amountLeft: number
    amountLeftFormatted: string
    isReached: boolean
  } | null
  freeShipping: boolean
  fixedDiscount: number
  appliedCampaigns: CampaignRuleShape[]
  items: CartItemShape[]
  summary: CartSummaryShape
}

function campaignRule(campaign: AppliedCampaign): CampaignRuleShape {
  return {
    campaignId: String(campaign.campaignId),
    name: campaign.name,
    hideTitle: campaign.hideTitle,
    ruleType: 'PRICE_CAMPAIGN',
    actionValue: String(campaign.discountPercentage),
  }
}

function presentSku(sku: ProductSku): CartProductShape['skus'][number] {
  const incoming = sku.incomingOn ? `${sku.incomingOn}T00:00:00.000Z` : null
  return {
    skuId: sku.skuId,
    productId: sku.productId,
    articleNumber: sku.articleNumber,
    name: sku.name,
    gtin: sku.gtin,
    incoming,
    stock: {
      totalStock: sku.stock.inStock + sku.stock.oversellable + sku.stock.static,
      inStock: sku.stock.inStock,
      oversellable: sku.stock.oversellable,
      static: sku.stock.static,
      incoming,
    },
  }
}

function presentItem(cart: PricedCart, line: CartLine, index: number): CartItemShape {
  const totals = cart.totals.lines[index]
  const price = line.price
  if (!totals || !price) throw new Error('a priced cart line has no totals')
  const unitRegular = splitIncVat(price.regularIncVat, price.vatRateBp)
  const unitSelling = splitIncVat(price.sellingIncVat, price.vatRateBp)
  const unitPrice = presentPrice(unitRegular, unitSelling, cart.format)
  const campaigns = (cart.campaignsByProduct.get(line.product.productId) ?? []).map(campaignRule)
  const unitDiscount = price.regularIncVat - price.sellingIncVat
  const { product } = line
  return {
    id: String(line.itemId),
    skuId: line.sku.skuId,
    quantity: line.quantity,
    message: line.message,
    unitPrice,
    totalPrice: presentPrice(totals.regular, totals.selling, cart.format),
    campaign: {
      appliedCampaigns: campaigns,
      prices:
        unitDiscount > 0
          ? [
              {
                quantity: line.quantity,
                discount: toDecimal(unitDiscount),
                discountPercentage: unitPrice.discountPercentage,
                price: unitPrice,
              },
            ]
          : [],
    },
    product: {
      productId: product.productId,
      name: product.name,
      alias: product.alias,
      articleNumber: product.articleNumber,
      categoryId: product.primaryCategoryId,
      canonicalUrl: `/p/${product.alias}`,
      brand: {
        brandId: product.brandId,
        alias: product.brandAlias,
        name: product.brandName,
        canonicalUrl: `/b/${product.brandAlias}`,
      },
      productImages: product.imageFileName ? [{ fileName: product.imageFileName, tags: [] }] : [],
      primaryCategory: product.primaryCategoryName
        ? {
            categoryId: product.primaryCategoryId,
            parentCategoryId: 0,
            order: 0,
            name: product.primaryCategoryName,
            alias: product.primaryCategoryAlias,
            canonicalUrl: `/c/${product.primaryCategoryAlias ?? product.primaryCategoryId}`,
          }
        : null,
      skus: (cart.productSkus.get(product.productId) ?? []).map(presentSku),
      unitPrice,
    },
  }
}

export function presentCart(cart: PricedCart): CartShape {
  const { totals } = cart
  const campaigns = new Map<string, CampaignRuleShape>()
  for (const line of cart.lines) {
    for (const campaign of cart.campaignsByProduct.get(line.product.productId) ?? []) {
      campaigns.set(String(campaign.campaignId), campaignRule(campaign))
    }
  }
  if (cart.appliedPromo) {
    const promo = cart.appliedPromo
    campaigns.set(`promo:${promo.code}`, {
      campaignId: `promo:${promo.code}`,
      name: promo.campaignName,
      hideTitle: false,
      ruleType: 'PROMO_CODE',
      actionValue:
        promo.discount.type === 'PERCENTAGE'
          ? String(promo.discount.percentBp / 100)
          : String(toDecimal(promo.discount.amountIncVat)),
    })
  }
  const shipping = cart.shipping
  const payment = cart.payment
  return {
    id: cart.record.cartId,
    isCompleted: cart.record.isCompleted,
    promoCode: cart.record.promoCode,
    minimumOrderValue: presentMinimum(cart),
    freeShipping: totals.itemCount > 0 && totals.shipping.isFree,
    fixedDiscount: toDecimal(totals.fixedAmountDiscount.incVat),
    appliedCampaigns: [...campaigns.values()],
    items: cart.lines.map((line, index) => presentItem(cart, line, index)),
    summary: presentSummary(totals, cart.format, {
      shipping: shipping && {
        id: shipping.id,
        name: shipping.name,
        displayName: shipping.displayName,
        isDefault: shipping.isDefault,
        isSelected: shipping.isSelected,
      },
      payment: payment && {
        id: payment.id,
        name: payment.kind,
        displayName: payment.displayName,
        isDefault: payment.isDefault,
        isSelected: payment.isSelected,
        paymentType: payment.paymentType,
        checkoutType: payment.checkoutType,
        newCheckoutSession: false,
      },
    }),
  }
}

/** CartType.minimumOrderValue (Lumo extension): the market's minimum against the goods, or null. */
function presentMinimum(cart: PricedCart): CartShape['minimumOrderValue'] {
  const check = minimumOrderCheck(
    cart.scope.market.minOrderValueIncVat,
    cart.totals.goods.incVat,
    cart.totals.itemCount,
  )
  if (!check) return null
  const format = formatter(cart.format)
  return {
    amount: toDecimal(check.amount),
    amountFormatted: format(check.amount),
    amountLeft: toDecimal(check.left),
    amountLeftFormatted: format(check.left),
    isReached: check.isReached,
  }
}
