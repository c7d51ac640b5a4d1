/**
 * The Kysely `DB` interface: one entry per table of server/db/migrations (keep them in step).
 *
 * Value conventions, the same on PGlite and PostgreSQL (the connection layer installs the parsers):
 * - bigint (money in minor units, counts) reads as `number`;
 * - date reads as a 'YYYY-MM-DD' string; timestamptz reads as a `Date`;
 * - jsonb reads as the parsed value and is written as JSON text: use `toJson(value)`;
 * - text[] reads and writes as `string[]`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { CurrencyCode, LocaleCode, MarketAlias } from '../../src/shared/markets'
import type { PaymentKind } from '../../src/shared/payment-kinds'
import type { BuyerType } from '../../src/shared/customer-types'

/** timestamptz: a Date out, a Date or ISO string in; `Generated` when the column has a default. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>
export type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** date: 'YYYY-MM-DD' both ways. */
export type DateString = string
/** jsonb: parsed value out, JSON text in (pg would turn a JS array into a PostgreSQL array literal). */
export type Json<T> = ColumnType<T, string, string>
export type JsonNullable<T> = ColumnType<T | null, string | null | undefined, string | null>
/** text[] with a default of '{}' */
export type TextArray = ColumnType<string[], string[] | undefined, string[]>

export type DiscountType = 'NONE' | 'SALE_PRICE' | 'PRICE_CAMPAIGN' | 'EXTERNAL'
export type OrderStatus = 'received' | 'processing' | 'completed' | 'cancelled'
export type { PaymentKind }
export type PromoCodeKind = 'percentage' | 'fixed'
export type ContentPageKind = 'page' | 'inspiration' | 'member' | 'style'
export type Gender = 'UNSET' | 'UNSPECIFIED' | 'WOMAN' | 'MAN'
export type CustomerEmailStatus = 'blacklisted' | 'invalid_email'
export type OrderEventKind = 'status' | 'payment' | 'return_registered' | 'refund' | 'note' | 'shipped'
/** Per-language display names, e.g. { fi: 'Postipaketti', sv: 'Postpaket' } */
export type LocalisedNames = Partial<Record<LocaleCode, string>>

/** Geins AddressType fields, stored as jsonb on users and orders. */
export interface AddressJson {
  firstName?: string
  lastName?: string
  careOf?: string
  addressLine1?: string
  addressLine2?: string
  addressLine3?: string
  entryCode?: string
  zip?: string
  city?: string
  state?: string
  country?: string
  company?: string
  mobile?: string
  phone?: string
}

export interface LanguagesTable {
  code: LocaleCode
  iso: string
  name: string
  ts_config: string
  sort_order: Generated<number>
}

/** The shop definition's currencies with their minor unit (migration 1085, ADR 0077). */
export interface CurrenciesTable {
  code: CurrencyCode
  minor_unit: number
}

/** The legal buyer types of src/shared/customer-types.ts, referenced by users and orders (migration 1085). */
export interface BuyerTypesTable {
  code: BuyerType
}

export interface MarketsTable {
  alias: MarketAlias
  market_id: string
  country_code: string
  country_name: string
  currency_code: CurrencyCode
  currency_name: string
  currency_symbol: string
  vat_rate_bp: number
  default_language: LocaleCode
  /** minimum order value in minor units incl. VAT; null = none (migration 0500) */
  min_order_value_inc_vat: number | null
  /** a guest's invoice order with more units waits for an operator's approval (migration 1075) */
  guest_invoice_units_limit: Generated<number>
  group_key: Generated<string>
  is_virtual: Generated<boolean>
  only_display_in_checkout: Generated<boolean>
  sort_order: Generated<number>
}

export interface MarketLanguagesTable {
  market_alias: MarketAlias
  language: LocaleCode
  sort_order: Generated<number>
}

export interface CategoriesTable {
  category_id: number
  parent_id: number | null
  sort_order: Generated<number>
  is_hidden: Generated<boolean>
  image_file_name: string | null
  created_at: GeneratedTimestamp
}

export interface CategoryTextsTable {
  category_id: number
  language: LocaleCode
  name: string
  alias: string
  description: string | null
  secondary_description: string | null
  meta_title: string | null
  meta_description: string | null
}

export interface BrandsTable {
  brand_id: number
  alias: string
  name: string
  logo_file_name: string | null
  created_at: GeneratedTimestamp
}

