/**
 * The providers' state: payment sessions, attempts (cards, or wallet requests approved or
 * declined in the app) and the callbacks to the shop.
 *
 * A session is created by the shop (signed), one per order reference, naming its provider. The
 * shopper pays on the provider's page; an approved attempt marks the session paid and queues a signed `payment.paid`
 * callback, which is delivered at once and retried with back-off until the shop answers. If the
 * shop refuses a payment (its order was given up meanwhile, or the customer is blocked), the
 * payment is voided. A session nobody paid before it expires, or one refused too often, queues a
 * `payment.failed` callback so the shop gives the reserved stock back.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import type { AttemptOutcome, LumopaySessionsTable, PaymentsDB } from './db'
import {
  CARD_PROVIDER,
  isFailureReason,
  postSigned,
  type CallbackAnswer,
  type CallbackEvent,
  type FailureReason,
  type SessionRequest,
} from '../../contracts/payment-providers'

export type Session = Selectable<LumopaySessionsTable>

/** Refused attempts (cards, or wallet requests declined) a session takes before it gives up and the order is released. */
export const MAX_REFUSED_ATTEMPTS = 5
export const DEFAULT_EXPIRY_MINUTES = 30
/** Deliveries stop after this many tries (about a day with the back-off below). */
export const MAX_DELIVERY_ATTEMPTS = 20

export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)
}

export interface ProviderDeps {
  db: Kysely<PaymentsDB>
  secret: string
  fetch: typeof fetch
  now: () => Date
  log?: { warn(obj: unknown, msg?: string): void }
}

/** The order's session at this provider (another provider's session is not found here). */
export async function findSession(
  deps: ProviderDeps,
  reference: string,
  provider = CARD_PROVIDER,
): Promise<Session | undefined> {
  return deps.db
    .selectFrom('lumopay_sessions')
    .selectAll()
    .where('reference', '=', reference)
    .where('provider', '=', provider)
    .executeTakeFirst()
}

/** Creates the order's session, or returns the one it already has (the shop may ask again). */
export async function createSession(
  deps: ProviderDeps,
  request: SessionRequest,
  provider = CARD_PROVIDER,
): Promise<Session | undefined> {
  const expiresAt = new Date(
    deps.now().getTime() + (request.expiresInMinutes ?? DEFAULT_EXPIRY_MINUTES) * 60_000,
  )
  const inserted = await deps.db
    .insertInto('lumopay_sessions')
    .values({
      provider,
      reference: request.reference,
      merchant_order_id: request.orderId,
      amount: request.amount,
      currency: request.currency,
      language: request.language,
      shop_name: request.shopName,
      success_url: request.successUrl,
      failure_url: request.failureUrl,
      cancel_url: request.cancelUrl ?? null,
      callback_url: request.callbackUrl,
      expires_at: expiresAt,
    })
    .onConflict((oc) => oc.column('reference').doNothing())
    .returningAll()
    .executeTakeFirst()
  // undefined: the order already has a session at another provider
  return inserted ?? (await findSession(deps, request.reference, provider))
}

function eventFor(
  session: Session,
  type: CallbackEvent['type'],
  now: Date,
  extra: { transactionId?: string; reason?: string },
): CallbackEvent {
  return {
    id: randomUUID(),
    type,
    createdAt: now.toISOString(),
    sessionId: session.session_id,
    orderId: session.merchant_order_id,
    reference: session.reference,
    amount: session.amount,
    currency: session.currency,
    ...extra,
  }
}

type Trx = Kysely<PaymentsDB>

async function queueEvent(trx: Trx, event: CallbackEvent, now: Date): Promise<void> {
  await trx
    .insertInto('lumopay_callback_deliveries')
    .values({
      event_id: event.id,
      session_id: event.sessionId,
      type: event.type,
      body: JSON.stringify(event),
      next_attempt_at: now,
    })
    .execute()
}

export type DeliveryResult = CallbackAnswer | { result: 'pending' }

/**
 * Sends one queued callback, signed now. A 2xx or 409 answer settles it; anything else (network
 * error, 5xx, a refused signature) leaves it for a later try.
 */
