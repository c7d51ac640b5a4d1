/**
 * Loyalty contacts and membership (docs/product-rules.md#loyalty). A customer has one
 * contact, found or created by `get-contact`; a visitor not logged in can have one keyed only by
 * the discovery key (the search service's customer key). Joining gives the contact a member
 * number, which also goes into `users.member_id`: the auth service puts it in the next token's
 * `memberId` claim, and that claim is what opens the members-only pages.
 */
import { randomInt } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { toJson, type DB, type LoyaltyContactsTable } from '../../db/schema'
import type { NoticeMailPayload } from '../../contracts/mail'
import { MARKETS, isMarketAlias } from '../../../src/shared/markets'
import { POINTS_PENDING_DAYS } from '../../../src/shared/loyalty'
import { mailLanguage, membershipUrl, type UrlConfig } from './links'
import { syncContactPoints } from './points'
import type { LoyaltyContact } from '../../../src/shared/loyalty-api'

export type Contact = Selectable<LoyaltyContactsTable>

export function contactView(contact: Contact): LoyaltyContact {
  return {
    id: contact.contact_id,
    discoveryKey: contact.discovery_key,
    registrationCompleteEvent: contact.registration_complete,
    preferences: { acceptsEmail: contact.accepts_email, acceptsSms: contact.accepts_sms },
    isMember: contact.is_member,
    memberNumber: contact.member_number,
  }
}

export interface ContactDetails {
  countryCode?: string | undefined
  newsletter?: boolean | undefined
}