export interface BrandTextsTable {
  brand_id: number
  language: LocaleCode
  description: string
}

export interface ProductsTable {
  product_id: number
  article_number: string
  brand_id: number
  primary_category_id: number
  first_available_on: DateString
  created_at: GeneratedTimestamp
  discount_type: Generated<DiscountType>
  is_active: Generated<boolean>
  is_collab: Generated<boolean>
  is_sustainable: Generated<boolean>
  is_petite: Generated<boolean>
  is_outlet: Generated<boolean>
  has_extended_sizes: Generated<boolean>
  color_hex: string | null
  /** the main product of the style whose colour variant this is (migration 0400); null for a single colour */
  variant_group_id: Generated<number | null>
  sales_count: Generated<number>
  weight_grams: Generated<number>
}

export interface ProductTextsTable {
  product_id: number
  language: LocaleCode
  name: string
  alias: string
  text1: Generated<string>
  text2: Generated<string>
  text3: Generated<string>
  meta_title: string | null
  meta_description: string | null
  meta_keywords: string | null
  search_keywords: Generated<string>
  /** GENERATED ALWAYS: never written; null for a language without a stemmer. Query it with @@. */
  search_vector: ColumnType<string | null, never, never>
}

export interface ProductCategoriesTable {
  product_id: number
  category_id: number
}

export interface SkusTable {
  sku_id: number
  product_id: number
  article_number: string
  name: string
  gtin: string | null
  sort_order: Generated<number>
  stock_in_stock: Generated<number>
  stock_oversellable: Generated<number>
  stock_static: Generated<number>
  incoming_on: DateString | null
  weight_grams: Generated<number>
}

export interface ProductPricesTable {
  product_id: number
  market_alias: MarketAlias
  regular_price_inc_vat: number
  selling_price_inc_vat: number
  vat_rate_bp: number
}

/**
 * Derived rows (migration 0700, ADR 0017): one per active product and market, rebuilt by triggers
 * on the catalogue tables. Read by the list and facet SQL; never written by application code.
 */
export interface ProductListingTable {
  market_alias: MarketAlias
  product_id: number
  brand_id: number
  primary_category_id: number
  languages: string[]
  category_ids: number[]
  sizes: string[]
  size_orders: number[]
  campaign_ids: number[]
  parameter_value_ids: number[]
  price: number
  regular: number
  discount_percent: number | null
  first_available_on: string
  sales_count: number
  is_outlet: boolean
  is_sustainable: boolean
  is_collab: boolean
  is_petite: boolean
  stock_in_stock: number
  stock_total: number
  last_incoming_on: string | null
  rating_average: number | null
  /** sizes with a buyable SKU (migration 1055) */
  sizes_in_stock: Generated<string[]>
  stock_static: Generated<number>
}

export interface PriceLogTable {
  product_id: number
  market_alias: MarketAlias
  logged_on: DateString
  selling_price_inc_vat: number
  regular_price_inc_vat: number
}

export interface DiscountCampaignsTable {
  campaign_id: number
  name: string
  discount_percentage: number
  hide_title: Generated<boolean>
  active_from: Timestamp | null
  active_to: Timestamp | null
  sort_order: Generated<number>
}

export interface DiscountCampaignTextsTable {
  campaign_id: number
  language: LocaleCode
  name: string
  alias: string
  description: string | null
}

export interface DiscountCampaignProductsTable {
  campaign_id: number
  product_id: number
}

export interface ParameterGroupsTable {
  parameter_group_id: number
  sort_order: Generated<number>
}

export interface ParameterGroupTextsTable {
  parameter_group_id: number
  language: LocaleCode
  name: string
}

export interface ParametersTable {
  parameter_id: number
  parameter_group_id: number
  name: string
  sort_order: Generated<number>
  is_shown: Generated<boolean>
  is_filter: Generated<boolean>
}

export interface ParameterTextsTable {
  parameter_id: number
  language: LocaleCode
  label: string
}

export interface ParameterValuesTable {
  parameter_value_id: number
  parameter_id: number
  identifier: string
  sort_order: Generated<number>
}

export interface ParameterValueTextsTable {
  parameter_value_id: number
  language: LocaleCode
  value: string
}

export interface ProductParameterValuesTable {
  product_id: number
  parameter_id: number
  parameter_value_id: number
}

export interface ImagesTable {
  file_name: string
  content_type: string
  svg: string | null
  data: Uint8Array | null
  width: number
  height: number
  created_at: GeneratedTimestamp
}

