/**
 * The mail a registration sends (ADR 0067): the storefront answers a registration the same
 * whether or not the e-mail already had an account, and the mail tells the address's owner which
 * it was. A new account gets `account-welcome`; an existing one `account-exists` ("someone tried
 * to register with your e-mail; if it was you, log in or reset your password"), at most
 * MAX_EXISTS_MAILS_PER_HOUR an hour, so registering cannot bomb someone's inbox. Queued in
 * mail_messages like every service's mail (server/contracts/mail.ts); the texts are the
 * mail.accountWelcome.* and mail.accountExists.* keys of locales/*.json.
 */
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import type { NoticeMailPayload } from '../../contracts/mail'
import { toJson, type DB } from '../../db/schema'

export const MAX_EXISTS_MAILS_PER_HOUR = 3

const WebUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(2000)

/** Where the mail's links go and its language, as the storefront knows them. */
export const RegistrationMail = z.object({
  language: z.enum(['fi', 'sv', 'nb', 'da'], { error: 'mail.language must be fi, sv, nb or da' }),
  /** the shop's address the shopper used (ADR 0057) */
  shopUrl: WebUrl,
  /** the account page (log in, forgotten password) in the shopper's market and language */
  accountUrl: WebUrl,
})
export type RegistrationMail = z.infer<typeof RegistrationMail>

export async function queueRegistrationMail(
  db: Kysely<DB>,
  kind: 'account-welcome' | 'account-exists',
  recipient: string,
  mail: RegistrationMail,
): Promise<void> {
  if (kind === 'account-exists') {
    const recent = await db
      .selectFrom('mail_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('kind', '=', kind)
      .where('recipient', '=', recipient)
      // the database's clock, which stamped created_at
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow()
    if (Number(recent.count) >= MAX_EXISTS_MAILS_PER_HOUR) return
  }
  const payload: NoticeMailPayload = { actionUrl: mail.accountUrl, shopUrl: mail.shopUrl }
  await db
    .insertInto('mail_messages')
    .values({
      kind,
      order_id: null,
      recipient,
      language: mail.language,
      status: 'queued',
      payload: toJson(payload),
    })
    .execute()
}
