/**
 * The commerce API's endpoints for the payment providers' callbacks:
 * `POST /payments/{provider}/callback` on the API's origin, one per provider of
 * src/shared/payment-kinds.ts (docs/adr/0012-payments.md, ADR 0076).
 *
 * 1. The signature (HMAC-SHA256 over timestamp + body with the provider's key, see
 *    server/contracts/payment-providers.ts) must match the exact bytes received and the timestamp
 *    must be within 5 minutes: forged → 401, stale → 401.
 * 2. An event id seen before answers what it answered the first time and changes nothing.
 * 3. The event must name an order of ours by id and public id, paid with this provider's kind,
 *    with its amount and currency.
 * 4. Out-of-order events never flip a settled order: `payment.failed` for a paid order, or for
 *    one already cancelled, is ignored (200); `payment.paid` for an order given up meanwhile is
 *    refused (409 with the reason the shopper sees) so the provider voids the payment.
 * 5. Otherwise confirmOrderPayment applies it (paid → paid; failed → cancelled, stock back).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import {
  callbackPath,
  CallbackEventSchema,
  readSignedJson,
  type CallbackAnswer,
  type CallbackEvent,
  type FailureReason,
} from '../../../contracts/payment-providers'
import { confirmOrderPayment } from './payment'
import { PAYMENT_PROVIDERS, providerOf } from '../../../../src/shared/payment-kinds'

export interface PaymentCallbackOptions {
  database: Database
  config: Pick<Config, 'paymentSecret'>
  now?: () => Date
}

function answer(reply: FastifyReply, body: CallbackAnswer) {
  return reply.code(body.result === 'refused' ? 409 : 200).send(body)
}

export default async function paymentCallbackRoutes(app: FastifyInstance, options: PaymentCallbackOptions) {
  const db = options.database.db
  const now = options.now ?? (() => new Date())

  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_r, body, done) =>
    done(null, body),
  )

  async function recordEvent(
    provider: string,
    event: CallbackEvent,
    orderId: number,
    result: CallbackAnswer,
    reason?: string,
  ) {
    await db
      .insertInto('payment_callback_events')
      .values({
        event_id: event.id,
        provider,
        order_id: orderId,
        type: event.type,
        event_created_at: new Date(event.createdAt),
        result: result.result === 'refused' ? 'refused' : result.result === 'ignored' ? 'ignored' : 'applied',
        reason: result.reason ?? reason ?? null,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute()
    return result
  }

  async function handle(provider: string, event: CallbackEvent): Promise<CallbackAnswer | 'not-found'> {
    const record = (orderId: number, result: CallbackAnswer, reason?: string) =>
      recordEvent(provider, event, orderId, result, reason)
    const seen = await db
      .selectFrom('payment_callback_events')
      .select(['result', 'reason'])
      .where('event_id', '=', event.id)
      .executeTakeFirst()
    if (seen) {
      return seen.result === 'refused'
        ? { result: 'refused', reason: (seen.reason ?? 'sold_out') as FailureReason }
        : { result: 'duplicate' }
    }
    const orderId = /^\d{1,9}$/.test(event.orderId) ? Number(event.orderId) : NaN
    const order = Number.isInteger(orderId)
      ? await db
          .selectFrom('orders')
          .select([
            'order_id',
            'public_id',
            'status',
            'paid_at',
            'payment_kind',
            'email',
            'total_inc_vat',
            'currency_code',
          ])
          .where('order_id', '=', orderId)
          .where('public_id', '=', event.reference)
          .executeTakeFirst()
      : undefined
    // only the provider of the order's kind may settle it
    if (!order || providerOf(order.payment_kind) !== provider) return 'not-found'
    if (order.total_inc_vat !== event.amount || order.currency_code !== event.currency) {
      return record(order.order_id, { result: 'refused', reason: 'sold_out' }, 'amount mismatch')
    }

    if (event.type === 'payment.failed') {
      // settled orders stay as they are: a late 'failed' after 'paid' (or a second one) is ignored
      if (order.paid_at !== null || order.status === 'cancelled') {
        return record(order.order_id, { result: 'ignored' })
      }
      await confirmOrderPayment(options.database.db, order.order_id, {
        status: 'failed',
        reason: `${provider}: ${event.reason ?? 'payment failed'}`,
      })
      return record(order.order_id, { result: 'applied' }, event.reason)
    }

    if (order.paid_at !== null) return record(order.order_id, { result: 'ignored' })
    if (order.status === 'cancelled') {
      const cancellation = await db
        .selectFrom('order_events')
        .select('reason')
        .where('order_id', '=', order.order_id)
        .where('kind', '=', 'status')
        .where('status', '=', 'cancelled')
        .orderBy('event_id', 'desc')
        .executeTakeFirst()
      // the reservation ran out and the items went back on sale
      const reason: FailureReason = cancellation?.reason?.endsWith('expired') ? 'out_of_stock' : 'sold_out'
      return record(order.order_id, { result: 'refused', reason })
    }
    const blocked = await db
      .selectFrom('customer_email_rules')
      .select('status')
      .where('email', '=', order.email.toLowerCase())
      .where('status', '=', 'blacklisted')
      .executeTakeFirst()
    if (blocked) {
      await confirmOrderPayment(options.database.db, order.order_id, {
        status: 'failed',
        reason: `${provider}: user blocked`,
      })
      return record(order.order_id, { result: 'refused', reason: 'user_blocked' })
    }
    await confirmOrderPayment(options.database.db, order.order_id, {
      status: 'paid',
      transactionId: event.transactionId ?? event.sessionId,
      paidAt: new Date(event.createdAt),
    })
    return record(order.order_id, { result: 'applied' })
  }

  for (const provider of PAYMENT_PROVIDERS) {
    app.post(callbackPath(provider), async (request, reply) => {
      const read = readSignedJson(
        provider,
        options.config.paymentSecret,
        request,
        CallbackEventSchema,
        now().getTime(),
      )
      if (!read.ok) return reply.code(read.status).send({ error: read.error })
      const result = await handle(provider, read.data)
      if (result === 'not-found') return reply.code(404).send({ error: `no such ${provider} order` })
      return answer(reply, result)
    })
  }
}
