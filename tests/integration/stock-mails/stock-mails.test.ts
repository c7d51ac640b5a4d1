/**
 * Back-in-stock and newsletter mails on the real database (docs/adr/0031-stock-mails.md): the
 * admin stock operation and the data-driven back-in-stock job (exactly one mail per request, also
 * with two rounds at once), the signed links (a tampered token does nothing), the newsletter's
 * double opt-in with its first-purchase code (created once per address, accepted once by the
 * cart, refused for a customer who already ordered), and the admin API's key check.
 */
import { randomUUID } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import type { NoticeMailPayload } from '../../../server/contracts/mail'
import { createMailer, outboxDirectory, type Mailer } from '../../../server/services/mail'
import { sendBackInStockMails } from '../../../server/services/graphql/mail-subscriptions/back-in-stock'
import { signMailLink } from '../../../server/services/graphql/mail-subscriptions/links'
import { createAdminCall } from '../../../scripts/admin/client'
import { runAdmin } from '../../../scripts/admin/index'
import oneClickUnsubscribe, { ONE_CLICK_BODY } from '../../../server/ssr/one-click-unsubscribe'
import { errorCodes, startCommerceApi, type CommerceApi } from '../graphql/commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const DRESS = FIXTURE_PRODUCTS.satinDress
const SKU = DRESS.skus

const REQUEST_STOCK = `mutation ($email: String!, $skuId: Int!, $languageId: String, $marketId: String) {
  requestStockNotification(email: $email, skuId: $skuId, languageId: $languageId, marketId: $marketId) { ok alreadyActive } }`
const SUBSCRIBE = `mutation ($email: String!, $languageId: String, $marketId: String) {
  subscribeToNewsletter(email: $email, tags: ["first-purchase-15"], languageId: $languageId, marketId: $marketId) }`
const CONFIRM = `mutation ($token: String!) { confirmNewsletterSubscription(token: $token) { outcome list } }`
const UNSUBSCRIBE = `mutation ($token: String!) { unsubscribeFromMails(token: $token) { outcome list } }`

interface LinkResult {
  outcome: string
  list: string | null
}

