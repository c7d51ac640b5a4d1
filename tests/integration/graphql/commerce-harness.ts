/**
 * The commerce API under test: a Fastify app with only the GraphQL plugin on a fresh seeded
 * database, requests through `app.inject` with the API key (no sockets), bearer tokens signed
 * like the auth service's, and a snapshot of every row the commerce rules may change so a test
 * can assert that a refused operation changed nothing.
 *
 * Every request comes from its own client address unless the test names one (`remoteAddress`):
 * the suites play many shoppers, and the per-address abuse limits (ADR 0024) are tested on their
 * own in abuse-limits.test.ts.
 */
import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { sql, type Kysely } from 'kysely'
import { loadConfig, type Config } from '../../../server/config'
import type { DatabaseKind } from '../../../server/db'
import type { DB } from '../../../server/db/schema'
import authService from '../../../server/services/auth'
import { createSigner } from '../../../server/services/auth/keys'
import { signAccessToken } from '../../../server/services/auth/tokens'
import graphqlService from '../../../server/services/graphql'
import paymentsService from '../../../server/services/payments'
import { SHOPPER_HEADER } from '../../../server/services/shared/client-address'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

export const API_KEY = 'commerce-test-api-key'
const SESSION_SECRET = 'commerce-test-session-secret-0123456789abcdef'

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number
  /** The Retry-After header (abuse limits, ADR 0024), when the response has one. */
  retryAfter?: string
  data: T | null | undefined
  errors: { message: string; extensions?: Record<string, unknown> }[] | undefined
}

export interface CommerceApi {
  app: FastifyInstance
  database: TestDatabase
  db: Kysely<DB>
  config: Config
  gql<T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: {
      token?: string
      apiKey?: string | null
      remoteAddress?: string
      /**
       * Send as the storefront's proxy does for a browser with this `lumo-shopper` id: from this
       * host, with the shopper's address in X-Forwarded-For (ADR 0024).
       */
      shopper?: string
    },
  ): Promise<GraphQLResponse<T>>
  tokenFor(user: {
    id: string
    email?: string
    customerType?: 'PERSON' | 'ORGANIZATION'
    memberType?: string
  }): Promise<string>
  close(): Promise<void>
}

let shopperCount = 0

/** A fresh address of the benchmarking range (198.18.0.0/15) for a request that names none. */
function nextShopperAddress(): string {
  shopperCount += 1
  return `198.18.${Math.floor(shopperCount / 250) % 250}.${(shopperCount % 250) + 1}`
}

