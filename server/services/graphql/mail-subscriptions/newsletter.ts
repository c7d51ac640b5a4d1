/**
 * The newsletter (docs/product-rules.md#mails-and-subscriptions: 15 % off a first purchase; issue #11 item 6;
 * docs/adr/0031-stock-mails.md): double opt-in by e-mail, the consent record, the welcome code.
 *
 * - subscribe: the subscription is pending and a `newsletter-confirm` mail with a signed link is
 *   queued (at most one per CONFIRM_RESEND_MINUTES per address: no mail-bombing a stranger). An
 *   address already confirmed is left as it is and gets no mail.
 * - confirm (the link): the subscription is confirmed, the consent "yes" is recorded with its time
 *   and source, and the first time for the address a single-use, first-purchase-only 15 % promo
 *   code is created in every market and sent in a `newsletter-welcome` mail.
 * - unsubscribe (the link in every newsletter mail): the consent "no" is recorded; the consent is
 *   never removed, only answered again (spec: once given, a consent is yes or no, never unset).
 * - an account's newsletter box (updateUser) subscribes or unsubscribes the account's address the
 *   same way, and every recorded consent sets the box of the account with that address, so the
 *   account page always shows what the list holds.
 *
 * Each step is one transaction that locks the subscription row first, so two clicks of the same
 * link, or two instances, create one code and queue one welcome mail.
 */
import { randomInt } from 'node:crypto'
import type { Insertable, Kysely } from 'kysely'
import { toJson, type DB } from '../../../db/schema'
import type { NoticeMailPayload } from '../../../contracts/mail'
import { MARKET_ALIASES } from '../../../../src/shared/markets'
import type { MailLinkConfig } from './back-in-stock'
import { placeOf } from './back-in-stock'
import { CONFIRM_LINK_DAYS, mailLinkPageUrl, signMailLink, type MailPlace } from './links'

/** docs/product-rules.md#mails-and-subscriptions: the newsletter's offer. */
export const WELCOME_PERCENTAGE = 15
export const CONFIRM_RESEND_MINUTES = 10
const CODE_PREFIX = 'WELCOME'
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 10

export type LinkOutcome = 'DONE' | 'ALREADY_DONE' | 'INVALID' | 'EXPIRED'

export interface SubscribeRequest {
  email: string
  place: MailPlace
  tags: string[]
  /** where the address was given ('storefront', 'checkout', …), kept with the consent */
  source: string
}

/** Where the shopper gave or withdrew a consent: the link of a mail, with the sign-up's source. */
export const CONSENT_SOURCE = {
  confirmLink: (signup: string) => `newsletter-confirm-link:${signup}`.slice(0, 80),
  unsubscribeLink: 'newsletter-unsubscribe-link',
  account: 'account-settings',
} as const

function unsubscribeUrl(config: MailLinkConfig, place: MailPlace, email: string): string {
  return mailLinkPageUrl(
    config,
    place,
    'unsubscribe',
    signMailLink(config, { p: 'newsletter-unsubscribe', e: email }),
  )
}

async function queueMail(
  trx: Kysely<DB>,
  kind: 'newsletter-confirm' | 'newsletter-welcome',
  email: string,
  place: MailPlace,
  payload: NoticeMailPayload,
): Promise<void> {
  await trx
    .insertInto('mail_messages')
    .values({
      kind,
      order_id: null,
      recipient: email,
      language: place.language,
      status: 'queued',
      payload: toJson(payload),
    })
    .execute()
}

/** Stores a pending subscription and queues its confirm mail; true whatever the address's state. */
export async function subscribe(
  db: Kysely<DB>,
  config: MailLinkConfig,
  request: SubscribeRequest,
  now: Date = new Date(),
): Promise<boolean> {
  const { email, place, tags, source } = request
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('newsletter_subscriptions')
      .values({ email, market_alias: place.market, language: place.language, tags, source })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .execute()
    const current = await trx
      .selectFrom('newsletter_subscriptions')
      .select(['confirmed_at', 'unsubscribed_at', 'confirm_requested_at'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (current.confirmed_at && !current.unsubscribed_at) return // already subscribed
    const recent =
      current.confirm_requested_at &&
      !current.unsubscribed_at &&
      now.getTime() - current.confirm_requested_at.getTime() < CONFIRM_RESEND_MINUTES * 60_000
    // Pending again (a new subscription, or one after unsubscribing): a new consent is needed.
    await trx
      .updateTable('newsletter_subscriptions')
      .set({
        market_alias: place.market,
        language: place.language,
        tags,
        source,
        confirmed_at: null,
        unsubscribed_at: null,
        ...(recent ? {} : { confirm_requested_at: now }),
      })
      .where('email', '=', email)
      .execute()
    if (recent) return
    const token = signMailLink(config, {
      p: 'newsletter-confirm',
      e: email,
      r: now.getTime(),
      x: now.getTime() + CONFIRM_LINK_DAYS * 24 * 60 * 60_000,
    })
    await queueMail(trx, 'newsletter-confirm', email, place, {
      params: { percent: String(WELCOME_PERCENTAGE) },
      actionUrl: mailLinkPageUrl(config, place, 'newsletter-confirm', token),
      shopUrl: new URL(config.publicUrl).origin,
    })
  })
  return true
}