export async function deliver(deps: ProviderDeps, eventId: string): Promise<DeliveryResult> {
  const row = await deps.db
    .selectFrom('lumopay_callback_deliveries as d')
    .innerJoin('lumopay_sessions as s', 's.session_id', 'd.session_id')
    .select([
      'd.event_id',
      'd.type',
      'd.body',
      'd.attempts',
      'd.delivered_at',
      's.callback_url',
      's.reference',
      's.provider',
    ])
    .where('d.event_id', '=', eventId)
    .executeTakeFirst()
  if (!row) throw new Error(`no callback ${eventId}`)
  if (row.delivered_at) return { result: 'duplicate' }
  let status: number | null = null
  let answer: CallbackAnswer | undefined
  try {
    const response = await postSigned(
      deps.fetch,
      row.callback_url,
      row.provider,
      deps.secret,
      row.body,
      deps.now().getTime(),
    )
    status = response.status
    const parsed = (await response.json().catch(() => ({}))) as Partial<CallbackAnswer>
    if (response.ok) {
      answer = {
        result:
          parsed.result === 'ignored' ? 'ignored' : parsed.result === 'duplicate' ? 'duplicate' : 'applied',
      }
    } else if (response.status === 409) {
      answer = { result: 'refused', reason: isFailureReason(parsed.reason) ? parsed.reason : 'sold_out' }
    }
  } catch (error) {
    deps.log?.warn(
      { err: error, eventId, provider: row.provider },
      'Payment callback delivery failed; it is retried',
    )
  }
  const now = deps.now()
  const attempts = row.attempts + 1
  await deps.db
    .updateTable('lumopay_callback_deliveries')
    .set({
      attempts,
      response_status: status,
      delivered_at: answer ? now : null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)),
    })
    .where('event_id', '=', eventId)
    .execute()
  if (!answer) return { result: 'pending' }
  if (answer.result === 'refused' && row.type === 'payment.paid') {
    // the shop will not take this payment: give the money back
    await deps.db
      .updateTable('lumopay_sessions')
      .set({ status: 'voided', failure_reason: answer.reason ?? 'sold_out', updated_at: now })
      .where('reference', '=', row.reference)
      .where('status', '=', 'paid')
      .execute()
  }
  return answer
}

export type PayResult =
  | { kind: 'paid'; session: Session; delivery: DeliveryResult }
  | { kind: 'refused'; reason: FailureReason; session: Session }
  | { kind: 'closed'; session: Session }

/**
 * What one attempt on a session was: a card (it has passed the field checks) with its last four
 * digits, or a wallet request the shopper approved or declined in the app, with the phone's last
 * digits.
 */
export type Attempt =
  | { outcome: Exclude<AttemptOutcome, 'payment_declined'>; last4: string }
  | { outcome: 'approved' | 'payment_declined'; phoneLastDigits: string | null }

