/**
 * The user API on the real database (docs/adr/0020-user-api.md): a user reads and changes only
 * their own account, UNAUTHENTICATED without a token; deleting an account removes the personal
 * data and keeps the orders without the person; the password reset goes through the mail
 * service's outbox with a single-use key of one hour; their orders show items, shipments,
 * returns, refunds and the invoice fields.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FIXTURE_CUSTOMERS, FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { toJson } from '../../../server/db/schema'
import { createMailer, outboxDirectory, type Mailer } from '../../../server/services/mail'
import { usersDb } from '../../../server/services/graphql/users/db'
import { passwordHasher } from '../../../server/services/shared/password-hash'
import { passwordDigest } from '../../../src/shared/password-digest'
import { login, loginRequest, refreshRequest, registerAndLogin } from '../helpers/auth'
import { API_KEY, errorCodes, plain, startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const { aino, nora } = FIXTURE_CUSTOMERS
const SKU = FIXTURE_PRODUCTS.satinDress.skus
/** base64 SHA-384 digests as the storefront sends them (64 characters) */
const DIGEST = 'A'.repeat(64)
const NEW_DIGEST = 'B'.repeat(64)

const USER_FIELDS = `id email gender customerType newsletter sms personalId organizationId memberType memberId
  metaData createdAt address { firstName lastName addressLine1 zip city mobile }
  balances { currency amount amountFormatted } availableChannels { channelId availableMarkets }`
const GET_USER = `query { getUser { ${USER_FIELDS} } }`
const UPDATE_USER = `mutation ($user: UserInputType!) { updateUser(user: $user) { ${USER_FIELDS} } }`
const DELETE_USER = `mutation { deleteUser }`
const REQUEST_RESET = `mutation ($email: String!, $languageId: String) {
  requestPasswordReset(email: $email, languageId: $languageId) }`
const COMMIT_RESET = `mutation ($key: String!, $password: String!) { commitReset(resetKey: $key, password: $password) }`
const ORDER_FIELDS = `id status paymentKind invoiceDueDate isPaid createdAt
  cart { items { id skuId quantity product { articleNumber } } }
  shippingDetails { name parcelNumber trackingLink shippingDate }
  returns { itemId articleNumber reason reasonCode createdAt }
  refunds { itemId articleNumber total reason toBalance }`
const GET_ORDERS = `query { getOrders { ${ORDER_FIELDS} } }`
const GET_ORDER = `query ($orderId: Int!) { getOrder(orderId: $orderId) { ${ORDER_FIELDS} } }`
const REVIEW = `mutation ($alias: String!, $author: String!, $comment: String!, $rating: Int!) {
  postProductReview(alias: $alias, author: $author, comment: $comment, rating: $rating) }`
const VALIDATE = `query ($cartId: String!, $checkout: CheckoutInputType!) {
  validateOrderCreation(cartId: $cartId, checkout: $checkout) { isValid message memberType paymentType } }`

interface UserJson {
  id: string
  email: string
  newsletter: boolean
  sms: boolean
  personalId: string | null
  metaData: string | null
  address: { firstName: string; lastName: string; addressLine1: string; zip: string; city: string }
  balances: { currency: string; amount: number; amountFormatted: string }[]
}

interface OrderJson {
  id: number
  status: string
  paymentKind: string
  invoiceDueDate: string | null
  isPaid: boolean
  createdAt: string
  cart: { items: { id: string; skuId: number; quantity: number }[] }
  shippingDetails: { parcelNumber: string | null; trackingLink: string | null }[]
  returns: { itemId: number | null; articleNumber: string | null; reason: string | null }[]
  refunds: { total: number }[]
}