export interface ProductImagesTable {
  product_id: number
  file_name: string
  sort_order: Generated<number>
  tags: TextArray
}

export interface UsersTable {
  user_id: Generated<string>
  email: string
  password_hash: string | null
  customer_type: Generated<string>
  member_type: string | null
  member_id: string | null
  personal_id: string | null
  organization_id: string | null
  gender: Generated<Gender>
  first_name: string | null
  last_name: string | null
  phone: string | null
  newsletter: Generated<boolean>
  address: JsonNullable<AddressJson>
  meta_data: string | null
  market_alias: MarketAlias | null
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
  /** the customer form's SMS consent (migration 0810) */
  sms: Generated<boolean>
}

export interface UserBalancesTable {
  user_id: string
  currency_code: CurrencyCode
  amount: Generated<number>
}

export interface UserFavouritesTable {
  user_id: string
  product_id: number
  created_at: GeneratedTimestamp
  /** the favourite's place in the customer's list, 0 = newest (migration 0820) */
  position: Generated<number>
}

export interface ReviewsTable {
  review_id: Generated<number>
  product_id: number
  user_id: string | null
  author: string
  rating: number
  comment: Generated<string>
  language: LocaleCode
  created_at: GeneratedTimestamp
}

export interface PromoCodesTable {
  code: string
  kind: PromoCodeKind
  percentage: number | null
  description: string | null
  active_from: Timestamp | null
  active_to: Timestamp | null
  max_uses: number | null
  used_count: Generated<number>
  is_active: Generated<boolean>
  created_at: GeneratedTimestamp
  /** migration 0950 (stock-mails): refused when the customer already has an order */
  first_purchase_only: Generated<boolean>
}

export interface PromoCodeMarketsTable {
  code: string
  market_alias: MarketAlias
  amount_off_inc_vat: number | null
  min_order_value_inc_vat: Generated<number>
}

export interface GiftCodesTable {
  code: string
  currency_code: CurrencyCode
  initial_amount: number
  balance: number
  expires_at: Timestamp | null
  created_at: GeneratedTimestamp
}

export interface GiftCodeTransactionsTable {
  transaction_id: Generated<number>
  code: string
  order_id: number | null
  amount: number
  created_at: GeneratedTimestamp
}

export interface ShippingOptionsTable {
  shipping_option_id: number
  market_alias: MarketAlias
  name: string
  display_names: Json<LocalisedNames>
  fee_inc_vat: number
  vat_rate_bp: number
  free_shipping_threshold_inc_vat: number | null
  is_default: Generated<boolean>
  is_active: Generated<boolean>
  sort_order: Generated<number>
}

export interface ShippingZipRulesTable {
  rule_id: number
  market_alias: MarketAlias
  shipping_option_id: number | null
  zip_from: string
  zip_to: string
  rule: 'no_delivery'
  description: string
}

/** The payment kinds of src/shared/payment-kinds.ts, referenced by payment options and orders. */
export interface PaymentKindsTable {
  kind: PaymentKind
}

export interface PaymentOptionsTable {
  payment_option_id: number
  market_alias: MarketAlias
  kind: PaymentKind
  display_names: Json<LocalisedNames>
  fee_inc_vat: Generated<number>
  payment_type: Generated<string>
  checkout_type: Generated<string>
  is_default: Generated<boolean>
  is_active: Generated<boolean>
  sort_order: Generated<number>
}

export interface CustomerEmailRulesTable {
  email: string
  status: CustomerEmailStatus
  message: string
}

export interface MemberTypesTable {
  member_type: string
  blocked_payment_kinds: ColumnType<PaymentKind[], PaymentKind[] | undefined, PaymentKind[]>
  description: string
}

export interface ContentPagesTable {
  page_id: number
  key: string
  kind: ContentPageKind
  is_published: Generated<boolean>
  sort_order: Generated<number>
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
}

export interface ContentPageTextsTable {
  page_id: number
  language: LocaleCode
  alias: string
  title: string
  body: string
  meta_description: string | null
}

export interface NewsletterSubscriptionsTable {
  email: string
  market_alias: MarketAlias | null
  language: LocaleCode | null
  tags: TextArray
  created_at: GeneratedTimestamp
  unsubscribed_at: Timestamp | null
  /** migration 0950 (stock-mails): double opt-in */
  confirmed_at: Timestamp | null
  confirm_requested_at: Timestamp | null
  source: Generated<string>
}

