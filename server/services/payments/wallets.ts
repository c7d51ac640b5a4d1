/**
 * The phone wallets' test providers (ADR 0076): one set of routes per provider of
 * src/shared/payment-kinds.ts whose flow is `phone` or `app-switch`, under /pay/{provider}:
 *
 *   POST /pay/{provider}/api/sessions        the shop creates an order's payment (signed request)
 *   GET  /pay/{provider}/orders/{reference}  the provider's page (?step=start|app)
 *   POST /pay/{provider}/orders/{reference}  action=request (phone), approve or decline
 *
 * Sessions, attempts and the signed callbacks are Lumopay's (sessions.ts), each session naming
 * its provider; a provider finds only its own sessions.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { brandOf, flowOf, PAYMENT_KIND_IDS, providerOf } from '../../../src/shared/payment-kinds'
import { isUuid } from '../../../src/shared/validation/ids'
import { providerBaseUrl, readSignedJson, SessionRequestSchema } from '../../contracts/payment-providers'
import { renderMessagePage, type PageLanguage, type RenderedPage } from './page'
import { countryOfCurrency, lastDigits, mobileNumber } from './phones'
import {
  closedReason,
  createSession,
  deliverDue,
  expireSessions,
  findSession,
  pay,
  requestPayment,
  returnUrl,
  type ProviderDeps,
  type Session,
} from './sessions'
import { renderWalletPage, type WalletStep } from './wallet-page'

export interface WalletRoutesOptions {
  deps: ProviderDeps
  paymentSecret: string
  /** the payments service's base URL as the shopper's browser reaches it, for this session */
  browserBase: (session: Session) => string
  send: (reply: FastifyReply, page: RenderedPage, status?: number) => FastifyReply
  languageFrom: (value: unknown) => PageLanguage
}

/** The providers whose page is a phone wallet's, with their kind's flow and brand. */
export function walletProviders() {
  return PAYMENT_KIND_IDS.flatMap((kind) => {
    const flow = flowOf(kind)
    const provider = providerOf(kind)
    const brand = brandOf(kind)
    return (flow === 'phone' || flow === 'app-switch') && provider && brand ? [{ provider, flow, brand }] : []
  })
}

function originsOf(session: Session): string[] {
  return [session.success_url, session.failure_url].map((url) => new URL(url).origin)
}

export function walletRoutes(app: FastifyInstance, options: WalletRoutesOptions) {
  const { deps, send, languageFrom } = options
  for (const { provider, flow, brand } of walletProviders()) {
    const base = `/pay/${provider}`
    const pageUrl = (session: Session) =>
      `${providerBaseUrl(options.browserBase(session), provider)}/orders/${session.reference}`

    app.post(`${base}/api/sessions`, async (request, reply) => {
      const read = readSignedJson(
        provider,
        options.paymentSecret,
        request,
        SessionRequestSchema,
        deps.now().getTime(),
      )
      if (!read.ok) return reply.code(read.status).send({ error: read.error })
      if (!countryOfCurrency(read.data.currency))
        return reply.code(400).send({ error: 'currency: not taken' })
      const session = await createSession(deps, read.data, provider)
      if (!session) return reply.code(409).send({ error: 'reference: the order pays with another provider' })
      return reply.code(201).send({
        sessionId: session.session_id,
        url: pageUrl(session),
        status: session.status,
        expiresAt: session.expires_at.toISOString(),
      })
    })

    const closedPage = (reply: FastifyReply, session: Session) =>
      reply.redirect(
        session.status === 'paid'
          ? returnUrl(session)
          : returnUrl(session, { reason: closedReason(session) }),
        303,
      )

    const notFound = (reply: FastifyReply, language: PageLanguage) =>
      send(reply, renderMessagePage(language, 'lumopay.notFound.text', null, 'notFound', brand), 404)

    const page = (
      session: Session,
      step: WalletStep,
      extra: { phoneValue?: string; phoneError?: boolean } = {},
    ) =>
      renderWalletPage({
        language: session.language,
        brand,
        flow,
        step,
        shopName: session.shop_name,
        amount: session.amount,
        currency: session.currency,
        action: `${base}/orders/${session.reference}`,
        cancelUrl: session.cancel_url,
        returnOrigins: originsOf(session),
        phoneLastDigits: session.phone_last_digits,
        ...extra,
      })

    /** The open session of this provider, or the answer for a missing or closed one. */
    async function openSession(reference: string, reply: FastifyReply, language: PageLanguage) {
      const session = isUuid(reference) ? await findSession(deps, reference, provider) : undefined
      if (!session) return { answered: notFound(reply, language) }
      if (session.status === 'open' && session.expires_at.getTime() <= deps.now().getTime()) {
        await expireSessions(deps)
        await deliverDue(deps)
        return { answered: closedPage(reply, (await findSession(deps, reference, provider))!) }
      }
      if (session.status !== 'open') return { answered: closedPage(reply, session) }
      return { session }
    }

    app.get<{ Params: { reference: string }; Querystring: { lang?: string; step?: string } }>(
      `${base}/orders/:reference`,
      async (request, reply) => {
        const found = await openSession(request.params.reference, reply, languageFrom(request.query.lang))
        if (!found.session) return found.answered
        const session = found.session
        const requested = flow === 'phone' && session.phone_last_digits !== null
        const step: WalletStep =
          request.query.step === 'app' && (flow === 'app-switch' || requested)
            ? 'app'
            : request.query.step === 'start' || !requested
              ? 'start'
              : 'app'
        return send(reply, page(session, step))
      },
    )

    app.post<{ Params: { reference: string }; Body: Record<string, string> | undefined }>(
      `${base}/orders/:reference`,
      async (request, reply) => {
        const found = await openSession(request.params.reference, reply, 'fi')
        if (!found.session) return found.answered
        const session = found.session
        const form = request.body && typeof request.body === 'object' ? request.body : {}
        const action = `${base}/orders/${session.reference}`
        if (form.action === 'request' && flow === 'phone') {
          const country = countryOfCurrency(session.currency)
          const number = country ? mobileNumber(form.phone, country) : null
          if (!number) {
            return send(
              reply,
              page(session, 'start', { phoneValue: String(form.phone ?? ''), phoneError: true }),
              422,
            )
          }
          const requested = await requestPayment(deps, session.reference, provider, lastDigits(number))
          if (!requested) return closedPage(reply, (await findSession(deps, session.reference, provider))!)
          // the request waits in the app: the page shows it (post, then redirect, then get)
          return reply.redirect(action, 303)
        }
        if (form.action !== 'approve' && form.action !== 'decline') return reply.redirect(action, 303)
        // a phone wallet approves only a request it was sent
        if (flow === 'phone' && session.phone_last_digits === null) return reply.redirect(action, 303)
        const result = await pay(
          deps,
          session.reference,
          {
            outcome: form.action === 'approve' ? 'approved' : 'payment_declined',
            phoneLastDigits: session.phone_last_digits,
          },
          provider,
        )
        if (result.kind === 'refused')
          return reply.redirect(returnUrl(result.session, { reason: result.reason }), 303)
        if (result.kind === 'closed') return closedPage(reply, result.session)
        if (result.delivery.result === 'refused') {
          return reply.redirect(
            returnUrl(result.session, { reason: result.delivery.reason ?? 'sold_out' }),
            303,
          )
        }
        return reply.redirect(returnUrl(result.session), 303)
      },
    )
  }
}
