/**
 * The embedded test payment providers as a Fastify plugin under /pay: Lumopay, the card provider
 * (docs/adr/0012-payments.md), at its root:
 *
 *   POST /pay/api/sessions          the shop creates the payment of an order (signed request)
 *   GET  /pay/orders/{reference}    the hosted payment page (card number, expiry, CVC)
 *   POST /pay/orders/{reference}    a card attempt; answers with a redirect to the shop
 *
 * and the phone wallets of src/shared/payment-kinds.ts under /pay/{provider} (wallets.ts, ADR
 * 0076). Card data is posted only here; the shop's pages never see it and Lumopay keeps only the
 * last four digits. The callbacks to the shop are signed (server/contracts/payment-providers.ts)
 * and retried until answered; a timer expires unpaid sessions and resends due callbacks (stopped
 * when the app closes).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { createServiceFetch } from '../shared/service-fetch'
import { startPeriodicJob } from '../shared/periodic'
import { checkCard } from './cards'
import { paymentsDb } from './db'
import { renderMessagePage, renderPaymentPage, type PageLanguage, type RenderedPage } from './page'
import { HEALTH_PATH, SessionRequestSchema } from '../../contracts/lumopay'
import { CARD_PROVIDER, readSignedJson } from '../../contracts/payment-providers'
import { walletRoutes } from './wallets'
import {
  closedReason,
  createSession,
  deliverDue,
  expireSessions,
  findSession,
  pay,
  returnUrl,
  type ProviderDeps,
  type Session,
} from './sessions'
import { isUuid } from '../../../src/shared/validation/ids'
import { PRIVATE_NO_STORE } from '../shared/cache-control'

export interface PaymentsServiceOptions {
  database: Database
  config: Pick<Config, 'paymentSecret' | 'services' | 'browserServices' | 'host' | 'port'>
  /** How callbacks reach the shop; by default in-process for this process's URLs, else the network. */
  fetch?: typeof fetch
  now?: () => Date
  /** Expiry and retry sweep; 0 turns the timer off (tests run the sweep themselves). */
  sweepIntervalMs?: number
}

function send(reply: FastifyReply, page: RenderedPage, status = 200) {
  return reply
    .code(status)
    .header('content-security-policy', page.csp)
    .header('cache-control', PRIVATE_NO_STORE)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(page.html)
}

function languageFrom(value: unknown): PageLanguage {
  return value === 'sv' || value === 'nb' || value === 'da' ? value : 'fi'
}

function originsOf(session: Session): string[] {
  return [session.success_url, session.failure_url].map((url) => new URL(url).origin)
}

export default async function paymentsService(app: FastifyInstance, options: PaymentsServiceOptions) {
  const { config } = options
  const deps: ProviderDeps = {
    db: paymentsDb(options.database.db),
    secret: config.paymentSecret,
    fetch: options.fetch ?? createServiceFetch(app, config),
    now: options.now ?? (() => new Date()),
    log: app.log,
  }
  // embedded: the page is on the host the shop sends the shopper back to (ADR 0057)
  const browserBase = (session: Session) =>
    config.browserServices.payments ?? `${new URL(session.success_url).origin}/pay`
  const pageUrl = (session: Session) => `${browserBase(session)}/orders/${session.reference}`

  // Signed requests are verified over the exact bytes received; forms arrive url-encoded.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body)
  })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  // the provider answers: the checkout offers card payment only then
  app.get(`/pay${HEALTH_PATH}`, async (_request, reply) =>
    reply.header('cache-control', PRIVATE_NO_STORE).send({ status: 'ok' }),
  )

  app.post('/pay/api/sessions', async (request, reply) => {
    const read = readSignedJson(
      CARD_PROVIDER,
      config.paymentSecret,
      request,
      SessionRequestSchema,
      deps.now().getTime(),
    )
    if (!read.ok) return reply.code(read.status).send({ error: read.error })
    const session = await createSession(deps, read.data)
    if (!session) return reply.code(409).send({ error: 'reference: the order pays with another provider' })
    return reply.code(201).send({
      sessionId: session.session_id,
      url: pageUrl(session),
      status: session.status,
      expiresAt: session.expires_at.toISOString(),
    })
  })

  async function closedPage(reply: FastifyReply, session: Session) {
    if (session.status === 'paid') return reply.redirect(returnUrl(session), 303)
    return reply.redirect(returnUrl(session, { reason: closedReason(session) }), 303)
  }

  function notFound(reply: FastifyReply, language: PageLanguage) {
    return send(reply, renderMessagePage(language, 'lumopay.notFound.text', null, 'notFound'), 404)
  }

  app.get<{ Params: { reference: string }; Querystring: { lang?: string } }>(
    '/pay/orders/:reference',
    async (request, reply) => {
      const { reference } = request.params
      const session = isUuid(reference) ? await findSession(deps, reference) : undefined
      if (!session) return notFound(reply, languageFrom(request.query.lang))
      if (session.status === 'open' && session.expires_at.getTime() <= deps.now().getTime()) {
        await expireSessions(deps)
        await deliverDue(deps)
        return closedPage(reply, (await findSession(deps, reference))!)
      }
      if (session.status !== 'open') return closedPage(reply, session)
      return send(
        reply,
        renderPaymentPage({
          language: session.language,
          shopName: session.shop_name,
          amount: session.amount,
          currency: session.currency,
          action: `/pay/orders/${session.reference}`,
          cancelUrl: session.cancel_url,
          returnOrigins: originsOf(session),
        }),
      )
    },
  )

  app.post<{ Params: { reference: string }; Body: Record<string, string> | undefined }>(
    '/pay/orders/:reference',
    async (request, reply) => {
      const { reference } = request.params
      const session = isUuid(reference) ? await findSession(deps, reference) : undefined
      if (!session) return notFound(reply, 'fi')
      if (session.status !== 'open') return closedPage(reply, session)
      const form = request.body && typeof request.body === 'object' ? request.body : {}
      const card = checkCard(form, deps.now())
      if (!card.ok) {
        return send(
          reply,
          renderPaymentPage({
            language: session.language,
            shopName: session.shop_name,
            amount: session.amount,
            currency: session.currency,
            action: `/pay/orders/${session.reference}`,
            cancelUrl: session.cancel_url,
            returnOrigins: originsOf(session),
            values: { cardNumber: String(form.cardNumber ?? ''), expiry: String(form.expiry ?? '') },
            errors: card.errors,
          }),
          422,
        )
      }
      const result = await pay(deps, reference, card)
      if (result.kind === 'refused')
        return reply.redirect(returnUrl(result.session, { reason: result.reason }), 303)
      if (result.kind === 'closed') return closedPage(reply, result.session)
      if (result.delivery.result === 'refused') {
        return reply.redirect(
          returnUrl(result.session, { reason: result.delivery.reason ?? 'sold_out' }),
          303,
        )
      }
      // applied, or not yet delivered (retried): the shop shows the order as paid once it hears
      return reply.redirect(returnUrl(result.session), 303)
    },
  )

  walletRoutes(app, { deps, paymentSecret: config.paymentSecret, browserBase, send, languageFrom })

  startPeriodicJob(app, 'Lumopay sweep', options.sweepIntervalMs ?? 30_000, () =>
    expireSessions(deps).then(() => deliverDue(deps)),
  )
}

export { expireSessions, deliverDue } from './sessions'