/** One attempt on an open session of this provider. */
export async function pay(
  deps: ProviderDeps,
  reference: string,
  attempt: Attempt,
  provider = CARD_PROVIDER,
): Promise<PayResult> {
  const now = deps.now()
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('lumopay_sessions')
      .selectAll()
      .where('reference', '=', reference)
      .where('provider', '=', provider)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (session.status !== 'open') return { kind: 'closed' as const, session }
    if (session.expires_at.getTime() <= now.getTime()) {
      return { kind: 'closed' as const, session: await closeSession(trx, session, 'expired', 'expired', now) }
    }
    await trx
      .insertInto('lumopay_attempts')
      .values({
        session_id: session.session_id,
        card_last4: 'last4' in attempt ? attempt.last4 : null,
        phone_last_digits: 'phoneLastDigits' in attempt ? attempt.phoneLastDigits : null,
        outcome: attempt.outcome,
      })
      .execute()
    if (attempt.outcome !== 'approved') {
      const refused = await trx
        .selectFrom('lumopay_attempts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('session_id', '=', session.session_id)
        .where('outcome', '<>', 'approved')
        .executeTakeFirstOrThrow()
      const closed =
        Number(refused.count) >= MAX_REFUSED_ATTEMPTS
          ? await closeSession(trx, session, 'failed', attempt.outcome, now)
          : // a declined wallet request is over: the next one needs the phone number again
            await trx
              .updateTable('lumopay_sessions')
              .set({ phone_last_digits: null, updated_at: now })
              .where('session_id', '=', session.session_id)
              .returningAll()
              .executeTakeFirstOrThrow()
      return { kind: 'refused' as const, reason: attempt.outcome, session: closed }
    }
    const prefix = provider === CARD_PROVIDER ? 'lp' : provider
    const transactionId = `${prefix}_${randomBytes(12).toString('hex')}`
    const paid = await trx
      .updateTable('lumopay_sessions')
      .set({ status: 'paid', transaction_id: transactionId, updated_at: now })
      .where('session_id', '=', session.session_id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const event = eventFor(paid, 'payment.paid', now, { transactionId })
    await queueEvent(trx, event, now)
    return { kind: 'approved' as const, session: paid, eventId: event.id }
  })
  if (outcome.kind === 'approved') {
    const delivery = await deliver(deps, outcome.eventId)
    const session = (await findSession(deps, reference, provider))!
    return { kind: 'paid', session, delivery }
  }
  if (outcome.session.status !== 'open' && outcome.session.status !== 'paid') await deliverDue(deps)
  return outcome
}

/**
 * A wallet's payment request sent to the shopper's phone: the session remembers the phone's last
 * digits while the request waits in the app. Null when the session is no longer open.
 */
export async function requestPayment(
  deps: ProviderDeps,
  reference: string,
  provider: string,
  phoneLastDigits: string,
): Promise<Session | undefined> {
  return deps.db
    .updateTable('lumopay_sessions')
    .set({ phone_last_digits: phoneLastDigits, updated_at: deps.now() })
    .where('reference', '=', reference)
    .where('provider', '=', provider)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst()
}

async function closeSession(
  trx: Trx,
  session: Session,
  status: 'expired' | 'failed',
  reason: string,
  now: Date,
): Promise<Session> {
  const closed = await trx
    .updateTable('lumopay_sessions')
    .set({ status, failure_reason: reason, updated_at: now })
    .where('session_id', '=', session.session_id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await queueEvent(trx, eventFor(closed, 'payment.failed', now, { reason }), now)
  return closed
}

/** Expires open sessions past their time (each queues payment.failed). */
export async function expireSessions(deps: ProviderDeps): Promise<number> {
  const now = deps.now()
  const due = await deps.db
    .selectFrom('lumopay_sessions')
    .select('reference')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .limit(50)
    .execute()
  for (const { reference } of due) {
    await deps.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('lumopay_sessions')
        .selectAll()
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirstOrThrow()
      if (session.status === 'open') await closeSession(trx, session, 'expired', 'expired', now)
    })
  }
  return due.length
}

/** Sends the callbacks that are due (new ones and retries). */
export async function deliverDue(deps: ProviderDeps): Promise<number> {
  const due = await deps.db
    .selectFrom('lumopay_callback_deliveries')
    .select('event_id')
    .where('delivered_at', 'is', null)
    .where('next_attempt_at', '<=', deps.now())
    .where('attempts', '<', MAX_DELIVERY_ATTEMPTS)
    .orderBy('created_at')
    .limit(20)
    .execute()
  for (const { event_id } of due) await deliver(deps, event_id)
  return due.length
}

/** Where the shopper goes after paying (success) or after a refusal (failure, with the reason). */
export function returnUrl(session: Session, result: { reason?: FailureReason } = {}): string {
  const url = new URL(result.reason ? session.failure_url : session.success_url)
  url.searchParams.set('oid', session.reference)
  if (result.reason) url.searchParams.set('reason', result.reason)
  return url.toString()
}

/** The reason a closed session gives the shopper. */
export function closedReason(session: Session): FailureReason {
  if (isFailureReason(session.failure_reason)) return session.failure_reason
  // expired: the reservation was given back, so the order can no longer be created as it was
  return 'sold_out'
}