describeEachDatabase('user API on %s', (kind) => {
  let api: CommerceApi
  let dataDir: string
  let mailer: Mailer
  let counter = 0

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-users-'))
    mailer = createMailer({
      database: api.database,
      config: { dataDir, smtpUrl: undefined, publicUrl: api.config.publicUrl },
    })
    await mailer.start()
  })
  afterAll(async () => {
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  /** A new account of this test file (no password), with a bearer token. */
  async function newCustomer(firstName = 'Testi') {
    counter += 1
    const email = `user-api-${counter}-${kind}@example.fi`
    const row = await api.db
      .insertInto('users')
      .values({ email, first_name: firstName, password_hash: 'unusable' })
      .returning('user_id')
      .executeTakeFirstOrThrow()
    return { id: row.user_id, email, token: await api.tokenFor({ id: row.user_id, email }) }
  }

  /** A cart of the shopper (anonymous without a token) with one item in stock. */
  async function cartWithItem(token?: string): Promise<string> {
    const auth = token ? { token } : {}
    const cart = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`, {}, auth)
    const cartId = cart.data!.getCart.id
    const added = await api.gql(
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
      { id: cartId },
      auth,
    )
    expect(added.errors).toBeUndefined()
    return cartId
  }

  /** An invoice order's checkout in the Finnish market. */
  const checkoutFor = (email: string) => ({
    email,
    paymentId: 2,
    shippingId: 1,
    billingAddress: {
      firstName: 'Testi',
      lastName: 'Asiakas',
      addressLine1: 'Mannerheimintie 1',
      zip: '00100',
      city: 'Helsinki',
    },
  })

  async function placeOrder(token: string, email: string): Promise<number> {
    const placed = await api.gql<{ placeOrder: { orderId: string } }>(
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      { cartId: await cartWithItem(token), checkout: checkoutFor(email) },
      { token },
    )
    expect(placed.errors).toBeUndefined()
    return Number(placed.data!.placeOrder.orderId)
  }

  async function outboxFiles(): Promise<string[]> {
    try {
      return (await readdir(outboxDirectory(dataDir))).sort()
    } catch {
      return []
    }
  }

  /** The text of an outbox file with quoted-printable soft breaks and escapes decoded. */
  async function readMail(file: string): Promise<string> {
    const raw = await readFile(path.join(outboxDirectory(dataDir), file), 'utf8')
    return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  }

  function keyFrom(mail: string): string {
    const match = /\/account\/reset-password\?key=([A-Za-z0-9_-]{43})/.exec(mail)
    expect(match, 'the mail holds a reset link').not.toBeNull()
    return match![1]!
  }

  async function resetMailFor(email: string, languageId?: string): Promise<{ file: string; mail: string }> {
    const before = await outboxFiles()
    const response = await api.gql(REQUEST_RESET, { email, languageId })
    expect(response.data).toEqual({ requestPasswordReset: true })
    expect(await mailer.sendDue()).toBe(1)
    const added = (await outboxFiles()).filter((file) => !before.includes(file))
    expect(added).toHaveLength(1)
    return { file: added[0]!, mail: await readMail(added[0]!) }
  }

  describe('getUser and updateUser', () => {
    it('answers UNAUTHENTICATED without a token or with a forged one, changing nothing', async () => {
      const ainoRow = () =>
        api.db.selectFrom('users').selectAll().where('user_id', '=', aino.userId).executeTakeFirst()
      const before = await ainoRow()
      expect(errorCodes(await api.gql(GET_USER))).toEqual(['UNAUTHENTICATED'])
      expect(errorCodes(await api.gql(UPDATE_USER, { user: { sms: true } }))).toEqual(['UNAUTHENTICATED'])
      expect(errorCodes(await api.gql(DELETE_USER))).toEqual(['UNAUTHENTICATED'])
      const forged = `${(await api.tokenFor({ id: aino.userId })).slice(0, -4)}AAAA`
      expect(errorCodes(await api.gql(GET_USER, {}, { token: forged }))).toEqual(['UNAUTHENTICATED'])
      expect(errorCodes(await api.gql(UPDATE_USER, { user: { sms: true } }, { token: forged }))).toEqual([
        'UNAUTHENTICATED',
      ])
      expect(errorCodes(await api.gql(DELETE_USER, {}, { token: forged }))).toEqual(['UNAUTHENTICATED'])
      expect(await ainoRow()).toEqual(before)
    })

    it("reads the signed-in user's own account with balances", async () => {
      const token = await api.tokenFor({ id: aino.userId })
      const response = await api.gql<{ getUser: UserJson }>(GET_USER, {}, { token })
      expect(response.errors).toBeUndefined()
      expect(plain(response.data!.getUser.balances[0]!.amountFormatted)).toBe('15,00 €')
      expect(response.data!.getUser).toMatchObject({
        id: aino.userId,
        email: aino.email,
        address: { firstName: aino.firstName },
        balances: [{ currency: 'EUR', amount: 15, amountFormatted: expect.any(String) }],
      })
    })

    it("changes only the signed-in user's row, and the change persists", async () => {
      const a = await newCustomer('Anna')
      const b = await newCustomer('Bertta')
      const bBefore = await api.db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', b.id)
        .executeTakeFirst()
      const user = {
        address: {
          firstName: 'Anna',
          lastName: 'Asiakas',
          addressLine1: ' Aleksanterinkatu 5 ',
          zip: '00100',
          city: 'Helsinki',
          mobile: '+358401234567',
        },
        newsletter: true,
        sms: true,
        gender: 'WOMAN',
        personalId: '131052-308T',
        metaData: '{"favourites":[1,2]}',
      }
      const updated = await api.gql<{ updateUser: UserJson }>(UPDATE_USER, { user }, { token: a.token })
      expect(updated.errors).toBeUndefined()
      // the newsletter box asks for a confirmation by e-mail first (double opt-in, ADR 0031)
      expect(updated.data!.updateUser).toMatchObject({ id: a.id, newsletter: false, sms: true })
      const again = await api.gql<{ getUser: UserJson }>(GET_USER, {}, { token: a.token })
      expect(again.data!.getUser).toMatchObject({
        email: a.email,
        newsletter: false,
        sms: true,
        personalId: '131052-308T',
        metaData: '{"favourites":[1,2]}',
        address: { firstName: 'Anna', addressLine1: 'Aleksanterinkatu 5', zip: '00100' },
      })
      const stored = await api.db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'phone', 'gender'])
        .where('user_id', '=', a.id)
        .executeTakeFirstOrThrow()
      expect(stored).toEqual({
        first_name: 'Anna',
        last_name: 'Asiakas',
        phone: '+358401234567',
        gender: 'WOMAN',
      })
      const confirmMail = await api.db
        .selectFrom('mail_messages')
        .select('payload')
        .where('kind', '=', 'newsletter-confirm')
        .where('recipient', '=', a.email)
        .executeTakeFirstOrThrow()
      const confirmUrl = new URL((confirmMail.payload as { actionUrl: string }).actionUrl)
      const confirmed = await api.gql(
        `mutation ($token: String!) { confirmNewsletterSubscription(token: $token) { outcome } }`,
        { token: confirmUrl.searchParams.get('token') },
      )
      expect(confirmed.data).toEqual({ confirmNewsletterSubscription: { outcome: 'DONE' } })
      // a partial update keeps the rest
      await api.gql(UPDATE_USER, { user: { sms: false } }, { token: a.token })
      const partial = await api.gql<{ getUser: UserJson }>(GET_USER, {}, { token: a.token })
      expect(partial.data!.getUser).toMatchObject({ sms: false, newsletter: true, personalId: '131052-308T' })
      // unticking the box unsubscribes the address from the list at once, with the consent's source
      const unticked = await api.gql<{ updateUser: UserJson }>(
        UPDATE_USER,
        { user: { newsletter: false } },
        { token: a.token },
      )
      expect(unticked.data!.updateUser.newsletter).toBe(false)
      const list = await api.db
        .selectFrom('newsletter_subscriptions')
        .select(['confirmed_at', 'unsubscribed_at', 'source'])
        .where('email', '=', a.email)
        .executeTakeFirstOrThrow()
      expect(list).toMatchObject({
        confirmed_at: expect.any(Date),
        unsubscribed_at: expect.any(Date),
        source: 'account',
      })
      const consents = await api.db
        .selectFrom('newsletter_consents')
        .select(['consent', 'source'])
        .where('email', '=', a.email)
        .orderBy('given_at')
        .execute()
      expect(consents).toEqual([
        { consent: 'yes', source: 'newsletter-confirm-link:account' },
        { consent: 'no', source: 'account-settings' },
      ])
      // B is untouched
      expect(
        await api.db.selectFrom('users').selectAll().where('user_id', '=', b.id).executeTakeFirst(),
      ).toEqual(bBefore)
    })

    it('refuses invalid input naming the field, storing nothing', async () => {
      const a = await newCustomer()
      const before = await api.db
        .selectFrom('users')
        .selectAll()
        .where('user_id', '=', a.id)
        .executeTakeFirst()
      for (const [user, field] of [
        [{ personalId: '131052-308A' }, 'personalId'],
        [{ address: { firstName: 'x'.repeat(101) } }, 'address.firstName'],
        [{ metaData: 'x'.repeat(64 * 1024 + 1) }, 'metaData'],
      ] as const) {
        const response = await api.gql(UPDATE_USER, { user }, { token: a.token })
        expect(errorCodes(response), field).toEqual(['BAD_USER_INPUT'])
        expect(response.errors?.[0]?.message, field).toContain(`user.${field}`)
      }
      expect(
        await api.db.selectFrom('users').selectAll().where('user_id', '=', a.id).executeTakeFirst(),
      ).toEqual(before)
    })
  })

  describe('orders of the signed-in user', () => {
    it('shows an order placed while logged in at once, with the invoice fields', async () => {
      const a = await newCustomer()
      const orderId = await placeOrder(a.token, a.email)
      const stored = await api.db
        .selectFrom('orders')
        .select(['user_id', 'created_at'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
      expect(stored.user_id).toBe(a.id)
      const response = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token: a.token })
      expect(response.errors).toBeUndefined()
      expect(response.data!.getOrders).toHaveLength(1)
      const order = response.data!.getOrders[0]!
      expect(order).toMatchObject({
        id: orderId,
        status: 'received',
        paymentKind: 'invoice',
        isPaid: false,
        shippingDetails: [],
        returns: [],
        refunds: [],
      })
      expect(order.cart.items).toMatchObject([{ skuId: SKU.inStock, quantity: 1 }])
      expect(new Date(order.invoiceDueDate!).getTime() - stored.created_at.getTime()).toBe(14 * 86_400_000)
      // marking the invoice paid shows at once
      await api.db
        .updateTable('orders')
        .set({ paid_at: new Date() })
        .where('order_id', '=', orderId)
        .execute()
      const paid = await api.gql<{ getOrder: OrderJson }>(GET_ORDER, { orderId }, { token: a.token })
      expect(paid.data!.getOrder.isPaid).toBe(true)
    })

    it("never shows another user's orders", async () => {
      const a = await newCustomer()
      const b = await newCustomer()
      const orderId = await placeOrder(a.token, a.email)
      expect(errorCodes(await api.gql(GET_ORDER, { orderId }, { token: b.token }))).toEqual(['NOT_FOUND'])
      const list = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token: b.token })
      expect(list.data!.getOrders).toEqual([])
      expect(errorCodes(await api.gql(GET_ORDER, { orderId }))).toEqual(['UNAUTHENTICATED'])
    })

    it('shows shipments with tracking, returns and refunds', async () => {
      const token = await api.tokenFor({ id: nora.userId })
      const response = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token })
      expect(response.errors).toBeUndefined()
      const [order] = response.data!.getOrders
      expect(order).toMatchObject({
        status: 'completed',
        paymentKind: 'card',
        invoiceDueDate: null,
        isPaid: true,
      })
      expect(order!.shippingDetails).toEqual([
        {
          name: expect.any(String),
          parcelNumber: expect.stringMatching(/^JJFI\d{10}$/),
          trackingLink: expect.stringMatching(/^https:\/\/tracking\.lumo\.example\/JJFI\d{10}$/),
          shippingDate: expect.any(String),
        },
      ])
      expect(order!.returns).toEqual([
        {
          itemId: null,
          articleNumber: null,
          reason: 'Wrong size',
          reasonCode: 'SIZE',
          createdAt: expect.any(String),
        },
      ])
      expect(order!.refunds).toHaveLength(1)
      expect(order!.refunds[0]!.total).toBeGreaterThan(0)
    })
  })

  describe('deleteUser', () => {
    it('removes the personal data and keeps the orders without the person', async () => {
      const a = await newCustomer()
      const b = await newCustomer()
      const orderId = await placeOrder(a.token, a.email)
      const product = await api.db
        .selectFrom('product_texts')
        .select(['product_id', 'alias'])
        .where('product_id', '=', FIXTURE_PRODUCTS.satinDress.productId)
        .where('language', '=', 'fi')
        .executeTakeFirstOrThrow()
      expect(
        (
          await api.gql(
            REVIEW,
            { alias: product.alias, author: 'Testi', comment: 'Hyvä', rating: 5 },
            { token: a.token },
          )
        ).errors,
      ).toBeUndefined()
      await api.db
        .insertInto('user_favourites')
        .values({ user_id: a.id, product_id: product.product_id })
        .execute()
      await api.db
        .insertInto('user_balances')
        .values({ user_id: a.id, currency_code: 'EUR', amount: 500 })
        .execute()
      await api.db
        .insertInto('newsletter_subscriptions')
        .values({ email: a.email, market_alias: 'fi', language: 'fi', tags: [] })
        .execute()
      await api.gql(REQUEST_RESET, { email: a.email })
      // an open cart with checkout details
      const openCart = (
        await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`, {}, { token: a.token })
      ).data!.getCart.id
      await api.gql(
        `mutation ($cartId: String!) { createOrUpdateCheckout(cartId: $cartId, checkout: { email: "${a.email}" }) { email } }`,
        { cartId: openCart },
        { token: a.token },
      )
      await api.db
        .insertInto('user_favourites')
        .values({ user_id: b.id, product_id: product.product_id })
        .execute()

      const deleted = await api.gql(DELETE_USER, {}, { token: a.token })
      expect(deleted.errors).toBeUndefined()
      expect(deleted.data).toEqual({ deleteUser: true })

      expect(
        await api.db.selectFrom('users').select('user_id').where('user_id', '=', a.id).execute(),
      ).toEqual([])
      const order = await api.db
        .selectFrom('orders')
        .select(['user_id', 'status'])
        .where('order_id', '=', orderId)
        .executeTakeFirstOrThrow()
      expect(order).toEqual({ user_id: null, status: 'received' })
      const review = await api.db
        .selectFrom('reviews')
        .select('user_id')
        .where('product_id', '=', product.product_id)
        .where('author', '=', 'Testi')
        .executeTakeFirstOrThrow()
      expect(review.user_id).toBeNull()
      for (const table of ['user_favourites', 'user_balances', 'password_reset_keys'] as const) {
        const rows = await usersDb(api.db)
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', a.id)
          .execute()
        expect(rows, table).toEqual([])
      }
      expect(
        await api.db
          .selectFrom('newsletter_subscriptions')
          .select('email')
          .where('email', '=', a.email)
          .execute(),
      ).toEqual([])
      expect(
        await api.db
          .selectFrom('mail_messages')
          .select('message_id')
          .where('recipient', '=', a.email)
          .execute(),
      ).toEqual([])
      expect(
        await api.db.selectFrom('carts').select('cart_id').where('cart_id', '=', openCart).execute(),
      ).toEqual([])
      // the other customer keeps everything; the deleted token no longer reads anything
      expect(
        await api.db.selectFrom('user_favourites').select('user_id').where('user_id', '=', b.id).execute(),
      ).toHaveLength(1)
      expect(errorCodes(await api.gql(GET_USER, {}, { token: a.token }))).toEqual(['UNAUTHENTICATED'])
      expect(errorCodes(await api.gql(DELETE_USER, {}, { token: a.token }))).toEqual(['UNAUTHENTICATED'])
      const orders = await api.gql<{ getOrders: OrderJson[] }>(GET_ORDERS, {}, { token: a.token })
      expect(orders.data!.getOrders).toEqual([])
    })
  })

  describe('deleteUser of a logged-in customer', () => {
    it('ends the sessions and frees the address', async () => {
      const email = `delete-login-${kind}@example.fi`
      const credentials = { email, password: 'Poistettava-1', apiKey: API_KEY }
      const session = await registerAndLogin(api.app, credentials)
      const deleted = await api.gql(DELETE_USER, {}, { token: session.token })
      expect(deleted.data).toEqual({ deleteUser: true })
      expect((await refreshRequest(api.app, session.refreshToken)).statusCode).toBe(401)
      expect((await loginRequest(api.app, credentials)).statusCode).toBe(401)
      // the address can register again, as a new account
      const again = await registerAndLogin(api.app, credentials)
      expect(again.userId).not.toBe(session.userId)
    })
  })

  describe('password reset', () => {
    beforeEach(async () => {
      // earlier tests' queued mails go out first, so each test sees only its own
      await mailer.sendDue()
    })

    it('answers true for an unknown address and sends nothing', async () => {
      const before = await outboxFiles()
      const response = await api.gql(REQUEST_RESET, { email: 'nobody-here@example.fi' })
      expect(response.data).toEqual({ requestPasswordReset: true })
      expect(await mailer.sendDue()).toBe(0)
      expect(await outboxFiles()).toEqual(before)
      expect(
        await api.db
          .selectFrom('mail_messages')
          .select('message_id')
          .where('recipient', '=', 'nobody-here@example.fi')
          .execute(),
      ).toEqual([])
      expect(errorCodes(await api.gql(REQUEST_RESET, { email: 'not an address' }))).toEqual([
        'BAD_USER_INPUT',
      ])
    })

    it('mails a working single-use link in the language asked, and ends the sessions', async () => {
      const a = await newCustomer('Aada')
      const { mail } = await resetMailFor(a.email.toUpperCase())
      expect(mail).toMatch(new RegExp(`^To: ${a.email.replace(/\./g, '\\.')}$`, 'm'))
      expect(mail).toContain('Hei Aada,')
      expect(mail).toContain(`${api.config.publicUrl}/fi/account/reset-password?key=`)
      const key = keyFrom(mail)
      // the key is stored only hashed, and the outbox row forgets the link once sent
      const keys = await usersDb(api.db)
        .selectFrom('password_reset_keys')
        .select('key_hash')
        .where('user_id', '=', a.id)
        .execute()
      expect(keys).toHaveLength(1)
      expect(keys[0]!.key_hash).not.toContain(key)
      const message = await api.db
        .selectFrom('mail_messages')
        .select(['status', 'payload', 'language', 'kind'])
        .where('recipient', '=', a.email)
        .executeTakeFirstOrThrow()
      expect(message).toEqual({ status: 'sent', payload: null, language: 'fi', kind: 'password-reset' })

      const committed = await api.gql(COMMIT_RESET, { key, password: NEW_DIGEST })
      expect(committed.errors).toBeUndefined()
      expect(committed.data).toEqual({ commitReset: true })
      const stored = await api.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', a.id)
        .executeTakeFirstOrThrow()
      expect(await passwordHasher.verify(NEW_DIGEST, stored.password_hash)).toBe(true)
      expect(await passwordHasher.verify(DIGEST, stored.password_hash)).toBe(false)

      // single use
      const again = await api.gql(COMMIT_RESET, { key, password: DIGEST })
      expect(errorCodes(again)).toEqual(['ResetKeyExpired'])
      const after = await api.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', a.id)
        .executeTakeFirstOrThrow()
      expect(after.password_hash).toBe(stored.password_hash)

      const swedish = await resetMailFor(a.email, 'sv-SE')
      expect(swedish.mail).toContain('Byt l')
      expect(swedish.mail).toContain(`${api.config.publicUrl}/fi/sv/account/reset-password?key=`)
    })

    it('refuses an expired, unknown or malformed key, and a password that is not a digest', async () => {
      const a = await newCustomer()
      const { mail } = await resetMailFor(a.email)
      const key = keyFrom(mail)
      expect(errorCodes(await api.gql(COMMIT_RESET, { key, password: 'plain-text-password' }))).toEqual([
        'BAD_USER_INPUT',
      ])
      await usersDb(api.db)
        .updateTable('password_reset_keys')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', a.id)
        .execute()
      const expired = await api.gql(COMMIT_RESET, { key, password: NEW_DIGEST })
      expect(errorCodes(expired)).toEqual(['ResetKeyExpired'])
      expect(expired.errors?.[0]?.message).toMatch(/ask for a new one/)
      expect(errorCodes(await api.gql(COMMIT_RESET, { key: 'x'.repeat(43), password: NEW_DIGEST }))).toEqual([
        'ResetKeyExpired',
      ])
      expect(errorCodes(await api.gql(COMMIT_RESET, { key: 'short', password: NEW_DIGEST }))).toEqual([
        'ResetKeyExpired',
      ])
      const stored = await api.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_id', '=', a.id)
        .executeTakeFirstOrThrow()
      expect(stored.password_hash).toBe('unusable')
    })

    it('ends the sessions: the old refresh token is refused, the new password logs in', async () => {
      const email = `reset-login-${kind}@example.fi`
      const credentials = { email, password: 'Vanha-salasana-1', apiKey: API_KEY }
      const session = await registerAndLogin(api.app, credentials)
      const { mail } = await resetMailFor(email)
      const committed = await api.gql(COMMIT_RESET, {
        key: keyFrom(mail),
        password: await passwordDigest('Uusi-salasana-2'),
      })
      expect(committed.data).toEqual({ commitReset: true })
      expect((await refreshRequest(api.app, session.refreshToken)).statusCode).toBe(401)
      expect((await loginRequest(api.app, credentials)).statusCode).toBe(401)
      const fresh = await login(api.app, { ...credentials, password: 'Uusi-salasana-2' })
      expect(fresh.userId).toBe(session.userId)
      const user = await api.gql<{ getUser: UserJson }>(GET_USER, {}, { token: fresh.token })
      expect(user.data!.getUser.email).toBe(email)
    })

    it('sends at most five links per account and hour', async () => {
      const a = await newCustomer()
      for (let i = 0; i < 6; i++) {
        expect((await api.gql(REQUEST_RESET, { email: a.email })).data).toEqual({
          requestPasswordReset: true,
        })
      }
      expect(
        await api.db
          .selectFrom('mail_messages')
          .select('message_id')
          .where('recipient', '=', a.email)
          .execute(),
      ).toHaveLength(5)
    })
  })

  describe('reviews', () => {
    let alias: string
    let productId: number
    beforeAll(async () => {
      const row = await api.db
        .selectFrom('product_texts')
        .select(['product_id', 'alias'])
        .where('product_id', '=', FIXTURE_PRODUCTS.newBlouse.productId)
        .where('language', '=', 'fi')
        .executeTakeFirstOrThrow()
      alias = row.alias
      productId = row.product_id
    })

    async function reviewCount() {
      const row = await api.db
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }

    it('needs a login', async () => {
      const before = await reviewCount()
      const response = await api.gql(REVIEW, { alias, author: 'Anonyymi', comment: 'Hieno', rating: 5 })
      expect(errorCodes(response)).toEqual(['UNAUTHENTICATED'])
      expect(await reviewCount()).toBe(before)
    })

    it('keeps one review per customer and product: posting again updates it', async () => {
      const a = await newCustomer()
      const b = await newCustomer()
      const before = await reviewCount()
      const post = (token: string, author: string, comment: string, rating: number) =>
        api.gql(REVIEW, { alias, author, comment, rating }, { token })
      expect((await post(a.token, 'Anna', 'Hyvä', 4)).data).toEqual({ postProductReview: true })
      expect((await post(a.token, 'Anna A.', 'Vielä parempi', 5)).data).toEqual({ postProductReview: true })
      expect((await post(b.token, 'Bertta', 'Ok', 3)).data).toEqual({ postProductReview: true })
      expect(await reviewCount()).toBe(before + 2)
      const own = await api.db
        .selectFrom('reviews')
        .select(['author', 'comment', 'rating'])
        .where('user_id', '=', a.id)
        .execute()
      expect(own).toEqual([{ author: 'Anna A.', comment: 'Vielä parempi', rating: 5 }])
    })

    it('limits the author name and the comment', async () => {
      const a = await newCustomer()
      const before = await reviewCount()
      const long = await api.gql(
        REVIEW,
        { alias, author: 'x'.repeat(101), comment: 'ok', rating: 3 },
        { token: a.token },
      )
      expect(errorCodes(long)).toEqual(['BAD_USER_INPUT'])
      const longComment = await api.gql(
        REVIEW,
        { alias, author: 'A', comment: 'x'.repeat(5001), rating: 3 },
        { token: a.token },
      )
      expect(errorCodes(longComment)).toEqual(['BAD_USER_INPUT'])
      expect(await reviewCount()).toBe(before)
    })
  })

  describe("validateOrderCreation does not reveal another account's standing", () => {
    async function validate(email: string, token?: string) {
      const response = await api.gql<{ validateOrderCreation: Record<string, unknown> }>(
        VALIDATE,
        { cartId: await cartWithItem(token), checkout: checkoutFor(email) },
        token ? { token } : {},
      )
      expect(response.errors).toBeUndefined()
      return response.data!.validateOrderCreation
    }

    it('treats an anonymous caller or another user typing a member e-mail as a guest', async () => {
      const noCredit = FIXTURE_CUSTOMERS.noCredit
      const guest = { isValid: true, message: null, memberType: null, paymentType: 'DirectInvoice' }
      expect(await validate(noCredit.email)).toEqual(guest)
      const other = await newCustomer()
      expect(await validate(noCredit.email, other.token)).toEqual(guest)
      // the account's own holder still gets the account's rules
      const own = await validate(noCredit.email, await api.tokenFor({ id: noCredit.userId }))
      expect(own).toMatchObject({ isValid: false, memberType: 'NOCREDIT-DEBT' })
    })
  })

  it('keeps order mails claimed once alongside account mails', async () => {
    const a = await newCustomer()
    await api.gql(REQUEST_RESET, { email: a.email })
    const row = await api.db
      .selectFrom('mail_messages')
      .select(['order_id', 'status'])
      .where('recipient', '=', a.email)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ order_id: null, status: 'queued' })
    // an account mail cannot carry an order, an order mail must
    await expect(
      api.db
        .insertInto('mail_messages')
        .values({ kind: 'order-confirmation', recipient: a.email, language: 'fi', status: 'queued' })
        .execute(),
    ).rejects.toThrow()
    await expect(
      api.db
        .insertInto('mail_messages')
        .values({
          kind: 'password-reset',
          order_id: 1,
          recipient: a.email,
          language: 'fi',
          status: 'queued',
          payload: toJson({}),
        })
        .execute(),
    ).rejects.toThrow()
  })
})
