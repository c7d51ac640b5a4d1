import type { DB, MailMessagesTable } from '../../db/schema'

export type { MailMessagesTable }

export interface MailWatermarksTable {
  kind: 'order-confirmation'
  after_order_id: number
}

/** The shared DB (which holds mail_messages, written by other services too) plus the watermarks. */
export type MailDB = DB & { mail_watermarks: MailWatermarksTable }