describeEachDatabase('back-in-stock and newsletter mails on %s', (kind) => {
  let api: CommerceApi
  let dataDir: string
  let mailer: Mailer
  let counter = 0
  const adminHeaders = () => ({ authorization: `Bearer ${api.config.adminKey}`, 'x-admin-actor': 'tester' })

  beforeAll(async () => {
    api = await startCommerceApi(kind)
    dataDir = await mkdtemp(path.join(tmpdir(), 'lumo-stock-mails-'))
    mailer = createMailer({
      database: api.database,
      config: { dataDir, smtpUrl: undefined, publicUrl: api.config.publicUrl },
    })
    await mailer.start()
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const nextEmail = (label: string) => `${label}-${++counter}-${kind}@example.fi`

  async function setStock(body: Record<string, unknown>) {
    return api.app.inject({ method: 'POST', url: '/admin/api/stock', headers: adminHeaders(), payload: body })
  }

  async function mailsTo(email: string, mailKind: string) {
    const rows = await api.db
      .selectFrom('mail_messages')
      .select(['message_id', 'language', 'payload'])
      .where('recipient', '=', email)
      .where('kind', '=', mailKind)
      .orderBy('message_id')
      .execute()
    return rows.map((row) => ({ ...row, payload: row.payload as NoticeMailPayload }))
  }

  const tokenOf = (url: string | undefined) => new URL(url!).searchParams.get('token')!

  async function follow(mutation: string, token: string): Promise<LinkResult> {
    const response = await api.gql<Record<string, LinkResult>>(mutation, { token })
    expect(response.errors).toBeUndefined()
    return Object.values(response.data!)[0]!
  }

  describe('the admin operations', () => {
    it('refuse a call without the admin key, with a wrong key and with the storefront key', async () => {
      const before = await api.db
        .selectFrom('skus')
        .select('stock_in_stock')
        .where('sku_id', '=', SKU.outOfStock)
        .executeTakeFirstOrThrow()
      for (const authorization of [undefined, 'Bearer wrong-key', `Bearer ${api.config.apiKey}`]) {
        const headers = authorization ? { authorization } : {}
        const stock = await api.app.inject({
          method: 'POST',
          url: '/admin/api/stock',
          headers,
          payload: { skuId: SKU.outOfStock, quantity: 9 },
        })
        expect(stock.statusCode).toBe(401)
        const list = await api.app.inject({
          method: 'GET',
          url: '/admin/api/subscribers?type=newsletter',
          headers,
        })
        expect(list.statusCode).toBe(401)
      }
      const after = await api.db
        .selectFrom('skus')
        .select('stock_in_stock')
        .where('sku_id', '=', SKU.outOfStock)
        .executeTakeFirstOrThrow()
      expect(after).toEqual(before)
    })

    it('set stock by article number and size, audited; unknown sizes 404, bad input 400', async () => {
      const set = await setStock({ articleNumber: DRESS.articleNumber, size: '36', quantity: 7 })
      expect(set.statusCode).toBe(200)
      expect(set.json()).toMatchObject({ skuId: SKU.stockFive, previousQuantity: 5, quantity: 7 })
      const audit = await api.db
        .selectFrom('admin_audit_log' as never)
        .select(['actor', 'action', 'target', 'details'] as never[])
        .where('action' as never, '=', 'stock.set' as never)
        .execute()
      expect(audit).toContainEqual(
        expect.objectContaining({
          actor: 'tester',
          target: `sku ${SKU.stockFive}`,
          details: expect.objectContaining({ from: 5, to: 7 }),
        }),
      )
      expect((await setStock({ skuId: 999_999, quantity: 1 })).statusCode).toBe(404)
      expect(
        (await setStock({ articleNumber: DRESS.articleNumber, size: 'XXL', quantity: 1 })).statusCode,
      ).toBe(404)
      const bad = await setStock({ skuId: SKU.stockFive, quantity: -1 })
      expect(bad.statusCode).toBe(400)
      expect((await setStock({ skuId: SKU.stockFive, quantity: 5 })).statusCode).toBe(200)
    })
    it("drop the product's cached pages even when the size's stock status stays the same", async () => {
      const payloads: string[] = []
      const stop = await api.database.listen('lumo_page_cache', (payload) => payloads.push(payload))
      try {
        // 20 → 19 in stock: "in stock" before and after, so the status trigger alone would stay silent
        const set = await setStock({ skuId: SKU.inStock, quantity: 19 })
        expect(set.statusCode).toBe(200)
        await expect
          .poll(() => payloads.some((payload) => payload.split(',').includes(`product:${DRESS.productId}`)))
          .toBe(true)
      } finally {
        await stop()
        await setStock({ skuId: SKU.inStock, quantity: 20 })
      }
    })
  })

  describe('the command line', () => {
    it('sets stock and lists back-in-stock subscribers over HTTP', async () => {
      await api.app.listen({ host: '127.0.0.1', port: 0 })
      const address = api.app.server.address()
      if (!address || typeof address === 'string') throw new Error('no port')
      const call = createAdminCall({
        baseUrl: `http://127.0.0.1:${address.port}/admin/api`,
        key: api.config.adminKey,
        actor: 'cli',
      })
      const email = nextEmail('cli')
      await api.gql(REQUEST_STOCK, { email, skuId: SKU.outOfStock })
      const lines: string[] = []
      const errors: string[] = []
      const io = {
        call,
        print: (line: string) => lines.push(line),
        printError: (line: string) => errors.push(line),
      }
      expect(
        await runAdmin(['stock', '--article', DRESS.articleNumber, '--size', '38', '--quantity', '1'], io),
      ).toBe(0)
      expect(lines.at(-1)).toMatch(
        new RegExp(`^SKU ${SKU.outOfStock} \\(.*size 38\\): 0 → 1; \\d+ back-in-stock mail\\(s\\) queued$`),
      )
      expect(
        await runAdmin(['subscribers', '--type', 'back-in-stock', '--status', 'sent', '--limit', '1000'], io),
      ).toBe(0)
      expect(lines.some((line) => line.includes(`\t${email}\tsent\t${SKU.outOfStock}\t`))).toBe(true)
      expect(await runAdmin(['stock', '--sku', String(SKU.outOfStock)], io)).toBe(1)
      expect(errors.at(-1)).toMatch(/--quantity/)
      expect(await runAdmin(['stock', '--sku', String(SKU.outOfStock), '--quantity', '0'], io)).toBe(0)
    })
  })

  describe('back in stock', () => {
    it('sends each waiting subscriber one mail in their language when the size gets stock, once', async () => {
      const fi = nextEmail('bis-fi')
      const sv = nextEmail('bis-sv')
      for (const [email, languageId, marketId] of [
        [fi, 'fi', 'fi'],
        [sv, 'sv', 'se'],
      ] as const) {
        const asked = await api.gql<{ requestStockNotification: { ok: boolean; alreadyActive: boolean } }>(
          REQUEST_STOCK,
          { email, skuId: SKU.outOfStock, languageId, marketId },
        )
        expect(asked.data!.requestStockNotification).toEqual({ ok: true, alreadyActive: false })
      }
      // nothing is in stock yet: a round finds nothing to send
      expect(await sendBackInStockMails(api.db, api.config)).toBe(0)
      // the seed's shoppers wait for the size too
      const waiting = await api.db
        .selectFrom('stock_monitors')
        .select('monitor_id')
        .where('sku_id', '=', SKU.outOfStock)
        .where('notified_at', 'is', null)
        .execute()
      expect(waiting.length).toBeGreaterThanOrEqual(2)

      const set = await setStock({ skuId: SKU.outOfStock, quantity: 3 })
      expect(set.json()).toMatchObject({ backInStockMails: waiting.length })
      // later rounds and more stock send nothing more
      expect(await sendBackInStockMails(api.db, api.config)).toBe(0)
      expect((await setStock({ skuId: SKU.outOfStock, quantity: 4 })).json()).toMatchObject({
        backInStockMails: 0,
      })

      const [fiMail] = await mailsTo(fi, 'back-in-stock')
      const [svMail, ...moreSv] = await mailsTo(sv, 'back-in-stock')
      expect(moreSv).toEqual([])
      expect(fiMail!.language).toBe('fi')
      expect(fiMail!.payload.actionUrl).toMatch(new RegExp(`/fi/p/${DRESS.aliases.fi}$`))
      expect(svMail!.language).toBe('sv')
      expect(svMail!.payload.actionUrl).toMatch(new RegExp(`/se/sv/p/${DRESS.aliases.sv}$`))
      expect(svMail!.payload.unsubscribeUrl).toMatch(/\/se\/sv\/newsletter\/unsubscribe\?token=/)
      const monitors = await api.db
        .selectFrom('stock_monitors')
        .select(['email', 'notified_at'])
        .where('email', 'in', [fi, sv])
        .execute()
      expect(monitors.every((row) => row.notified_at !== null)).toBe(true)

      // the mail service renders it: subject with the product and size, the unsubscribe footer
      await mailer.sendDue()
      const files = await readdir(outboxDirectory(dataDir))
      const texts = await Promise.all(
        files.map((file) => readFile(path.join(outboxDirectory(dataDir), file), 'utf8')),
      )
      const svText = texts.find((text) => text.includes(sv))!.replace(/=\r?\n/g, '')
      expect(svText).toContain('List-Unsubscribe')
      expect(svText).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
      expect(svText).toMatch(/finns i lager igen/)
      await setStock({ skuId: SKU.outOfStock, quantity: 0 })
    })

    it("tells only the address's signed-in customer that the request already waits", async () => {
      const email = nextEmail('bis-already')
      const token = await api.tokenFor({ id: randomUUID(), email })
      const ask = (options: { token?: string } = {}) =>
        api.gql<{ requestStockNotification: { ok: boolean; alreadyActive: boolean } }>(
          REQUEST_STOCK,
          { email, skuId: SKU.outOfStock },
          options,
        )
      expect((await ask({ token })).data!.requestStockNotification).toEqual({
        ok: true,
        alreadyActive: false,
      })
      expect((await ask({ token })).data!.requestStockNotification).toEqual({ ok: true, alreadyActive: true })
      // a visitor (or another customer) typing the address learns nothing from the answer
      expect((await ask()).data!.requestStockNotification).toEqual({ ok: true, alreadyActive: false })
      const other = await api.tokenFor({ id: randomUUID(), email: nextEmail('bis-other') })
      expect((await ask({ token: other })).data!.requestStockNotification).toEqual({
        ok: true,
        alreadyActive: false,
      })
    })

    it('queues exactly one mail per request when two rounds run at the same time', async () => {
      const emails = Array.from({ length: 24 }, () => nextEmail('race'))
      for (const email of emails) {
        const asked = await api.gql(REQUEST_STOCK, { email, skuId: SKU.staticStock })
        expect(asked.errors).toBeUndefined()
      }
      const [first, second] = await Promise.all([
        sendBackInStockMails(api.db, api.config),
        sendBackInStockMails(api.db, api.config),
      ])
      expect(first + second).toBe(emails.length)
      const mails = await api.db
        .selectFrom('mail_messages')
        .select(['recipient'])
        .where('kind', '=', 'back-in-stock')
        .where('recipient', 'in', emails)
        .execute()
      expect(mails.map((mail) => mail.recipient).sort()).toEqual([...emails].sort())
    })

    it("withdraws the address's waiting requests with the mail's unsubscribe link; a tampered token does nothing", async () => {
      const email = nextEmail('bis-unsub')
      await api.gql(REQUEST_STOCK, { email, skuId: SKU.outOfStock })
      // a second size still sold out: size 38 gets stock, the other one (a fresh sold-out size) waits
      await setStock({ skuId: SKU.stockFive, quantity: 0 })
      await api.gql(REQUEST_STOCK, { email, skuId: SKU.stockFive })
      await setStock({ skuId: SKU.outOfStock, quantity: 2 })
      const [mail] = await mailsTo(email, 'back-in-stock')
      const token = tokenOf(mail!.payload.unsubscribeUrl)

      // tampering: another address under the same signature, a changed signature, the wrong purpose
      const [body, mac] = token.split('.') as [string, string]
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>
      const otherBody = Buffer.from(JSON.stringify({ ...claims, e: 'someone-else@example.fi' })).toString(
        'base64url',
      )
      const flipped = mac.slice(0, -2) + (mac.endsWith('AA') ? 'BB' : 'AA')
      const wrongPurpose = signMailLink(api.config, {
        p: 'newsletter-confirm',
        e: email,
        r: 1,
        x: Date.now() + 60_000,
      })
      for (const forged of [`${otherBody}.${mac}`, `${body}.${flipped}`, wrongPurpose, 'nonsense', '']) {
        expect(await follow(UNSUBSCRIBE, forged)).toEqual({ outcome: 'INVALID', list: null })
      }
      const waiting = await api.db
        .selectFrom('stock_monitors')
        .select('unsubscribed_at')
        .where('email', '=', email)
        .where('sku_id', '=', SKU.stockFive)
        .executeTakeFirstOrThrow()
      expect(waiting.unsubscribed_at).toBeNull()

      expect(await follow(UNSUBSCRIBE, token)).toEqual({ outcome: 'DONE', list: 'BACK_IN_STOCK' })
      // the withdrawn request is not answered when its size gets stock
      expect((await setStock({ skuId: SKU.stockFive, quantity: 5 })).json()).toMatchObject({
        backInStockMails: 0,
      })
      expect(await mailsTo(email, 'back-in-stock')).toHaveLength(1)
      await setStock({ skuId: SKU.outOfStock, quantity: 0 })
    })
    it("a mail program's one-click POST (RFC 8058) to the link unsubscribes; without the body or with a forged token it does nothing", async () => {
      const email = nextEmail('bis-oneclick')
      await setStock({ skuId: SKU.stockFive, quantity: 0 })
      await api.gql(REQUEST_STOCK, { email, skuId: SKU.stockFive })
      await setStock({ skuId: SKU.outOfStock, quantity: 0 })
      await api.gql(REQUEST_STOCK, { email, skuId: SKU.outOfStock })
      await setStock({ skuId: SKU.stockFive, quantity: 2 })
      const [mail] = await mailsTo(email, 'back-in-stock')
      const link = new URL(mail!.payload.unsubscribeUrl!)

      // the storefront's endpoint, calling this commerce API as it would over HTTP
      const storefront = Fastify({ logger: false })
      const serviceFetch = (async (_url: string, init: RequestInit) => {
        const response = await api.app.inject({
          method: 'POST',
          url: '/graphql',
          headers: init.headers as Record<string, string>,
          payload: init.body as string,
        })
        return new Response(response.body, {
          status: response.statusCode,
          headers: { 'content-type': String(response.headers['content-type']) },
        })
      }) as typeof fetch
      await storefront.register(oneClickUnsubscribe, { config: api.config, serviceFetch })
      const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded') =>
        storefront.inject({ method: 'POST', url, payload, headers: { 'content-type': type } })
      const stillWaiting = async () =>
        (
          await api.db
            .selectFrom('stock_monitors')
            .select('unsubscribed_at')
            .where('email', '=', email)
            .where('sku_id', '=', SKU.outOfStock)
            .executeTakeFirstOrThrow()
        ).unsubscribed_at === null

      const target = `${link.pathname}${link.search}`
      expect((await post(target, '')).statusCode).toBe(400)
      const forged = `${link.pathname}?token=${encodeURIComponent(tokenOf(link.href).slice(0, -2) + 'AA')}`
      expect((await post(forged, ONE_CLICK_BODY)).statusCode).toBe(400)
      expect(await stillWaiting()).toBe(true)

      const done = await post(target, ONE_CLICK_BODY)
      expect(done.statusCode).toBe(200)
      expect(done.headers['cache-control']).toContain('no-store')
      expect(await stillWaiting()).toBe(false)
      // a second press, as multipart (also allowed by the RFC), is fine too
      const boundary = 'lumo-boundary'
      const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`
      const again = await post(target, multipart, `multipart/form-data; boundary=${boundary}`)
      expect(again.statusCode).toBe(200)
      await storefront.close()
      await setStock({ skuId: SKU.stockFive, quantity: 5 })
    })
  })

  describe('newsletter', () => {
    it('confirms by e-mail, records the consents, creates the 15 % code once per address', async () => {
      const email = nextEmail('news')
      const subscribed = await api.gql(SUBSCRIBE, { email, languageId: 'da', marketId: 'dk' })
      expect(subscribed.data).toEqual({ subscribeToNewsletter: true })
      // asking again right away sends no second confirm mail
      await api.gql(SUBSCRIBE, { email, languageId: 'da', marketId: 'dk' })
      const confirms = await mailsTo(email, 'newsletter-confirm')
      expect(confirms).toHaveLength(1)
      expect(confirms[0]!.language).toBe('da')
      const pending = await api.db
        .selectFrom('newsletter_subscriptions')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(pending.confirmed_at).toBeNull()
      expect(await mailsTo(email, 'newsletter-welcome')).toEqual([])

      const confirmToken = tokenOf(confirms[0]!.payload.actionUrl)
      expect(confirms[0]!.payload.actionUrl).toMatch(/\/dk\/da\/newsletter\/confirm\?token=/)
      expect(await follow(CONFIRM, confirmToken)).toEqual({ outcome: 'DONE', list: 'NEWSLETTER' })
      expect(await follow(CONFIRM, confirmToken)).toEqual({ outcome: 'ALREADY_DONE', list: 'NEWSLETTER' })

      const welcomes = await mailsTo(email, 'newsletter-welcome')
      expect(welcomes).toHaveLength(1)
      const code = welcomes[0]!.payload.lines![0]!
      const promo = await api.db
        .selectFrom('promo_codes')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
      expect(promo).toMatchObject({
        kind: 'percentage',
        percentage: 15,
        max_uses: 1,
        first_purchase_only: true,
      })

      // unsubscribe from the welcome mail, subscribe and confirm again: no second code, no second welcome
      const unsubscribeToken = tokenOf(welcomes[0]!.payload.unsubscribeUrl)
      expect(await follow(UNSUBSCRIBE, unsubscribeToken)).toEqual({ outcome: 'DONE', list: 'NEWSLETTER' })
      expect(await follow(UNSUBSCRIBE, unsubscribeToken)).toEqual({
        outcome: 'ALREADY_DONE',
        list: 'NEWSLETTER',
      })
      // the old confirm link no longer confirms the ended subscription
      expect(await follow(CONFIRM, confirmToken)).toEqual({ outcome: 'INVALID', list: 'NEWSLETTER' })
      await api.gql(SUBSCRIBE, { email, languageId: 'da', marketId: 'dk' })
      const secondConfirm = (await mailsTo(email, 'newsletter-confirm'))[1]
      expect(secondConfirm).toBeDefined()
      expect(await follow(CONFIRM, tokenOf(secondConfirm!.payload.actionUrl))).toEqual({
        outcome: 'DONE',
        list: 'NEWSLETTER',
      })
      expect(await mailsTo(email, 'newsletter-welcome')).toHaveLength(1)
      const codes = await api.db
        .selectFrom('newsletter_welcome_codes')
        .select('code')
        .where('email', '=', email)
        .execute()
      expect(codes).toEqual([{ code }])

      const consents = await api.db
        .selectFrom('newsletter_consents')
        .select(['consent', 'source', 'market_alias', 'language'])
        .where('email', '=', email)
        .orderBy('consent_id')
        .execute()
      expect(consents).toEqual([
        { consent: 'yes', source: 'newsletter-confirm-link:storefront', market_alias: 'dk', language: 'da' },
        { consent: 'no', source: 'newsletter-unsubscribe-link', market_alias: 'dk', language: 'da' },
        { consent: 'yes', source: 'newsletter-confirm-link:storefront', market_alias: 'dk', language: 'da' },
      ])

      const listed = await api.app.inject({
        method: 'GET',
        url: '/admin/api/subscribers?type=newsletter&status=confirmed&limit=1000',
        headers: adminHeaders(),
      })
      expect(listed.statusCode).toBe(200)
      expect((listed.json() as { subscribers: unknown[] }).subscribers).toContainEqual(
        expect.objectContaining({ email, status: 'confirmed', welcomeCode: code }),
      )
    })

    it('refuses an expired or altered confirm link', async () => {
      const email = nextEmail('news-expired')
      await api.gql(SUBSCRIBE, { email })
      const [mail] = await mailsTo(email, 'newsletter-confirm')
      const token = tokenOf(mail!.payload.actionUrl)
      const claims = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { r: number }
      const expired = signMailLink(api.config, {
        p: 'newsletter-confirm',
        e: email,
        r: claims.r,
        x: Date.now() - 1,
      })
      expect(await follow(CONFIRM, expired)).toEqual({ outcome: 'EXPIRED', list: null })
      const unsubscribeAsConfirm = signMailLink(api.config, { p: 'newsletter-unsubscribe', e: email })
      expect(await follow(CONFIRM, unsubscribeAsConfirm)).toEqual({ outcome: 'INVALID', list: null })
      const other = await api.db
        .selectFrom('newsletter_subscriptions')
        .select('confirmed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(other.confirmed_at).toBeNull()
    })

    it('the welcome code is accepted once, for a first purchase only', async () => {
      const email = nextEmail('news-code')
      await api.gql(SUBSCRIBE, { email })
      const [confirm] = await mailsTo(email, 'newsletter-confirm')
      await follow(CONFIRM, tokenOf(confirm!.payload.actionUrl))
      const code = (await mailsTo(email, 'newsletter-welcome'))[0]!.payload.lines![0]!

      const checkout = (buyer: string) => ({
        email: buyer,
        paymentId: 2,
        shippingId: 1,
        billingAddress: {
          firstName: 'Testi',
          lastName: 'Asiakas',
          addressLine1: 'Katu 1',
          zip: '00100',
          city: 'Helsinki',
        },
      })
      async function cartWithCode(): Promise<string> {
        const cart = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`)
        const cartId = cart.data!.getCart.id
        await api.gql(
          `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
          { id: cartId },
        )
        const promoted = await api.gql<{
          setCartPromoCode: { promoCode: string; summary: { total: { discountIncVat: number } } }
        }>(
          `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { promoCode summary { total { discountIncVat } } } }`,
          { id: cartId, code: code.toLowerCase() },
        )
        expect(promoted.errors).toBeUndefined()
        expect(promoted.data!.setCartPromoCode.promoCode).toBe(code)
        expect(promoted.data!.setCartPromoCode.summary.total.discountIncVat).toBeCloseTo(
          (DRESS.regularPrice.fi * 0.15) / 100,
          1,
        )
        return cartId
      }
      const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) { placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`

      // a customer who already ordered: refused as a first-purchase code
      const buyer = nextEmail('first-buyer')
      const plain = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`)
      await api.gql(
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
        { id: plain.data!.getCart.id },
      )
      expect(
        (await api.gql(PLACE, { cartId: plain.data!.getCart.id, checkout: checkout(buyer) })).errors,
      ).toBeUndefined()
      expect(
        errorCodes(await api.gql(PLACE, { cartId: await cartWithCode(), checkout: checkout(buyer) })),
      ).toEqual(['RequirementsNotMet'])

      // … and refused at once when the cart's checkout already names that customer
      const known = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`)
      const knownId = known.data!.getCart.id
      await api.gql(
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
        { id: knownId },
      )
      await api.gql(
        `mutation ($id: String!, $email: String!) { createOrUpdateCheckout(cartId: $id, checkout: { email: $email }) { email } }`,
        { id: knownId, email: buyer },
      )
      expect(
        errorCodes(
          await api.gql(
            `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { promoCode } }`,
            { id: knownId, code },
          ),
        ),
      ).toEqual(['RequirementsNotMet'])

      // a first purchase: accepted, and the code is used up
      const placed = await api.gql(PLACE, { cartId: await cartWithCode(), checkout: checkout(email) })
      expect(placed.errors).toBeUndefined()
      const used = await api.db
        .selectFrom('promo_codes')
        .select('used_count')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
      expect(used.used_count).toBe(1)
      const cart = await api.gql<{ getCart: { id: string } }>(`query { getCart { id } }`)
      await api.gql(
        `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${SKU.inStock}, quantity: 1 }) { id } }`,
        { id: cart.data!.getCart.id },
      )
      const again = await api.gql(
        `mutation ($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { promoCode } }`,
        {
          id: cart.data!.getCart.id,
          code,
        },
      )
      expect(errorCodes(again)).toEqual(['InvalidPromoCode'])
    })
  })
})