export async function startCommerceApi(
  kind: DatabaseKind,
  products = 10,
  options: { clock?: () => Date } = {},
): Promise<CommerceApi> {
  const database = await createTestDatabase({ kind, seed: { products } })
  const config = loadConfig({
    NODE_ENV: 'test',
    API_KEY,
    SESSION_SECRET,
    DATA_DIR: '/tmp/lumo-commerce-tests',
    PORT: '0',
  })
  const app = Fastify({ logger: false })
  // the API verifies bearer tokens against the auth service's keys (its JWKS, in process)
  await app.register(authService, { database, config })
  // the expiry sweep is run by the tests themselves, with their own clock
  await app.register(graphqlService, {
    database,
    config,
    expirySweepMs: 0,
    backInStockMs: 0,
    clock: options.clock,
  })
  // card orders get their payment session at the provider (docs/adr/0012-payments.md)
  await app.register(paymentsService, { database, config, sweepIntervalMs: 0 })
  await app.ready()
  const signer = createSigner(database.db, config.dataDir)
  return {
    app,
    database,
    db: database.db,
    config,
    async gql(query, variables = {}, options = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      const apiKey = options.apiKey === undefined ? API_KEY : options.apiKey
      if (apiKey) headers['x-apikey'] = apiKey
      if (options.token) headers['authorization'] = `Bearer ${options.token}`
      const address = options.remoteAddress ?? nextShopperAddress()
      if (options.shopper) {
        headers['x-forwarded-for'] = address
        headers[SHOPPER_HEADER] = options.shopper
      }
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: { query, variables },
        remoteAddress: options.shopper ? '127.0.0.1' : address,
      })
      const body = response.json() as { data?: never; errors?: GraphQLResponse['errors'] }
      const retryAfter = response.headers['retry-after']
      return {
        status: response.statusCode,
        ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
        data: body.data,
        errors: body.errors,
      }
    },
    /** A token as the auth service issues it, for any user id (no login, no password needed). */
    async tokenFor(user) {
      const tokenUser = {
        user_id: user.id,
        email: user.email ?? `${user.id}@example.fi`,
        customer_type: user.customerType ?? 'PERSON',
        member_type: user.memberType ?? null,
        member_id: null,
      }
      return signAccessToken(await signer.current(), tokenUser, randomUUID())
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** Every row the cart, checkout and order rules write, in a stable order. */
export async function commerceSnapshot(db: Kysely<DB>): Promise<string> {
  const tables = [
    sql`SELECT cart_id, market_alias, user_id, promo_code, gift_code, is_completed FROM carts ORDER BY cart_id`,
    sql`SELECT cart_id, sku_id, quantity, message FROM cart_items ORDER BY cart_id, sku_id`,
    sql`SELECT cart_id, data FROM checkouts ORDER BY cart_id`,
    sql`SELECT order_id, cart_id, status, paid_at, total_inc_vat FROM orders ORDER BY order_id`,
    sql`SELECT order_row_id, order_id, sku_id, quantity FROM order_rows ORDER BY order_row_id`,
    sql`SELECT event_id, order_id, kind, status FROM order_events ORDER BY event_id`,
    sql`SELECT sku_id, stock_in_stock, stock_oversellable, stock_static FROM skus ORDER BY sku_id`,
    sql`SELECT product_id, sales_count FROM products ORDER BY product_id`,
    sql`SELECT code, used_count FROM promo_codes ORDER BY code`,
    sql`SELECT code, balance FROM gift_codes ORDER BY code`,
    sql`SELECT code, amount FROM gift_code_transactions ORDER BY transaction_id`,
    sql`SELECT user_id, currency_code, amount FROM user_balances ORDER BY user_id, currency_code`,
  ]
  const results = []
  for (const query of tables) results.push((await query.execute(db)).rows)
  return JSON.stringify(results)
}

export async function skuStock(db: Kysely<DB>, skuId: number) {
  return db
    .selectFrom('skus')
    .select(['stock_in_stock', 'stock_oversellable', 'stock_static'])
    .where('sku_id', '=', skuId)
    .executeTakeFirstOrThrow()
}

/** The error codes of a response, in order. */
export function errorCodes(response: GraphQLResponse): unknown[] {
  return (response.errors ?? []).map((error) => error.extensions?.['code'])
}

export const CART_FIELDS = `
  id isCompleted promoCode freeShipping fixedDiscount
  appliedCampaigns { campaignId name hideTitle }
  items {
    id skuId quantity
    unitPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat isDiscounted sellingPriceIncVatFormatted vat }
    totalPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat }
    campaign { appliedCampaigns { campaignId name } prices { quantity price { sellingPriceIncVat } } }
    product { productId name alias canonicalUrl brand { name } skus { skuId name stock { inStock oversellable static totalStock } } productImages { fileName } }
  }
  summary {
    fixedAmountDiscountIncVat fixedAmountDiscountExVat
    subTotal { regularPriceIncVat sellingPriceIncVat sellingPriceExVat vat sellingPriceIncVatFormatted }
    total { isDiscounted sellingPriceIncVat sellingPriceExVat discountIncVat discountExVat vat vatFormatted sellingPriceIncVatFormatted currency { code } }
    vats { rate amount }
    fees { shippingFeeIncVat shippingFeeExVat paymentFeeIncVat }
    balance { pending remaining pendingFormatted totalSellingPriceExBalanceIncVat totalSellingPriceExBalanceExVat }
    shipping { id amountLeftToFreeShipping amountLeftToFreeShippingFormatted feeIncVat feeExVat feeIncVatFormatted isDefault }
  }
`

export interface PriceJson {
  sellingPriceIncVat: number
  sellingPriceExVat: number
  regularPriceIncVat: number
  isDiscounted: boolean
  sellingPriceIncVatFormatted: string
  vat: number
  discountIncVat: number
  discountExVat: number
  vatFormatted: string
  currency: { code: string }
}

export interface CartJson {
  id: string
  isCompleted: boolean
  promoCode: string | null
  freeShipping: boolean
  fixedDiscount: number
  appliedCampaigns: { campaignId: string; name: string; hideTitle: boolean }[]
  items: {
    id: string
    skuId: number
    quantity: number
    unitPrice: PriceJson
    totalPrice: PriceJson
    campaign: { appliedCampaigns: { campaignId: string; name: string }[]; prices: { quantity: number }[] }
    product: {
      productId: number
      name: string
      alias: string
      canonicalUrl: string
      skus: { skuId: number }[]
    }
  }[]
  summary: {
    fixedAmountDiscountIncVat: number
    fixedAmountDiscountExVat: number
    subTotal: PriceJson
    total: PriceJson
    vats: { rate: number; amount: number }[]
    fees: { shippingFeeIncVat: number; shippingFeeExVat: number; paymentFeeIncVat: number }
    balance: {
      pending: number
      remaining: number
      pendingFormatted: string
      totalSellingPriceExBalanceIncVat: number
      totalSellingPriceExBalanceExVat: number
    }
    shipping: {
      id: number
      amountLeftToFreeShipping: number
      amountLeftToFreeShippingFormatted: string
      feeIncVat: number
      feeExVat: number
      feeIncVatFormatted: string
      isDefault: boolean
    } | null
  }
}

/** Whole minor units of a decimal amount, for exact comparisons. */
export const cents = (amount: number) => Math.round(amount * 100)

/** Intl separators are narrow/no-break spaces; tests compare with plain ones. */
export const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')
