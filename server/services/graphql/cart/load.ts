/**
 * Reading what a cart's price depends on from the database, in one market: the cart, its lines
 * with their SKU, product and market price, campaigns, the promo code rule, the gift code and
 * user balance, the saved checkout choices, and the market's shipping and payment options.
 * ./price.ts turns these into a priced cart.
 */
import type { Kysely } from 'kysely'
import type { AddressJson, PaymentKind } from '../../../db/schema'
import type { CurrencyCode, LocaleCode, MarketAlias } from '../../../../src/shared/markets'
import { notFound } from '../errors'
import type { Minor } from '../pricing/money'
import type { PromoCodeRule } from '../pricing/promo'
import type { CustomerType } from '../pricing/summary'
import type { CommerceDB } from './db'
import { isUuid } from '../../../../src/shared/validation/ids'
import type { SkuStock } from './stock'
import { isVoucherCode, loadVoucherRule } from './bonus-voucher'

export interface CartRecord {
  cartId: string
  marketAlias: MarketAlias
  userId: string | null
  promoCode: string | null
  giftCode: string | null
  isCompleted: boolean
}

export interface CartLine {
  itemId: number
  quantity: number
  message: string | null
  sku: {
    skuId: number
    articleNumber: string
    name: string
    gtin: string | null
    stock: SkuStock
    incomingOn: string | null
  }
  product: {
    productId: number
    articleNumber: string
    name: string
    alias: string
    isActive: boolean
    brandId: number
    brandName: string
    brandAlias: string
    primaryCategoryId: number
    primaryCategoryName: string | null
    primaryCategoryAlias: string | null
    imageFileName: string | null
  }
  /** The product's price in the pricing market; null when it is not sold there. */
  price: { regularIncVat: Minor; sellingIncVat: Minor; vatRateBp: number } | null
}

export interface AppliedCampaign {
  campaignId: number
  name: string
  hideTitle: boolean
  discountPercentage: number
}

export interface ShippingChoice {
  id: number
  name: string
  displayName: string
  feeIncVat: Minor
  vatRateBp: number
  freeShippingThreshold: Minor | null
  isDefault: boolean
  isSelected: boolean
}

export interface PaymentChoice {
  id: number
  kind: PaymentKind
  displayName: string
  feeIncVat: Minor
  paymentType: string
  checkoutType: string
  isDefault: boolean
  isSelected: boolean
}

/** The checkout choices a shopper saved with createOrUpdateCheckout (CheckoutInputType subset). */
export interface SavedCheckout {
  email?: string | null
  identityNumber?: string | null
  customerType?: CustomerType | null
  paymentId?: number | null
  shippingId?: number | null
  message?: string | null
  billingAddress?: AddressJson | null
  shippingAddress?: AddressJson | null
}

type Db = Kysely<CommerceDB>

/** The columns of a CartRecord (cartRecordOf), from `carts as c`. */
const CART_COLUMNS = [
  'c.cart_id',
  'c.market_alias',
  'c.user_id',
  'c.promo_code',
  'c.gift_code',
  'c.is_completed',
] as const

export async function findCart(db: Db, cartId: string, lock = false): Promise<CartRecord | undefined> {
  if (!isUuid(cartId)) return undefined
  let query = db.selectFrom('carts as c').select(CART_COLUMNS).where('c.cart_id', '=', cartId)
  if (lock) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  return row && cartRecordOf(row)
}

interface CartRow {
  cart_id: string
  market_alias: MarketAlias
  user_id: string | null
  promo_code: string | null
  gift_code: string | null
  is_completed: boolean
}

function cartRecordOf(row: CartRow): CartRecord {
  return {
    cartId: row.cart_id,
    marketAlias: row.market_alias,
    userId: row.user_id,
    promoCode: row.promo_code,
    giftCode: row.gift_code,
    isCompleted: row.is_completed,
  }
}

/**
 * The cart and its saved checkout choices in one read, without a lock: what the checkout preview
 * starts from (two reads before, each a round trip to the one database connection).
 */
export async function findCartWithSavedCheckout(
  db: Db,
  cartId: string,
): Promise<{ cart: CartRecord; saved: SavedCheckout | null } | undefined> {
  if (!isUuid(cartId)) return undefined
  const row = await db
    .selectFrom('carts as c')
    .leftJoin('checkouts as k', 'k.cart_id', 'c.cart_id')
    .select([...CART_COLUMNS, 'k.data'])
    .where('c.cart_id', '=', cartId)
    .executeTakeFirst()
  if (!row) return undefined
  return { cart: cartRecordOf(row), saved: (row.data as SavedCheckout | null) ?? null }
}

export function cartNotFound(cartId: string) {
  return notFound(`No cart was found with the ID ${cartId}`)
}

export async function requireCart(db: Db, cartId: string, lock = false): Promise<CartRecord> {
  const cart = await findCart(db, cartId, lock)
  if (!cart) throw cartNotFound(cartId)
  return cart
}