function randomCode(): string {
  let suffix = ''
  for (let i = 0; i < CODE_LENGTH; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return `${CODE_PREFIX}-${suffix}`
}

/**
 * The address's first-purchase code, created the first time only (newsletter_welcome_codes has the
 * address as its key). Returns the code when it was created now, null when the address had one.
 */
export async function createWelcomeCode(trx: Kysely<DB>, email: string): Promise<string | null> {
  const existing = await trx
    .selectFrom('newsletter_welcome_codes')
    .select('code')
    .where('email', '=', email)
    .executeTakeFirst()
  if (existing) return null
  const code = randomCode()
  await trx
    .insertInto('promo_codes')
    .values({
      code,
      kind: 'percentage',
      percentage: WELCOME_PERCENTAGE,
      description: `Newsletter −${WELCOME_PERCENTAGE} %`,
      max_uses: 1,
      first_purchase_only: true,
    })
    .execute()
  await trx
    .insertInto('promo_code_markets')
    .values(MARKET_ALIASES.map((market_alias) => ({ code, market_alias })))
    .execute()
  await trx.insertInto('newsletter_welcome_codes').values({ email, code }).execute()
  return code
}

/** The confirm link: confirms a pending subscription; the first time, creates and sends the code. */
export async function confirmSubscription(
  db: Kysely<DB>,
  config: MailLinkConfig,
  email: string,
  requestedAt: number | undefined,
  now: Date = new Date(),
): Promise<LinkOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('newsletter_subscriptions')
      .select([
        'market_alias',
        'language',
        'confirmed_at',
        'unsubscribed_at',
        'confirm_requested_at',
        'source',
      ])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.unsubscribed_at) return 'INVALID'
    if (row.confirmed_at) return 'ALREADY_DONE'
    // an older link of the address (a newer confirm mail was sent since) does not confirm
    if (row.confirm_requested_at?.getTime() !== requestedAt) return 'INVALID'
    const place = placeOf(row.market_alias, row.language)
    await recordConsent(trx, email, {
      consent: 'yes',
      source: CONSENT_SOURCE.confirmLink(row.source),
      market: place.market,
      language: place.language,
      at: now,
    })
    const code = await createWelcomeCode(trx, email)
    if (code) {
      await queueMail(trx, 'newsletter-welcome', email, place, {
        params: { percent: String(WELCOME_PERCENTAGE), code },
        lines: [code],
        unsubscribeUrl: unsubscribeUrl(config, place, email),
      })
    }
    return 'DONE'
  })
}

/**
 * A consent given or withdrawn: the subscription says so (confirmed / unsubscribed) and the
 * history gets a row with its time and source (consent rows are never changed or deleted).
 */
type NewsletterConsentRow = Insertable<DB['newsletter_consents']>

async function recordConsent(
  trx: Kysely<DB>,
  email: string,
  change: {
    consent: 'yes' | 'no'
    source: string
    market: NewsletterConsentRow['market_alias']
    language: NewsletterConsentRow['language']
    at: Date
  },
): Promise<void> {
  await trx
    .updateTable('newsletter_subscriptions')
    .set(change.consent === 'yes' ? { confirmed_at: change.at } : { unsubscribed_at: change.at })
    .where('email', '=', email)
    .execute()
  // the account with this address shows the list's answer (addresses are stored in lower case)
  await trx
    .updateTable('users')
    .set({ newsletter: change.consent === 'yes' })
    .where('email', '=', email)
    .execute()
  await trx
    .insertInto('newsletter_consents')
    .values({
      email,
      consent: change.consent,
      source: change.source,
      market_alias: change.market,
      language: change.language,
      given_at: change.at,
    })
    .execute()
}

/** The unsubscribe link of a newsletter mail (or the account's box): records the consent "no". */
export async function unsubscribe(
  db: Kysely<DB>,
  email: string,
  now: Date = new Date(),
  source: string = CONSENT_SOURCE.unsubscribeLink,
): Promise<LinkOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('newsletter_subscriptions')
      .select(['market_alias', 'language', 'unsubscribed_at'])
      .where('email', '=', email)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return 'INVALID'
    if (row.unsubscribed_at) return 'ALREADY_DONE'
    await recordConsent(trx, email, {
      consent: 'no',
      source,
      market: row.market_alias,
      language: row.language,
      at: now,
    })
    return 'DONE'
  })
}
