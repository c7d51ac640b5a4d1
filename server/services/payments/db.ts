/**
 * The providers' own tables of migrations 0300_payments.sql and 1080 as Kysely types, private to
 * this service (named for Lumopay, the first provider; every session names its provider). The shop's side of that migration (payment_callback_events, written by the commerce
 * API) is in server/db/schema.ts.
 */
import type { ColumnType, Generated, Kysely } from 'kysely'
import type { CurrencyCode } from '../../../src/shared/markets'
import type { DB, GeneratedTimestamp, Timestamp } from '../../db/schema'
import type { SessionStatus } from '../../contracts/payment-providers'

export interface LumopaySessionsTable {
  session_id: Generated<string>
  provider: ColumnType<string, string | undefined, string>
  reference: string
  merchant_order_id: string
  amount: number
  currency: CurrencyCode
  language: 'fi' | 'sv' | 'nb' | 'da'
  shop_name: string
  success_url: string
  failure_url: string
  cancel_url: string | null
  callback_url: string
  status: ColumnType<SessionStatus, SessionStatus | undefined, SessionStatus>
  failure_reason: string | null
  transaction_id: string | null
  phone_last_digits: string | null
  expires_at: Timestamp
  created_at: GeneratedTimestamp
  updated_at: GeneratedTimestamp
}

export type AttemptOutcome = 'approved' | 'card_refused' | 'serial_returner' | 'payment_declined'

export interface LumopayAttemptsTable {
  attempt_id: Generated<number>
  session_id: string
  card_last4: string | null
  phone_last_digits: string | null
  outcome: AttemptOutcome
  created_at: GeneratedTimestamp
}

export interface LumopayCallbackDeliveriesTable {
  event_id: string
  session_id: string
  type: 'payment.paid' | 'payment.failed'
  body: string
  attempts: Generated<number>
  response_status: number | null
  delivered_at: Timestamp | null
  next_attempt_at: GeneratedTimestamp
  created_at: GeneratedTimestamp
}

export type PaymentsDB = DB & {
  lumopay_sessions: LumopaySessionsTable
  lumopay_attempts: LumopayAttemptsTable
  lumopay_callback_deliveries: LumopayCallbackDeliveriesTable
}

/** Widens the shared handle by the 0300 tables; the runtime object is unchanged. */
export function paymentsDb(db: Kysely<DB>): Kysely<PaymentsDB> {
  return db.withTables<{
    lumopay_sessions: LumopaySessionsTable
    lumopay_attempts: LumopayAttemptsTable
    lumopay_callback_deliveries: LumopayCallbackDeliveriesTable
  }>()
}