export async function loadLines(
  db: Db,
  cartId: string,
  market: MarketAlias,
  language: LocaleCode,
): Promise<CartLine[]> {
  const rows = await db
    .selectFrom('cart_items as ci')
    .innerJoin('skus as s', 's.sku_id', 'ci.sku_id')
    .innerJoin('products as p', 'p.product_id', 's.product_id')
    .innerJoin('brands as b', 'b.brand_id', 'p.brand_id')
    .leftJoin('product_texts as pt', (join) =>
      join.onRef('pt.product_id', '=', 'p.product_id').on('pt.language', '=', language),
    )
    .leftJoin('category_texts as ct', (join) =>
      join.onRef('ct.category_id', '=', 'p.primary_category_id').on('ct.language', '=', language),
    )
    .leftJoin('product_prices as pp', (join) =>
      join.onRef('pp.product_id', '=', 'p.product_id').on('pp.market_alias', '=', market),
    )
    .select((eb) => [
      'ci.item_id',
      'ci.quantity',
      'ci.message',
      's.sku_id',
      's.article_number as sku_article_number',
      's.name as sku_name',
      's.gtin',
      's.stock_in_stock',
      's.stock_oversellable',
      's.stock_static',
      's.incoming_on',
      'p.product_id',
      'p.article_number',
      'p.is_active',
      'p.primary_category_id',
      'b.brand_id',
      'b.name as brand_name',
      'b.alias as brand_alias',
      'pt.name',
      'pt.alias',
      'ct.name as category_name',
      'ct.alias as category_alias',
      'pp.regular_price_inc_vat',
      'pp.selling_price_inc_vat',
      'pp.vat_rate_bp',
      eb
        .selectFrom('product_images as pi')
        .whereRef('pi.product_id', '=', 'p.product_id')
        .select('pi.file_name')
        .orderBy('pi.sort_order')
        .limit(1)
        .as('image_file_name'),
    ])
    .where('ci.cart_id', '=', cartId)
    .orderBy('ci.item_id')
    .execute()
  return rows.map((row) => ({
    itemId: row.item_id,
    quantity: row.quantity,
    message: row.message,
    sku: {
      skuId: row.sku_id,
      articleNumber: row.sku_article_number,
      name: row.sku_name,
      gtin: row.gtin,
      stock: { inStock: row.stock_in_stock, oversellable: row.stock_oversellable, static: row.stock_static },
      incomingOn: row.incoming_on,
    },
    product: {
      productId: row.product_id,
      articleNumber: row.article_number,
      name: row.name ?? row.article_number,
      alias: row.alias ?? String(row.product_id),
      isActive: row.is_active,
      brandId: row.brand_id,
      brandName: row.brand_name,
      brandAlias: row.brand_alias,
      primaryCategoryId: row.primary_category_id,
      primaryCategoryName: row.category_name,
      primaryCategoryAlias: row.category_alias,
      imageFileName: row.image_file_name,
    },
    price:
      row.regular_price_inc_vat === null || row.selling_price_inc_vat === null || row.vat_rate_bp === null
        ? null
        : {
            regularIncVat: row.regular_price_inc_vat,
            sellingIncVat: row.selling_price_inc_vat,
            vatRateBp: row.vat_rate_bp,
          },
  }))
}

export async function loadCampaigns(
  db: Db,
  productIds: number[],
  language: LocaleCode,
  now: Date,
): Promise<Map<number, AppliedCampaign[]>> {
  const byProduct = new Map<number, AppliedCampaign[]>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .selectFrom('discount_campaign_products as dcp')
    .innerJoin('discount_campaigns as dc', 'dc.campaign_id', 'dcp.campaign_id')
    .leftJoin('discount_campaign_texts as dct', (join) =>
      join.onRef('dct.campaign_id', '=', 'dc.campaign_id').on('dct.language', '=', language),
    )
    .select([
      'dcp.product_id',
      'dc.campaign_id',
      'dc.name',
      'dct.name as local_name',
      'dc.hide_title',
      'dc.discount_percentage',
    ])
    .where('dcp.product_id', 'in', productIds)
    .where((eb) => eb.or([eb('dc.active_from', 'is', null), eb('dc.active_from', '<=', now)]))
    .where((eb) => eb.or([eb('dc.active_to', 'is', null), eb('dc.active_to', '>=', now)]))
    .orderBy('dc.sort_order')
    .orderBy('dc.campaign_id')
    .execute()
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? []
    list.push({
      campaignId: row.campaign_id,
      name: row.local_name ?? row.name,
      hideTitle: row.hide_title,
      discountPercentage: row.discount_percentage,
    })
    byProduct.set(row.product_id, list)
  }
  return byProduct
}

/**
 * The rule of a cart's code: a promo code of the market, or a bonus voucher of the signed-in
 * customer (`userId`; ./bonus-voucher.ts).
 */
