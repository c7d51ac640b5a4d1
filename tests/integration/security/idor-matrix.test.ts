/**
 * The IDOR matrix (issue #15 item 2): every operation that takes the id of a shopper's thing (a
 * cart, order, return, review, favourites list, loyalty contact, voucher, user, payment, mail link,
 * search session) called by shopper B with shopper A's id is refused, and A's data is neither
 * returned nor changed (every row a shopper id reaches is compared before and after).
 *
 * A is Aino and B is Sven, two registered seed customers; a guest is an anonymous shopper. Each
 * row of MATRIX is one operation: who calls it, how it is refused, which schema arguments it
 * covers. The guard at the end reads the GraphQL schema and fails when an argument that looks like
 * an id (…Id, id, …Number, …Code, token, key) is neither covered by a row nor listed in
 * PUBLIC_ARGUMENTS (ids of public catalogue facts with no owner). A new operation is one row.
 *
 * Guards (G):
 *   owner       the row's owner column (carts.user_id, orders.user_id, …) must be the verified
 *               token's user; another's answers NOT_FOUND (GraphQL) or 403 (HTTP), never the data
 *   self        the operation takes no id: it acts on the token's own user only
 *   proof       a guest proves the order by its number and e-mail (returns)
 *   capability  an unguessable random id (UUID v4, signed token) that is the permission itself,
 *               by contract (a guest cart, the confirmation link, the payment page, a mail link,
 *               the search keys): a forged or altered one is refused
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildSchema, getNamedType, isInputObjectType, type GraphQLArgument } from 'graphql'
import { SignJWT, generateKeyPair } from 'jose'
import { FIXTURE_CUSTOMERS, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { loadSchemaSource } from '../../../server/services/graphql/schema-source'
import { signMailLink } from '../../../server/services/graphql/mail-subscriptions/links'
import { SEARCH_MOUNT } from '../../../server/services/search'
import {
  shopperDataSnapshot,
  startSecurityHarness,
  type Answer,
  type Caller,
  type GqlAnswer,
  type SecurityHarness,
} from './security-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const SKU = FIXTURE_PRODUCTS.satinDress.skus
const ALIAS = FIXTURE_PRODUCTS.satinDress.aliases.fi
const { aino, sven } = FIXTURE_CUSTOMERS
const A_VOUCHER = 'BONUS-AB2C-DE3F'
const GUEST_EMAIL = 'greta.guest@example.fi'

const ADDRESS = {
  firstName: 'Aino',
  lastName: 'Asiakas',
  addressLine1: 'Mannerheimintie 1',
  zip: '00100',
  city: 'Helsinki',
}
const CHECKOUT = { email: aino.email, paymentId: 2, shippingId: 1, billingAddress: ADDRESS }

/** A's (and a guest's) things, made through the API before the matrix runs. */
interface Fixtures {
  a: Caller
  b: Caller
  guest: Caller
  /** A's open cart, with one line */
  cartId: string
  lineId: string
  /** A's delivered invoice order, its cart and public id */
  orderId: number
  orderCartId: string
  orderPublicId: string
  returnNumber: string
  orderRowId: number
  /** a guest's open cart and delivered order */
  guestCartId: string
  guestOrderId: number
  contactId: string
  discoveryKey: string
  favourites: number[]
  paymentReference: string
  search: { customerKey: string; sessionKey: string; phrase: string }
}

type Outcome = { refused: true } | { refused: false; reason: string }

interface MatrixRow {
  operation: string
  /** the schema arguments (Type.field.arg or Input.field) this row stands for */
  covers: string[]
  guard: 'owner' | 'self' | 'proof' | 'capability'
  /** call the operation as the attacker (B, or a guest) with A's id; return the answer */
  attack(h: SecurityHarness, f: Fixtures): Promise<Answer | GqlAnswer>
  /** how the answer must refuse */
  refusal: Refusal
  /** besides the snapshot: what A's data must not be in the answer */
  leaks?(f: Fixtures): string[]
  /** the operation legitimately changes the attacker's own data: no whole-snapshot comparison */
  changesOwnData?: true
}

type Refusal =
  | { gql: string }
  | { gqlNull: true }
  | { gqlValue: (data: Record<string, unknown>) => unknown; equals: unknown }
  | { http: number }

function outcome(answer: Answer | GqlAnswer, refusal: Refusal): Outcome {
  if ('http' in refusal) {
    if (!('body' in answer)) return { refused: false, reason: 'not an HTTP answer' }
    return answer.status === refusal.http
      ? { refused: true }
      : { refused: false, reason: `HTTP ${answer.status} ${JSON.stringify(answer.body)}` }
  }
  if (!('errors' in answer)) return { refused: false, reason: 'not a GraphQL answer' }
  const code = answer.errors?.[0]?.extensions?.['code']
  if ('gql' in refusal) {
    return code === refusal.gql
      ? { refused: true }
      : { refused: false, reason: `answered ${JSON.stringify(answer.errors ?? answer.data)}` }
  }
  if (answer.errors) return { refused: false, reason: `error ${JSON.stringify(answer.errors)}` }
  const data = (answer.data ?? {}) as Record<string, unknown>
  if ('gqlNull' in refusal) {
    return Object.values(data).every((value) => value === null)
      ? { refused: true }
      : { refused: false, reason: `answered ${JSON.stringify(data)}` }
  }
  const value = refusal.gqlValue(data)
  return JSON.stringify(value) === JSON.stringify(refusal.equals)
    ? { refused: true }
    : { refused: false, reason: `answered ${JSON.stringify(data)}` }
}