export interface StockMonitorsTable {
  monitor_id: Generated<number>
  email: string
  sku_id: number
  market_alias: MarketAlias | null
  language: LocaleCode | null
  created_at: GeneratedTimestamp
  notified_at: Timestamp | null
  /** migration 0950 (stock-mails) */
  unsubscribed_at: Timestamp | null
}

/** migration 0950 (stock-mails) */
export interface NewsletterConsentsTable {
  /** bigint, parsed as a number (server/db/pglite-options.ts) */
  consent_id: Generated<number>
  email: string
  consent: 'yes' | 'no'
  source: string
  market_alias: MarketAlias | null
  language: LocaleCode | null
  given_at: GeneratedTimestamp
}

/** migration 0950 (stock-mails) */
export interface NewsletterWelcomeCodesTable {
  email: string
  code: string
  created_at: GeneratedTimestamp
}

export interface CartsTable {
  cart_id: Generated<string>
  market_alias: MarketAlias
  user_id: string | null
  promo_code: string | null
  /** migration 0200_cart_gift_code (owned by the cart/checkout area) */
  gift_code: string | null
  merchant_data: string | null
  is_completed: Generated<boolean>
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
}

export interface CartItemsTable {
  item_id: Generated<number>
  cart_id: string
  sku_id: number
  quantity: number
  message: string | null
  created_at: GeneratedTimestamp
}

export interface CheckoutsTable {
  cart_id: string
  data: Json<Record<string, unknown>>
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
}

export interface OrdersTable {
  order_id: Generated<number>
  public_id: Generated<string>
  cart_id: string
  user_id: string | null
  market_alias: MarketAlias
  language: LocaleCode
  currency_code: CurrencyCode
  email: string
  first_name: string
  last_name: string
  zip: string
  customer_type: Generated<string>
  personal_id: string | null
  billing_address: Json<AddressJson>
  shipping_address: Json<AddressJson>
  /** The shop's origin the order was placed on; its mails link there (ADR 0057). Null: PUBLIC_URL. */
  shop_url: ColumnType<string | null, string | null | undefined, string | null>
  message: string | null
  status: Generated<OrderStatus>
  payment_option_id: number | null
  payment_kind: PaymentKind
  payment_reference: string | null
  paid_at: Timestamp | null
  shipping_option_id: number | null
  shipping_method: string
  promo_code: string | null
  gift_code: string | null
  item_value_inc_vat: number
  item_value_ex_vat: number
  discount_inc_vat: Generated<number>
  discount_ex_vat: Generated<number>
  shipping_fee_inc_vat: Generated<number>
  shipping_fee_ex_vat: Generated<number>
  payment_fee_inc_vat: Generated<number>
  payment_fee_ex_vat: Generated<number>
  from_balance: Generated<number>
  total_inc_vat: number
  total_ex_vat: number
  vat_total: number
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
  completed_at: Timestamp | null
  /** when the carrier delivered the order: starts the return window (migration 0930) */
  delivered_at: Timestamp | null
  /** a guest's large invoice order that may not ship until an operator approves it (migration 1075) */
  awaiting_approval: Generated<boolean>
}

/** What an order row remembers of the product at order time. */
export interface OrderRowProductSnapshot {
  alias: Partial<Record<LocaleCode, string>>
  imageFileName: string | null
  primaryCategoryId: number | null
  categoryIds: number[]
  gtin: string | null
  [key: string]: unknown
}

export interface OrderRowsTable {
  order_row_id: Generated<number>
  order_id: number
  sku_id: number | null
  product_id: number | null
  article_number: string
  sku_article_number: string
  product_name: string
  sku_name: string
  brand_name: string
  product_snapshot: Json<OrderRowProductSnapshot>
  quantity: number
  regular_unit_price_inc_vat: number
  unit_price_inc_vat: number
  unit_price_ex_vat: number
  discount_inc_vat: Generated<number>
  total_inc_vat: number
  total_ex_vat: number
  vat_rate_bp: number
}

export interface OrderEventsTable {
  event_id: Generated<number>
  order_id: number
  kind: OrderEventKind
  status: OrderStatus | null
  order_row_id: number | null
  amount_inc_vat: number | null
  vat_amount: number | null
  to_balance: Generated<boolean>
  reason: string | null
  reason_code: string | null
  data: JsonNullable<Record<string, unknown>>
  created_at: GeneratedTimestamp
}