export async function loadPromoRule(
  db: Db,
  code: string,
  market: MarketAlias,
  userId: string | null | undefined,
): Promise<PromoCodeRule | undefined> {
  if (isVoucherCode(code)) return loadVoucherRule(db, code, market, userId)
  const row = await db
    .selectFrom('promo_codes as pc')
    .innerJoin('promo_code_markets as pcm', 'pcm.code', 'pc.code')
    .select([
      'pc.code',
      'pc.kind',
      'pc.percentage',
      'pc.description',
      'pc.active_from',
      'pc.active_to',
      'pc.is_active',
      'pc.max_uses',
      'pc.used_count',
      'pcm.amount_off_inc_vat',
      'pcm.min_order_value_inc_vat',
    ])
    .where('pc.code', '=', code)
    .where('pcm.market_alias', '=', market)
    .executeTakeFirst()
  if (!row) return undefined
  const discount =
    row.kind === 'percentage'
      ? { type: 'PERCENTAGE' as const, percentBp: (row.percentage ?? 0) * 100 }
      : { type: 'FIXED_AMOUNT' as const, amountIncVat: row.amount_off_inc_vat ?? 0 }
  const usedUp = row.max_uses !== null && row.used_count >= row.max_uses
  return {
    code: row.code,
    campaignName: row.description ?? row.code,
    discount,
    minOrderValue: row.min_order_value_inc_vat > 0 ? row.min_order_value_inc_vat : null,
    active: row.is_active && !usedUp,
    validFrom: row.active_from,
    validTo: row.active_to,
  }
}

export async function loadGiftCodeBalance(
  db: Db,
  code: string,
  currency: CurrencyCode,
  now: Date,
): Promise<Minor> {
  const row = await db
    .selectFrom('gift_codes')
    .select(['balance', 'currency_code', 'expires_at'])
    .where('code', '=', code)
    .executeTakeFirst()
  if (!row || row.currency_code !== currency || (row.expires_at && row.expires_at < now)) return 0
  return row.balance
}

export async function loadUserBalance(db: Db, userId: string | null, currency: CurrencyCode): Promise<Minor> {
  if (!userId) return 0
  const row = await db
    .selectFrom('user_balances')
    .select('amount')
    .where('user_id', '=', userId)
    .where('currency_code', '=', currency)
    .executeTakeFirst()
  return row?.amount ?? 0
}

export async function loadSavedCheckout(db: Db, cartId: string): Promise<SavedCheckout | null> {
  const row = await db.selectFrom('checkouts').select('data').where('cart_id', '=', cartId).executeTakeFirst()
  return (row?.data as SavedCheckout | undefined) ?? null
}

export async function loadShippingOptions(
  db: Db,
  market: MarketAlias,
  language: LocaleCode,
): Promise<ShippingChoice[]> {
  const rows = await db
    .selectFrom('shipping_options')
    .selectAll()
    .where('market_alias', '=', market)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('shipping_option_id')
    .execute()
  return rows.map((row) => ({
    id: row.shipping_option_id,
    name: row.name,
    displayName: row.display_names[language] ?? Object.values(row.display_names)[0] ?? row.name,
    feeIncVat: row.fee_inc_vat,
    vatRateBp: row.vat_rate_bp,
    freeShippingThreshold: row.free_shipping_threshold_inc_vat,
    isDefault: row.is_default,
    isSelected: false,
  }))
}

export async function loadPaymentOptions(
  db: Db,
  market: MarketAlias,
  language: LocaleCode,
): Promise<PaymentChoice[]> {
  const rows = await db
    .selectFrom('payment_options')
    .selectAll()
    .where('market_alias', '=', market)
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('payment_option_id')
    .execute()
  return rows.map((row) => ({
    id: row.payment_option_id,
    kind: row.kind,
    displayName: row.display_names[language] ?? Object.values(row.display_names)[0] ?? row.kind,
    feeIncVat: row.fee_inc_vat,
    paymentType: row.payment_type,
    checkoutType: row.checkout_type,
    isDefault: row.is_default,
    isSelected: false,
  }))
}

export interface ProductSku {
  skuId: number
  productId: number
  articleNumber: string
  name: string
  gtin: string | null
  stock: SkuStock
  incomingOn: string | null
}

/** Every size of the given products, for the cart line's size switcher. */
export async function loadProductSkus(db: Db, productIds: number[]): Promise<Map<number, ProductSku[]>> {
  const byProduct = new Map<number, ProductSku[]>()
  if (productIds.length === 0) return byProduct
  const rows = await db
    .selectFrom('skus')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort_order')
    .orderBy('sku_id')
    .execute()
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? []
    list.push({
      skuId: row.sku_id,
      productId: row.product_id,
      articleNumber: row.article_number,
      name: row.name,
      gtin: row.gtin,
      stock: { inStock: row.stock_in_stock, oversellable: row.stock_oversellable, static: row.stock_static },
      incomingOn: row.incoming_on,
    })
    byProduct.set(row.product_id, list)
  }
  return byProduct
}
