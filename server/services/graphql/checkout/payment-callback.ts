/**
 * The commerce API's endpoint for the payment provider's callbacks:
 * `POST /payments/lumopay/callback` on the API's origin (docs/adr/0012-payments.md).
 *
 * 1. The signature (HMAC-SHA256 over timestamp + body, config.paymentSecret) must match the exact
 *    bytes received and the timestamp must be within 5 minutes: forged → 401, stale → 401.
 * 2. An event id seen before answers what it answered the first time and changes nothing.
 * 3. The event must name an order of ours by id and public id, with its amount and currency.
 * 4. Out-of-order events never flip a settled order: `payment.failed` for a paid order, or for
 *    one already cancelled, is ignored (200); `payment.paid` for an order given up meanwhile is
 *    refused (409 with the reason the shopper sees) so the provider voids the payment.
 * 5. Otherwise confirmOrderPayment applies it (paid → paid; failed → cancelled, stock back).
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Config } from '../../../config'
import type { Database } from '../../../db'
import {
  CallbackEventSchema,
  PROVIDER_NAME,
  verifySignature,
  type CallbackAnswer,
  type CallbackEvent,
  type FailureReason,
} from '../../../contracts/lumopay'
import { CALLBACK_PATH } from './card-payment'
import { confirmOrderPayment } from './payment'
import { paidAtProvider } from '../../../../src/shared/payment-kinds'

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

  async function record(event: CallbackEvent, orderId: number, result: CallbackAnswer, reason?: string) {
    await db
      .insertInto('payment_callback_events')
      .values({
        event_id: event.id,
        provider: PROVIDER_NAME,
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

  async function handle(event: CallbackEvent): Promise<CallbackAnswer | 'not-found'> {
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
    if (!order || !paidAtProvider(order.payment_kind)) return 'not-found'
    if (order.total_inc_vat !== event.amount || order.currency_code !== event.currency) {
      return record(event, order.order_id, { result: 'refused', reason: 'sold_out' }, 'amount mismatch')
    }

    if (event.type === 'payment.failed') {
      // settled orders stay as they are: a late 'failed' after 'paid' (or a second one) is ignored
      if (order.paid_at !== null || order.status === 'cancelled') {
        return record(event, order.order_id, { result: 'ignored' })
      }
      await confirmOrderPayment(options.database.db, order.order_id, {
        status: 'failed',
        reason: `${PROVIDER_NAME}: ${event.reason ?? 'payment failed'}`,
      })
      return record(event, order.order_id, { result: 'applied' }, event.reason)
    }

    if (order.paid_at !== null) return record(event, order.order_id, { result: 'ignored' })
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
      return record(event, order.order_id, { result: 'refused', reason })
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
        reason: `${PROVIDER_NAME}: user blocked`,
      })
      return record(event, order.order_id, { result: 'refused', reason: 'user_blocked' })
    }
    await confirmOrderPayment(options.database.db, order.order_id, {
      status: 'paid',
      transactionId: event.transactionId ?? event.sessionId,
      paidAt: new Date(event.createdAt),
    })
    return record(event, order.order_id, { result: 'applied' })
  }

  app.post(CALLBACK_PATH, async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    const verified = verifySignature(options.config.paymentSecret, request.headers, raw, now().getTime())
    if (!verified.ok) return reply.code(401).send({ error: `signature ${verified.error}` })
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return reply.code(400).send({ error: 'body is not JSON' })
    }
    const parsed = CallbackEventSchema.safeParse(json)
    if (!parsed.success) return reply.code(400).send({ error: 'not a payment event' })
    const result = await handle(parsed.data)
    if (result === 'not-found') return reply.code(404).send({ error: 'no such card order' })
    return answer(reply, result)
  })
}