export interface SchemaMigrationsTable {
  version: string
  /** the migration file's checksum: an applied migration must not change */
  checksum: string
  applied_at: GeneratedTimestamp
}

/** Every provider event the commerce API's callback endpoint received (migration 0300). */
export interface PaymentCallbackEventsTable {
  event_id: string
  provider: string
  order_id: number | null
  type: string
  event_created_at: Timestamp
  result: 'applied' | 'ignored' | 'refused'
  reason: string | null
  received_at: GeneratedTimestamp
}

/** 'order-confirmation', or any queued notice's kind (server/contracts/mail.ts, migration 0861) */
export type MailKind = string

/**
 * The mail service's messages (migrations 0301 and 0810). An order mail ('order-confirmation')
 * has its order and is claimed once by UNIQUE (order_id, kind); an account mail has no order and is
 * queued by the service that wants it sent (the user API's password reset), with what the
 * renderer needs in `payload` (cleared once sent).
 */
export interface MailMessagesTable {
  message_id: Generated<number>
  order_id: number | null
  kind: MailKind
  recipient: string
  language: string
  status: 'queued' | 'sending' | 'sent' | 'failed'
  attempts: ColumnType<number, number | undefined, number>
  transport: 'outbox' | 'smtp' | null
  location: string | null
  last_error: string | null
  created_at: GeneratedTimestamp
  sent_at: Timestamp | null
  payload: JsonNullable<Record<string, unknown>>
  /** when the row was last claimed for sending (migration 0850): the lease of a 'sending' row */
  claimed_at: Timestamp | null
}

/**
 * Refresh tokens of the auth service (migration 0800). Shared: the user API revokes a user's
 * tokens (password reset, account deletion) by setting revoked_at on their rows.
 */
export interface AuthRefreshTokensTable {
  token_hash: string
  session_id: string
  user_id: string
  lifetime_minutes: number | null
  created_at: GeneratedTimestamp
  expires_at: Timestamp
  used_at: Timestamp | null
  revoked_at: Timestamp | null
}

/** Migration 1000: real-user metrics the log service stores (issue #13, ADR 0035). */
export interface WebVitalsTable {
  id: Generated<number>
  recorded_at: GeneratedTimestamp
  /** the route name the page was, e.g. 'product' */
  page_type: string
  /** migration 1059: the market the page was shown in (null: reported before it was sent) */
  market: MarketAlias | null
  metric: 'LCP' | 'INP' | 'CLS' | 'TTFB'
  /** milliseconds (LCP, INP, TTFB) or the unitless layout shift score (CLS) */
  value: number
}

export interface DB {
  languages: LanguagesTable
  currencies: CurrenciesTable
  buyer_types: BuyerTypesTable
  markets: MarketsTable
  market_languages: MarketLanguagesTable
  categories: CategoriesTable
  category_texts: CategoryTextsTable
  brands: BrandsTable
  brand_texts: BrandTextsTable
  products: ProductsTable
  product_texts: ProductTextsTable
  product_categories: ProductCategoriesTable
  skus: SkusTable
  product_prices: ProductPricesTable
  product_listing: ProductListingTable
  price_log: PriceLogTable
  discount_campaigns: DiscountCampaignsTable
  discount_campaign_texts: DiscountCampaignTextsTable
  discount_campaign_products: DiscountCampaignProductsTable
  parameter_groups: ParameterGroupsTable
  parameter_group_texts: ParameterGroupTextsTable
  parameters: ParametersTable
  parameter_texts: ParameterTextsTable
  parameter_values: ParameterValuesTable
  parameter_value_texts: ParameterValueTextsTable
  product_parameter_values: ProductParameterValuesTable
  images: ImagesTable
  product_images: ProductImagesTable
  users: UsersTable
  user_balances: UserBalancesTable
  user_favourites: UserFavouritesTable
  reviews: ReviewsTable
  promo_codes: PromoCodesTable
  promo_code_markets: PromoCodeMarketsTable
  gift_codes: GiftCodesTable
  gift_code_transactions: GiftCodeTransactionsTable
  shipping_options: ShippingOptionsTable
  shipping_zip_rules: ShippingZipRulesTable
  payment_kinds: PaymentKindsTable
  payment_options: PaymentOptionsTable
  customer_email_rules: CustomerEmailRulesTable
  member_types: MemberTypesTable
  content_pages: ContentPagesTable
  content_page_texts: ContentPageTextsTable
  newsletter_subscriptions: NewsletterSubscriptionsTable
  stock_monitors: StockMonitorsTable
  carts: CartsTable
  cart_items: CartItemsTable
  checkouts: CheckoutsTable
  orders: OrdersTable
  order_rows: OrderRowsTable
  order_events: OrderEventsTable
  schema_migrations: SchemaMigrationsTable
  payment_callback_events: PaymentCallbackEventsTable
  mail_messages: MailMessagesTable
  auth_refresh_tokens: AuthRefreshTokensTable
  web_vitals: WebVitalsTable
  newsletter_consents: NewsletterConsentsTable
  newsletter_welcome_codes: NewsletterWelcomeCodesTable
  market_return_windows: MarketReturnWindowsTable
  order_returns: OrderReturnsTable
  order_return_items: OrderReturnItemsTable
}