const CART = 'id isCompleted items { id skuId quantity message } promoCode'
const CHECKOUT_RESULT = 'email billingAddress { firstName lastName addressLine1 } cart { id }'

/** The matrix: one row per id-taking operation. */
const MATRIX: MatrixRow[] = [
  // ---------------------------------------------------------------- carts (owner: carts.user_id)
  {
    operation: "getCart(id) — B reads A's cart",
    covers: ['GeinsMerchantApiQuery.getCart.id'],
    guard: 'owner',
    attack: (h, f) => h.gql(f.b, `query ($id: String) { getCart(id: $id) { ${CART} } }`, { id: f.cartId }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "getCart(id) — a guest reads A's cart",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.guest, `query ($id: String) { getCart(id: $id, includeCompleted: true) { ${CART} } }`, {
        id: f.cartId,
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "getCart(id, includeCompleted) — B reads A's ordered cart",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.b, `query ($id: String) { getCart(id: $id, includeCompleted: true) { ${CART} } }`, {
        id: f.orderCartId,
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "addToCart(id) — B adds to A's cart",
    covers: ['GeinsMerchantApiMutation.addToCart.id', 'CartItemInputType.skuId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.stockFive}, quantity: 1 }) { ${CART} } }`,
        { id: f.cartId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "updateCartItem(id, item.id) — B empties A's cart line",
    covers: ['GeinsMerchantApiMutation.updateCartItem.id', 'CartItemInputType.id'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `mutation ($id: String!, $line: ID) { updateCartItem(id: $id, item: { id: $line, quantity: 0 }) { ${CART} } }`,
        { id: f.cartId, line: f.lineId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "updateCartItem(id: B's cart, item.id: A's line) — B names A's line in B's own cart",
    covers: [],
    guard: 'owner',
    attack: async (h, f) => {
      const own = await h.gql<{ getCart: { id: string } }>(f.b, `query { getCart { id } }`)
      return h.gql(
        f.b,
        `mutation ($id: String!, $line: ID) { updateCartItem(id: $id, item: { id: $line, quantity: 0 }) { ${CART} } }`,
        { id: own.data!.getCart.id, line: f.lineId },
      )
    },
    refusal: { gql: 'NOT_FOUND' },
    changesOwnData: true,
  },
  {
    operation: "setCartPromoCode(id) — B sets a code on A's cart",
    covers: ['GeinsMerchantApiMutation.setCartPromoCode.id'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($id: String!) { setCartPromoCode(id: $id, promoCode: "") { ${CART} } }`, {
        id: f.cartId,
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "setCartPromoCode(promoCode: A's bonus voucher) — B redeems A's voucher",
    covers: ['GeinsMerchantApiMutation.setCartPromoCode.promoCode'],
    guard: 'owner',
    attack: async (h, f) => {
      const own = await h.gql<{ getCart: { id: string } }>(f.b, `query { getCart { id } }`)
      const id = own.data!.getCart.id
      await h.gql(
        f.b,
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
        {
          id,
        },
      )
      return h.gql(
        f.b,
        `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { ${CART} } }`,
        {
          id,
          code: A_VOUCHER,
        },
      )
    },
    refusal: { gql: 'InvalidPromoCode' },
    changesOwnData: true,
  },
  {
    operation: "completeCart(id) — B completes A's cart",
    covers: ['GeinsMerchantApiMutation.completeCart.id'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($id: String!) { completeCart(id: $id) { ${CART} } }`, { id: f.cartId }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "mergeCart(id) — B merges A's cart into his account at login",
    covers: ['GeinsMerchantApiMutation.mergeCart.id'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($id: String) { mergeCart(id: $id) { ${CART} } }`, { id: f.cartId }),
    // Sven gets his own cart back; A's is neither in it nor merged away (expectAUnchanged)
    refusal: {
      gqlValue: (data) =>
        (data['mergeCart'] as { items: { message: string | null }[] } | null)?.items.some(
          (item) => item.message === 'A gift for Aino',
        ),
      equals: false,
    },
    changesOwnData: true,
  },
  {
    operation: "createOrUpdateCheckout(cartId) — B reads and overwrites A's checkout",
    covers: [
      'GeinsMerchantApiMutation.createOrUpdateCheckout.cartId',
      'CheckoutInputType.paymentId',
      'CheckoutInputType.shippingId',
    ],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `mutation ($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, checkout: { paymentId: 2, shippingId: 1 }) { ${CHECKOUT_RESULT} } }`,
        { cartId: f.cartId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "checkoutPreview(cartId) — B reads A's checkout (e-mail, address, priced cart)",
    covers: ['GeinsMerchantApiQuery.checkoutPreview.cartId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($cartId: String!) { checkoutPreview(cartId: $cartId, checkout: { paymentId: 2, shippingId: 1 }) { ${CHECKOUT_RESULT} } }`,
        { cartId: f.cartId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "validateOrderCreation(cartId) — B validates A's cart",
    covers: ['GeinsMerchantApiQuery.validateOrderCreation.cartId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($cartId: String!, $checkout: CheckoutInputType!) { validateOrderCreation(cartId: $cartId, checkout: $checkout) { isValid message memberType } }`,
        { cartId: f.cartId, checkout: { ...CHECKOUT, email: sven.email } },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "placeOrder(cartId) — B orders A's cart",
    covers: ['GeinsMerchantApiMutation.placeOrder.cartId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId } }`,
        { cartId: f.cartId, checkout: { ...CHECKOUT, email: sven.email } },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  // ---------------------------------------------------------------- orders (owner: orders.user_id)
  {
    operation: "getOrder(orderId) — B reads A's order",
    covers: ['GeinsMerchantApiQuery.getOrder.orderId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($id: Int!) { getOrder(orderId: $id) { id publicId billingAddress { firstName } } }`,
        {
          id: f.orderId,
        },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "getOrders — B lists orders: none of A's",
    covers: [],
    guard: 'self',
    attack: async (h, f) => {
      const answer = await h.gql<{ getOrders: { id: number }[] }>(f.b, `query { getOrders { id } }`)
      const ids = answer.data?.getOrders.map((order) => order.id) ?? null
      return { ...answer, data: { hasAs: ids === null ? null : ids.includes(f.orderId) } }
    },
    refusal: { gqlValue: (data) => data['hasAs'], equals: false },
  },
  {
    operation: "checkout(id, cartId) — B opens A's confirmation with A's order id and cart id",
    covers: ['GeinsMerchantApiQuery.checkout.id', 'GeinsMerchantApiQuery.checkout.cartId'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) { order { orderId email billingAddress { firstName } } } }`,
        { id: String(f.orderId), cartId: f.orderCartId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "checkout(id, cartId) — a guest opens A's confirmation with A's order id and cart id",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.guest,
        `query ($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) { order { orderId email } } }`,
        { id: String(f.orderId), cartId: f.orderCartId },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "checkout(id) — B opens A's confirmation with the order id alone",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($id: String!) { checkout(id: $id, paymentType: STANDARD) { order { orderId email } } }`,
        {
          id: String(f.orderId),
        },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: 'getOrderPublic(publicOrderId) — a forged confirmation link',
    covers: ['GeinsMerchantApiQuery.getOrderPublic.publicOrderId'],
    guard: 'capability',
    attack: (h, f) =>
      h.gql(f.b, `query ($id: Guid!) { getOrderPublic(publicOrderId: $id) { id } }`, { id: randomUUID() }),
    refusal: { gql: 'NOT_FOUND' },
  },
  // ---------------------------------------------------------------- returns (owner, or proof)
  {
    operation: "getReturnableOrder(orderNumber) — B (signed in) looks up A's order",
    covers: ['GeinsMerchantApiQuery.getReturnableOrder.orderNumber'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(
        f.b,
        `query ($n: String!) { getReturnableOrder(orderNumber: $n) { orderNumber returns { returnNumber } } }`,
        {
          n: String(f.orderId),
        },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "getReturnableOrder(orderNumber, email) — a guest with A's number and the guest's own e-mail",
    covers: [],
    guard: 'proof',
    attack: (h, f) =>
      h.gql(
        f.guest,
        `query ($n: String!, $e: String) { getReturnableOrder(orderNumber: $n, email: $e) { orderNumber } }`,
        { n: String(f.orderId), e: GUEST_EMAIL },
      ),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "getReturnableOrder(orderNumber) — B (signed in) looks up a guest's order without its e-mail",
    covers: [],
    guard: 'proof',
    attack: (h, f) =>
      h.gql(f.b, `query ($n: String!) { getReturnableOrder(orderNumber: $n) { orderNumber } }`, {
        n: String(f.guestOrderId),
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "registerReturn(return.orderNumber, items.itemId) — B returns A's goods",
    covers: ['ReturnInputType.orderNumber', 'ReturnItemInputType.itemId', 'ReturnItemInputType.reasonCode'],
    guard: 'owner',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($r: ReturnInputType!) { registerReturn(return: $r) { returnNumber } }`, {
        r: {
          orderNumber: String(f.orderId),
          items: [{ itemId: f.orderRowId, quantity: 1, reasonCode: 'too-small' }],
        },
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  {
    operation: "registerReturn(return.orderNumber, email) — a guest with A's number and a wrong e-mail",
    covers: [],
    guard: 'proof',
    attack: (h, f) =>
      h.gql(f.guest, `mutation ($r: ReturnInputType!) { registerReturn(return: $r) { returnNumber } }`, {
        r: {
          orderNumber: String(f.orderId),
          email: GUEST_EMAIL,
          items: [{ itemId: f.orderRowId, quantity: 1, reasonCode: 'too-small' }],
        },
      }),
    refusal: { gql: 'NOT_FOUND' },
  },
  // ---------------------------------------------------------------- reviews (owner: reviews.user_id)
  {
    operation: "postProductReview(alias) — B reviews the product A reviewed: A's review stays A's",
    covers: [],
    guard: 'owner',
    attack: async (h, f) => {
      const answer = await h.gql(
        f.b,
        `mutation ($alias: String!) { postProductReview(alias: $alias, rating: 1, author: "Aino", comment: "overwritten") }`,
        { alias: ALIAS },
      )
      const rows = await h.db
        .selectFrom('reviews')
        .select(['user_id', 'rating', 'comment'])
        .where('user_id', '=', aino.userId)
        .execute()
      // refusal here means: A's row untouched (B's own review is B's)
      return { status: answer.status, data: { aReviews: rows }, errors: undefined }
    },
    refusal: {
      gqlValue: (data) => data['aReviews'],
      equals: [{ user_id: aino.userId, rating: 5, comment: 'Aino loves it' }],
    },
    changesOwnData: true,
  },
  // ---------------------------------------------------------------- users (self)
  {
    operation: 'getUser with a token signed by another key for A',
    covers: [],
    guard: 'self',
    attack: async (h) => {
      const { privateKey } = await generateKeyPair('ES256')
      const forged = await new SignJWT({ email: aino.email, customerType: 'PERSON' })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
        .setSubject(aino.userId)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey)
      return h.gql(
        { userId: aino.userId, email: aino.email, token: forged },
        `query { getUser { id email } }`,
      )
    },
    refusal: { gql: 'UNAUTHENTICATED' },
  },
  {
    operation: "getUser with A's own token, expired",
    covers: [],
    guard: 'self',
    attack: async (h) => {
      const expired = await h.customer(aino, new Date(Date.now() - 60 * 60_000))
      return h.gql(expired, `query { getUser { id email } }`)
    },
    refusal: { gql: 'UNAUTHENTICATED' },
  },
  {
    operation: 'getUser with an unsigned token (alg none) for A',
    covers: [],
    guard: 'self',
    attack: (h) => {
      const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const now = Math.floor(Date.now() / 1000)
      const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: aino.userId, email: aino.email, iat: now, exp: now + 600 })}.`
      return h.gql({ userId: aino.userId, email: aino.email, token }, `query { getUser { id email } }`)
    },
    refusal: { gql: 'UNAUTHENTICATED' },
  },
  {
    operation: 'updateUser — B changes B only (no id argument)',
    covers: [],
    guard: 'self',
    attack: (h, f) =>
      h
        .gql<{ updateUser: { id: string } }>(
          f.b,
          `mutation { updateUser(user: { address: { firstName: "Mallory" } }) { id } }`,
        )
        .then((answer) => ({
          ...answer,
          data: { whose: answer.data?.updateUser.id === aino.userId ? 'A' : 'B' },
        })),
    refusal: { gqlValue: (data) => data['whose'], equals: 'B' },
    changesOwnData: true,
  },
  {
    operation: 'commitReset(resetKey) — a guessed reset key',
    covers: ['GeinsMerchantApiMutation.commitReset.resetKey'],
    guard: 'capability',
    attack: (h, f) =>
      h.gql(
        f.guest,
        `mutation ($key: String!, $password: String!) { commitReset(resetKey: $key, password: $password) }`,
        {
          key: randomUUID().replace(/-/g, ''),
          password: Buffer.alloc(48, 7).toString('base64'),
        },
      ),
    refusal: { gql: 'ResetKeyExpired' },
  },
  // ---------------------------------------------------------------- mail links (signed tokens)
  {
    operation: "unsubscribeFromMails(token) — B's own link altered to A's address",
    covers: ['GeinsMerchantApiMutation.unsubscribeFromMails.token'],
    guard: 'capability',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($t: String!) { unsubscribeFromMails(token: $t) { outcome } }`, {
        t: alteredLink(h, 'newsletter-unsubscribe'),
      }),
    refusal: { gqlValue: (data) => data['unsubscribeFromMails'], equals: { outcome: 'INVALID' } },
  },
  {
    operation: "confirmNewsletterSubscription(token) — B's own link altered to A's address",
    covers: ['GeinsMerchantApiMutation.confirmNewsletterSubscription.token'],
    guard: 'capability',
    attack: (h, f) =>
      h.gql(f.b, `mutation ($t: String!) { confirmNewsletterSubscription(token: $t) { outcome } }`, {
        t: alteredLink(h, 'newsletter-confirm'),
      }),
    refusal: { gqlValue: (data) => data['confirmNewsletterSubscription'], equals: { outcome: 'INVALID' } },
  },
  // ---------------------------------------------------------------- favourites (likes service)
  {
    operation: "GET /likes/users/{A}/products — B reads A's favourites",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'GET', `/likes/users/${aino.userId}/products`),
    refusal: { http: 403 },
  },
  {
    operation: "POST /likes/users/{A}/products — B replaces A's favourites",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'POST', `/likes/users/${aino.userId}/products`, [3]),
    refusal: { http: 403 },
  },
  {
    operation: "GET /likes/users/{A}/migrated — B reads A's migration flag",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'GET', `/likes/users/${aino.userId}/migrated`),
    refusal: { http: 403 },
  },
  {
    operation: "POST /likes/users/{A}/migrated — B marks A's favourites migrated",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'POST', `/likes/users/${aino.userId}/migrated`),
    refusal: { http: 403 },
  },
  {
    operation: 'GET /likes/users/{A}/products — a guest',
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.guest, 'GET', `/likes/users/${aino.userId}/products`),
    refusal: { http: 401 },
  },
  // ---------------------------------------------------------------- loyalty contact and vouchers
  {
    operation: "GET /api/loyalty/get-contact?email={A} — B reads A's contact",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.http(f.b, 'GET', `/api/loyalty/get-contact?email=${encodeURIComponent(aino.email)}&countryCode=FI`),
    refusal: { http: 403 },
  },
  {
    operation: "POST /api/loyalty/member?id={A's contact} — B makes A a member",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'POST', `/api/loyalty/member?id=${f.contactId}&isMember=true`),
    refusal: { http: 403 },
  },
  {
    operation: "POST /api/loyalty/save-consent?id={A's contact} — B changes A's consents",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.http(f.b, 'POST', `/api/loyalty/save-consent?id=${f.contactId}&acceptsEmail=false&acceptsSms=true`),
    refusal: { http: 403 },
  },
  {
    operation:
      "POST /api/loyalty/save-consent?id={A's contact}&removeAccount — B removes A's loyalty account",
    covers: [],
    guard: 'owner',
    attack: (h, f) => h.http(f.b, 'POST', `/api/loyalty/save-consent?id=${f.contactId}&removeAccount=true`),
    refusal: { http: 403 },
  },
  {
    operation: "GET /api/loyalty/set-discovery-key?discoveryKey={A's} — B takes A's search identity",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.http(f.b, 'GET', `/api/loyalty/set-discovery-key?discoveryKey=${encodeURIComponent(f.discoveryKey)}`),
    refusal: { http: 409 },
  },
  {
    operation:
      "GET /api/loyalty/set-discovery-key?discoveryKey={A's} — a guest names A's key: the answer of any key, A's contact not linked",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.http(
        f.guest,
        'GET',
        `/api/loyalty/set-discovery-key?discoveryKey=${encodeURIComponent(f.discoveryKey)}`,
      ),
    refusal: { http: 200 },
  },
  {
    operation: 'GET /api/loyalty/overview — B sees only B (no id argument)',
    covers: [],
    guard: 'self',
    attack: async (h, f) => {
      const answer = await h.http(f.b, 'GET', '/api/loyalty/overview')
      return {
        status: JSON.stringify(answer.body).includes(A_VOUCHER) ? 500 : answer.status,
        body: answer.body,
      }
    },
    refusal: { http: 200 },
    changesOwnData: true,
  },
  // ---------------------------------------------------------------- back office (admin key only)
  {
    operation: "POST /admin/api/orders/{A's order}/ship — B with a customer token",
    covers: [],
    guard: 'owner',
    attack: (h, f) =>
      h.http(f.b, 'POST', `/admin/api/orders/${f.orderId}/ship`, {
        carrier: 'posti',
        trackingNumber: 'JJFI1',
      }),
    refusal: { http: 401 },
  },
  // ---------------------------------------------------------------- customer status (finding 8)
  {
    operation: "validateOrderCreation(B's cart, checkout.email: A's) — A's member and credit status stay A's",
    covers: [],
    guard: 'self',
    attack: async (h, f) => {
      const own = await h.gql<{ getCart: { id: string } }>(f.b, `query { getCart { id } }`)
      const answer = await h.gql<{
        validateOrderCreation: { memberType: string | null; message: string | null }
      }>(
        f.b,
        `query ($cartId: String!, $checkout: CheckoutInputType!) { validateOrderCreation(cartId: $cartId, checkout: $checkout) { memberType message } }`,
        { cartId: own.data!.getCart.id, checkout: CHECKOUT },
      )
      const result = answer.data?.validateOrderCreation
      return { ...answer, data: { memberType: result ? result.memberType : 'no answer' } }
    },
    refusal: { gqlValue: (data) => data['memberType'], equals: null },
    changesOwnData: true,
  },
  // ---------------------------------------------------------------- payments (capability)
  {
    operation: 'GET /pay/orders/{reference} — a forged payment reference',
    covers: [],
    guard: 'capability',
    attack: (h, f) => h.http(f.b, 'GET', `/pay/orders/${randomUUID()}`),
    refusal: { http: 404 },
  },
  // ---------------------------------------------------------------- search session (capability)
  {
    operation: "autocomplete?customerKey&sessionKey — B's own keys show none of A's recent searches",
    covers: [],
    guard: 'capability',
    attack: async (h, f) => {
      const params = new URLSearchParams({
        market: 'fi',
        locale: 'fi-FI',
        touchpoint: 'desktop',
        customerKey: randomUUID(),
        sessionKey: randomUUID(),
      })
      const answer = await h.http(f.b, 'GET', `${SEARCH_MOUNT}/queries/autocomplete?${params}`)
      const recent = (answer.body as { recentSearches?: { q: string }[] }).recentSearches ?? null
      return { status: answer.status, data: { recent }, errors: undefined }
    },
    refusal: { gqlValue: (data) => data['recent'], equals: [] },
    changesOwnData: true,
  },
]

/** A mail link of B's, its claims changed to A's address and B's signature kept. */
function alteredLink(h: SecurityHarness, purpose: 'newsletter-unsubscribe' | 'newsletter-confirm'): string {
  const now = Date.now()
  const claims =
    purpose === 'newsletter-confirm'
      ? { p: purpose, e: sven.email, r: now, x: now + 86_400_000 }
      : { p: purpose, e: sven.email }
  const own = signMailLink(h.config, claims)
  const [, mac] = own.split('.')
  const forged = Buffer.from(JSON.stringify({ ...claims, e: aino.email })).toString('base64url')
  return `${forged}.${mac}`
}

/**
 * Arguments that name public catalogue or configuration facts (no shopper owns them), and
 * e-mail-keyed requests that reveal nothing about an address (they answer the same for any).
 */
const PUBLIC_ARGUMENTS: Record<string, string> = {
  'GeinsMerchantApiQuery.product.productId': 'catalogue',
  'GeinsMerchantApiQuery.categories.parentCategoryId': 'catalogue',
  'FilterInputType.productIds': 'catalogue',
  'Subscription.productStockChanged.productId': 'catalogue (stock is public)',
  'GeinsMerchantApiMutation.monitorProductAvailability.skuId': 'catalogue; double opt-in by mail',
  'GeinsMerchantApiMutation.requestStockNotification.skuId': 'catalogue; double opt-in by mail',
  'CheckoutInputType.externalShippingId': 'shipping option of the market (public)',
  'GeinsMerchantApiQuery.pickupPoints.shippingId': 'shipping option of the market (public)',
  // what shoppers type about themselves, never a reference to something stored
  'AddressInputType.entryCode': "the shopper's own door code",
  'CheckoutInputType.identityNumber': "the shopper's own personal id",
  'UserInputType.personalId': "the signed-in user's own personal id",
  'UserInputType.organizationId': "the signed-in user's own organisation number",
  'CartItemInputType.groupKey': 'accepted for Geins compatibility and ignored',
}

/** The scope arguments every operation takes: a market and language, not an owned thing. */
const SCOPE_ARGUMENTS = new Set(['channelId', 'languageId', 'marketId'])
const ID_LIKE = /(^id$|Id$|Ids$|Number$|Code$|^token$|Key$)/

/** Every id-like argument of every operation, with input types' fields followed. */
function idLikeArguments(): string[] {
  const schema = buildSchema(loadSchemaSource())
  const found = new Set<string>()
  const seenInputs = new Set<string>()
  const visitInput = (name: string) => {
    if (seenInputs.has(name)) return
    seenInputs.add(name)
    const type = schema.getType(name)
    if (!isInputObjectType(type)) return
    for (const field of Object.values(type.getFields())) {
      if (ID_LIKE.test(field.name)) found.add(`${name}.${field.name}`)
      const named = getNamedType(field.type)
      if (isInputObjectType(named)) visitInput(named.name)
    }
  }
  const visitArgument = (owner: string, arg: GraphQLArgument) => {
    if (SCOPE_ARGUMENTS.has(arg.name)) return
    if (ID_LIKE.test(arg.name)) found.add(`${owner}.${arg.name}`)
    // an input type's id fields are named once, by the input type (shared by its operations)
    const named = getNamedType(arg.type)
    if (isInputObjectType(named)) visitInput(named.name)
  }
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!root) continue
    for (const field of Object.values(root.getFields())) {
      for (const arg of field.args) visitArgument(`${root.name}.${field.name}`, arg)
    }
  }
  return [...found].sort()
}

describeEachDatabase('IDOR matrix on %s', (kind) => {
  let h: SecurityHarness
  let f: Fixtures

  beforeAll(async () => {
    h = await startSecurityHarness(kind)
    const a = await h.customer(aino)
    const b = await h.customer(sven)
    const guest: Caller = { userId: null, email: null, token: null }
    f = await makeFixtures(h, a, b, guest)
  }, 180_000)
  afterAll(async () => {
    await h?.close()
  })

  for (const row of MATRIX) {
    it(`${row.guard}: ${row.operation}`, async () => {
      const before = await shopperDataSnapshot(h.db)
      const answer = await row.attack(h, f)
      expect(outcome(answer, row.refusal)).toEqual({ refused: true })
      // none of A's identifying data is in the answer
      const text = JSON.stringify('body' in answer ? answer.body : (answer.data ?? null))
      for (const secret of [aino.email, 'Mannerheimintie', f.orderPublicId, f.contactId, A_VOUCHER]) {
        expect(text).not.toContain(secret)
      }
      if (!row.changesOwnData) expect(await shopperDataSnapshot(h.db)).toBe(before)
      await expectAUnchanged(h, f)
    })
  }

  it('the fixtures are reachable by their owner (so each refusal above is a refusal, not a typo)', async () => {
    const cart = await h.gql<{ getCart: { id: string } }>(
      f.a,
      `query ($id: String) { getCart(id: $id) { id } }`,
      {
        id: f.cartId,
      },
    )
    expect(cart.data?.getCart.id).toBe(f.cartId)
    const order = await h.gql<{ getOrder: { id: number } }>(
      f.a,
      `query ($id: Int!) { getOrder(orderId: $id) { id } }`,
      {
        id: f.orderId,
      },
    )
    expect(order.data?.getOrder.id).toBe(f.orderId)
    const confirmation = await h.gql(
      f.a,
      `query ($id: String!, $cartId: String) { checkout(id: $id, cartId: $cartId, paymentType: STANDARD) { order { orderId } } }`,
      { id: String(f.orderId), cartId: f.orderCartId },
    )
    expect(confirmation.errors).toBeUndefined()
    const returnable = await h.gql<{ getReturnableOrder: { returns: { returnNumber: string }[] } }>(
      f.a,
      `query ($n: String!) { getReturnableOrder(orderNumber: $n) { returns { returnNumber } } }`,
      { n: String(f.orderId) },
    )
    expect(returnable.data?.getReturnableOrder.returns).toEqual([{ returnNumber: f.returnNumber }])
    const guestReturnable = await h.gql(
      f.guest,
      `query ($n: String!, $e: String) { getReturnableOrder(orderNumber: $n, email: $e) { orderNumber } }`,
      { n: String(f.guestOrderId), e: GUEST_EMAIL },
    )
    expect(guestReturnable.errors).toBeUndefined()
    expect((await h.http(f.a, 'GET', `/likes/users/${aino.userId}/products`)).body).toEqual(f.favourites)
    const contact = await h.http(
      f.a,
      'GET',
      `/api/loyalty/get-contact?email=${encodeURIComponent(aino.email)}`,
    )
    expect(contact.status).toBe(200)
    expect((await h.http(f.a, 'GET', `/pay/orders/${f.paymentReference}`)).status).toBe(200)
  })

  it('every id-like argument of the schema has a row or is a public fact', () => {
    const covered = new Set([...MATRIX.flatMap((row) => row.covers), ...Object.keys(PUBLIC_ARGUMENTS)])
    const missing = idLikeArguments().filter((argument) => !covered.has(argument))
    expect(missing).toEqual([])
    // and no row or public entry names an argument the schema no longer has
    const existing = new Set(idLikeArguments())
    expect([...covered].filter((argument) => !existing.has(argument))).toEqual([])
  })
})

/** A's things and a guest's, each made the way a shopper makes it. */
async function makeFixtures(h: SecurityHarness, a: Caller, b: Caller, guest: Caller): Promise<Fixtures> {
  const gql = async <T>(caller: Caller, query: string, variables: Record<string, unknown> = {}) => {
    const answer = await h.gql<T>(caller, query, variables)
    expect(answer.errors, query).toBeUndefined()
    return answer.data as T
  }
  const newCart = async (caller: Caller, quantity: number) => {
    const { getCart } = await gql<{ getCart: { id: string } }>(caller, `query { getCart { id } }`)
    const added = await gql<{ addToCart: { items: { id: string }[] } }>(
      caller,
      `mutation ($id: String!, $m: String) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: ${quantity}, message: $m }) { items { id } } }`,
      { id: getCart.id, m: 'A gift for Aino' },
    )
    return { cartId: getCart.id, lineId: added.addToCart.items[0]!.id }
  }
  const order = async (caller: Caller, email: string, paymentId: number) => {
    const { cartId } = await newCart(caller, 2)
    const placed = await gql<{ placeOrder: { orderId: string; publicId: string } }>(
      caller,
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId } }`,
      { cartId, checkout: { ...CHECKOUT, email, paymentId } },
    )
    return { cartId, orderId: Number(placed.placeOrder.orderId), publicId: placed.placeOrder.publicId }
  }
  const deliver = async (orderId: number) => {
    expect(
      (
        await h.admin('POST', `/orders/${orderId}/ship`, {
          carrier: 'posti',
          trackingNumber: `JJFI${orderId}000`,
        })
      ).status,
    ).toBe(200)
    expect((await h.admin('POST', `/orders/${orderId}/deliver`, {})).status).toBe(200)
  }

  const open = await newCart(a, 1)
  await gql(
    a,
    `mutation ($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, checkout: { email: "${aino.email}", billingAddress: { firstName: "Aino", lastName: "Asiakas", addressLine1: "Mannerheimintie 1", zip: "00100", city: "Helsinki" } }) { email } }`,
    { cartId: open.cartId },
  )
  const placed = await order(a, aino.email, 2)
  await deliver(placed.orderId)
  const [row] = await h.db
    .selectFrom('order_rows')
    .select('order_row_id')
    .where('order_id', '=', placed.orderId)
    .execute()
  const registered = await gql<{ registerReturn: { returnNumber: string } }>(
    a,
    `mutation ($r: ReturnInputType!) { registerReturn(return: $r) { returnNumber } }`,
    {
      r: {
        orderNumber: String(placed.orderId),
        items: [{ itemId: row!.order_row_id, quantity: 1, reasonCode: 'too-large' }],
      },
    },
  )
  // a card order waiting for its payment: the payment page's reference, from its confirmation
  const card = await order(a, aino.email, 1)
  const pending = await gql<{ checkout: { paymentUrl: string } }>(
    a,
    `query ($id: String!) { checkout(id: $id, paymentType: STANDARD) { paymentUrl } }`,
    { id: card.publicId },
  )
  const paymentReference = /\/pay\/orders\/([0-9a-f-]{36})/.exec(pending.checkout.paymentUrl)![1]!

  await gql(
    a,
    `mutation ($alias: String!) { postProductReview(alias: $alias, rating: 5, author: "Aino", comment: "Aino loves it") }`,
    {
      alias: ALIAS,
    },
  )
  const favourites = [FIXTURE_PRODUCTS.satinDress.productId, 2]
  expect((await h.http(a, 'POST', `/likes/users/${aino.userId}/products`, favourites)).status).toBe(200)
  const contact = await h.http(
    a,
    'GET',
    `/api/loyalty/get-contact?email=${encodeURIComponent(aino.email)}&countryCode=FI`,
  )
  expect(contact.status).toBe(200)
  const contactId = (contact.body as { id: string }).id
  const discoveryKey = randomUUID()
  expect((await h.http(a, 'GET', `/api/loyalty/set-discovery-key?discoveryKey=${discoveryKey}`)).status).toBe(
    200,
  )
  await h.db
    .insertInto('loyalty_vouchers')
    .values({
      code: A_VOUCHER,
      contact_id: contactId,
      user_id: aino.userId,
      market_alias: 'fi',
      currency_code: 'EUR',
      amount: 500,
      minimum_purchase: 0,
      points: 200,
      expires_at: new Date(Date.now() + 90 * 86_400_000),
    })
    .execute()

  const guestCart = await newCart(guest, 1)
  const guestOrder = await order(guest, GUEST_EMAIL, 2)
  await deliver(guestOrder.orderId)

  const searchKeys = { customerKey: randomUUID(), sessionKey: randomUUID() }
  const phrase = 'aino etsii mekkoa'
  const searched = await h.http(
    a,
    'GET',
    `${SEARCH_MOUNT}/queries/search-page?${new URLSearchParams({ market: 'fi', locale: 'fi-FI', touchpoint: 'desktop', ...searchKeys, q: phrase })}`,
  )
  expect(searched.status).toBe(200)

  return {
    a,
    b,
    guest,
    cartId: open.cartId,
    lineId: open.lineId,
    orderId: placed.orderId,
    orderCartId: placed.cartId,
    orderPublicId: placed.publicId,
    returnNumber: registered.registerReturn.returnNumber,
    orderRowId: row!.order_row_id,
    guestCartId: guestCart.cartId,
    guestOrderId: guestOrder.orderId,
    contactId,
    discoveryKey,
    favourites,
    paymentReference,
    search: { ...searchKeys, phrase },
  }
}

/** What A owns, read straight from the database, is as the fixtures made it. */
async function expectAUnchanged(h: SecurityHarness, f: Fixtures) {
  const cart = await h.db
    .selectFrom('carts')
    .select(['user_id', 'is_completed', 'promo_code'])
    .where('cart_id', '=', f.cartId)
    .executeTakeFirstOrThrow()
  expect(cart).toEqual({ user_id: aino.userId, is_completed: false, promo_code: null })
  const lines = await h.db
    .selectFrom('cart_items')
    .select(['sku_id', 'quantity'])
    .where('cart_id', '=', f.cartId)
    .execute()
  expect(lines).toEqual([{ sku_id: SKU.inStock, quantity: 1 }])
  const voucher = await h.db
    .selectFrom('loyalty_vouchers')
    .select(['user_id', 'redeemed_order_id'])
    .where('code', '=', A_VOUCHER)
    .executeTakeFirstOrThrow()
  expect(voucher).toEqual({ user_id: aino.userId, redeemed_order_id: null })
  const contact = await h.db
    .selectFrom('loyalty_contacts')
    .select(['user_id', 'is_member', 'discovery_key', 'accepts_sms'])
    .where('contact_id', '=', f.contactId)
    .executeTakeFirstOrThrow()
  expect(contact).toMatchObject({
    user_id: aino.userId,
    is_member: false,
    discovery_key: f.discoveryKey,
    accepts_sms: false,
  })
  const returns = await h.db
    .selectFrom('order_returns')
    .select('return_number')
    .where('order_id', '=', f.orderId)
    .execute()
  expect(returns).toEqual([{ return_number: f.returnNumber }])
  const recent = await h.http(
    f.a,
    'GET',
    `${SEARCH_MOUNT}/queries/autocomplete?${new URLSearchParams({ market: 'fi', locale: 'fi-FI', touchpoint: 'desktop', customerKey: f.search.customerKey, sessionKey: f.search.sessionKey })}`,
  )
  expect((recent.body as { recentSearches: { q: string }[] }).recentSearches).toEqual([
    { q: f.search.phrase },
  ])
}