/** The user's contact, created on first use (a Contact, not yet a member). */
export async function userContact(
  db: Kysely<DB>,
  user: { id: string; email: string },
  details: ContactDetails = {},
): Promise<Contact> {
  const existing = await db
    .selectFrom('loyalty_contacts')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst()
  if (existing) {
    const changes: Partial<{ country_code: string; accepts_email: boolean; email: string }> = {}
    if (details.countryCode && details.countryCode !== existing.country_code)
      changes.country_code = details.countryCode
    // a consent once given stays until it is changed through save-consent
    if (details.newsletter === true && !existing.accepts_email) changes.accepts_email = true
    if (existing.email !== user.email) changes.email = user.email
    if (Object.keys(changes).length === 0) return existing
    return db
      .updateTable('loyalty_contacts')
      .set({ ...changes, updated_at: new Date() })
      .where('contact_id', '=', existing.contact_id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }
  await db
    .insertInto('loyalty_contacts')
    .values({
      user_id: user.id,
      email: user.email,
      country_code: details.countryCode ?? null,
      accepts_email: details.newsletter === true,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute()
  return db
    .selectFrom('loyalty_contacts')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirstOrThrow()
}

/**
 * A visitor's discovery key: on the customer's contact, or on a contact of its own; null when
 * another customer's contact holds it.
 */
export async function setDiscoveryKey(
  db: Kysely<DB>,
  user: { id: string; email: string } | null,
  discoveryKey: string,
): Promise<Contact | null> {
  if (user) {
    // another customer's key stays theirs (a shared browser, or a key copied from elsewhere)
    const holder = await db
      .selectFrom('loyalty_contacts')
      .select('user_id')
      .where('discovery_key', '=', discoveryKey)
      .where('user_id', 'is not', null)
      .executeTakeFirst()
    if (holder && holder.user_id !== user.id) return null
    const contact = await userContact(db, user)
    if (contact.discovery_key === discoveryKey) return contact
    return db.transaction().execute(async (trx) => {
      // the key moves to the customer: a visitor contact that held it is merged away
      await trx
        .deleteFrom('loyalty_contacts')
        .where('discovery_key', '=', discoveryKey)
        .where('user_id', 'is', null)
        .execute()
      return trx
        .updateTable('loyalty_contacts')
        .set({ discovery_key: discoveryKey, updated_at: new Date() })
        .where('contact_id', '=', contact.contact_id)
        .returningAll()
        .executeTakeFirstOrThrow()
    })
  }
  await db
    .insertInto('loyalty_contacts')
    .values({ discovery_key: discoveryKey })
    .onConflict((oc) => oc.column('discovery_key').doNothing())
    .execute()
  return db
    .selectFrom('loyalty_contacts')
    .selectAll()
    .where('discovery_key', '=', discoveryKey)
    .executeTakeFirstOrThrow()
}

function newMemberNumber(): string {
  return `M${randomInt(10_000_000, 100_000_000)}`
}

/**
 * Join (docs/product-rules.md#loyalty: isMember true) or leave (false). Joining queues the `loyalty-joined` mail;
 * leaving books the points earned so far and keeps them and the vouchers (a member who rejoins
 * finds them again), but no order placed while not a member earns points.
 */
export async function setMembership(
  db: Kysely<DB>,
  contact: Contact,
  isMember: boolean,
  at: Date,
  config: UrlConfig,
): Promise<Contact> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('loyalty_contacts')
      .selectAll()
      .where('contact_id', '=', contact.contact_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    if (locked.is_member === isMember || !locked.user_id) return locked
    const userId = locked.user_id
    if (!isMember) await syncContactPoints(trx, locked, at)
    const memberNumber = locked.member_number ?? newMemberNumber()
    const updated = await trx
      .updateTable('loyalty_contacts')
      .set({
        is_member: isMember,
        member_number: memberNumber,
        joined_at: isMember ? at : null,
        registration_complete: locked.registration_complete || isMember,
        updated_at: new Date(),
      })
      .where('contact_id', '=', locked.contact_id)
      .returningAll()
      .executeTakeFirstOrThrow()
    // what the auth service puts into the next token's memberId claim
    await trx
      .updateTable('users')
      .set({ member_id: isMember ? memberNumber : null, updated_at: new Date() })
      .where('user_id', '=', userId)
      .execute()
    if (isMember) await queueJoinedMail(trx, userId, memberNumber, config)
    return updated
  })
}

async function queueJoinedMail(
  trx: Transaction<DB>,
  userId: string,
  memberNumber: string,
  config: UrlConfig,
) {
  const user = await trx
    .selectFrom('users')
    .select(['email', 'first_name', 'market_alias'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  const lastOrder = await trx
    .selectFrom('orders')
    .select(['market_alias', 'language'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst()
  const market = isMarketAlias(lastOrder?.market_alias)
    ? lastOrder.market_alias
    : isMarketAlias(user.market_alias)
      ? user.market_alias
      : 'fi'
  const language = mailLanguage(market, lastOrder?.language ?? MARKETS[market].defaultLocale)
  const payload: NoticeMailPayload = {
    firstName: user.first_name,
    params: { memberNumber, days: String(POINTS_PENDING_DAYS) },
    actionUrl: membershipUrl(config, market, language.code),
    shopUrl: new URL(config.publicUrl).origin,
  }
  await trx
    .insertInto('mail_messages')
    .values({
      kind: 'loyalty-joined',
      order_id: null,
      recipient: user.email,
      language: language.code,
      status: 'queued',
      payload: toJson(payload),
    })
    .execute()
}

/**
 * save-consent with removeAccount=true (docs/product-rules.md#loyalty): the loyalty account is removed — membership,
 * points, unused vouchers — and the member flag with it. The customer account stays.
 */
export async function removeLoyaltyAccount(db: Kysely<DB>, contact: Contact): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (contact.user_id)
      await trx
        .updateTable('users')
        .set({ member_id: null, updated_at: new Date() })
        .where('user_id', '=', contact.user_id)
        .execute()
    // the ledger, the vouchers and the cart events go with the contact; an order that used a
    // voucher keeps its code in orders.promo_code
    await trx.deleteFrom('loyalty_contacts').where('contact_id', '=', contact.contact_id).execute()
  })
}

export async function saveConsent(
  db: Kysely<DB>,
  contact: Contact,
  consent: { acceptsEmail?: boolean | undefined; acceptsSms?: boolean | undefined },
): Promise<Contact> {
  return db
    .updateTable('loyalty_contacts')
    .set({
      accepts_email: consent.acceptsEmail ?? contact.accepts_email,
      accepts_sms: consent.acceptsSms ?? contact.accepts_sms,
      updated_at: new Date(),
    })
    .where('contact_id', '=', contact.contact_id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