/** The return window per market, in days from delivery (migration 0930, docs/adr/0030-returns.md). */
export interface MarketReturnWindowsTable {
  market_alias: MarketAlias
  days: number
}

export type ReturnStatus = 'registered' | 'received' | 'refunded'

/** A registered return of goods and where it is (migration 0930). */
export interface OrderReturnsTable {
  return_id: Generated<number>
  return_number: string
  order_id: number
  status: Generated<ReturnStatus>
  registered_by: 'customer' | 'guest'
  refund_to: 'payment' | 'balance' | null
  refund_inc_vat: number | null
  created_at: GeneratedTimestamp
  received_at: Timestamp | null
  refunded_at: Timestamp | null
}

export interface OrderReturnItemsTable {
  return_id: number
  order_row_id: number
  quantity: number
  reason_code: string
  received_quantity: number | null
}

export type Product = Selectable<ProductsTable>
export type NewProduct = Insertable<ProductsTable>
export type Sku = Selectable<SkusTable>
export type Cart = Selectable<CartsTable>
export type CartItem = Selectable<CartItemsTable>
export type Order = Selectable<OrdersTable>
export type NewOrder = Insertable<OrdersTable>
export type OrderUpdate = Updateable<OrdersTable>
export type OrderRow = Selectable<OrderRowsTable>
export type User = Selectable<UsersTable>

/** JSON text for a jsonb column (see the `Json` column type). */
export function toJson<T>(value: T): string {
  return JSON.stringify(value)
}

// ---------------------------------------------------------------------------------------------
// Loyalty (migration 0900, server/services/loyalty; the commerce API reads loyalty_vouchers)
// ---------------------------------------------------------------------------------------------

export interface LoyaltyContactsTable {
  contact_id: Generated<string>
  user_id: string | null
  email: string | null
  country_code: string | null
  discovery_key: string | null
  accepts_email: Generated<boolean>
  accepts_sms: Generated<boolean>
  is_member: Generated<boolean>
  member_number: string | null
  joined_at: Timestamp | null
  registration_complete: Generated<boolean>
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
}

export interface LoyaltyPointTransactionsTable {
  transaction_id: Generated<number>
  contact_id: string
  kind: 'earn' | 'adjust' | 'payout'
  order_id: number | null
  points: number
  valid_from: Timestamp
  created_at: GeneratedTimestamp
}

export interface LoyaltyPayoutsTable {
  payout_id: Generated<number>
  period: string
  as_of: Timestamp
  voucher_count: Generated<number>
  created_at: GeneratedTimestamp
}

export interface LoyaltyVouchersTable {
  code: string
  contact_id: string
  user_id: string
  payout_id: number | null
  market_alias: string
  currency_code: string
  amount: number
  minimum_purchase: number
  points: number
  expires_at: Timestamp
  redeemed_order_id: number | null
  redeemed_at: Timestamp | null
  created_at: GeneratedTimestamp
}

export interface LoyaltyCartEventsTable {
  event_id: Generated<number>
  contact_id: string
  kind: 'cart' | 'empty-cart'
  reason: 'add' | 'remove' | 'purchase' | 'logout'
  market_alias: string | null
  items: Json<unknown>
  created_at: GeneratedTimestamp
}

// declaration merging keeps the loyalty tables in one block at the end of the file
export interface DB {
  loyalty_contacts: LoyaltyContactsTable
  loyalty_point_transactions: LoyaltyPointTransactionsTable
  loyalty_payouts: LoyaltyPayoutsTable
  loyalty_vouchers: LoyaltyVouchersTable
  loyalty_cart_events: LoyaltyCartEventsTable
}
