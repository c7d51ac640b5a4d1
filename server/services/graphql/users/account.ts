/**
 * getUser, updateUser and deleteUser: each reads or writes only the row of the signed-in user
 * (ctx.user, from the verified bearer token). Without a user, or with a token whose account no
 * longer exists, they answer UNAUTHENTICATED.
 */
import type { GraphQLContext, RequestScope } from '../context'
import { unauthenticated } from '../errors'
import { isUuid } from '../../../../src/shared/validation/ids'
import { parseUserInput } from './input'
import { presentUser } from './present'
import { revokeRefreshTokens, usersDb, type UsersDB } from './db'
import type { Kysely } from 'kysely'
import { CONSENT_SOURCE, subscribe, unsubscribe } from '../mail-subscriptions/newsletter'

/** The signed-in user's id; UNAUTHENTICATED without one. */
export function requireUserId(ctx: GraphQLContext, message = 'Sign in to see your account'): string {
  const id = ctx.user?.id
  if (!id || !isUuid(id)) throw unauthenticated(message)
  return id
}

async function loadUser(db: Kysely<UsersDB>, userId: string) {
  const [user, balances] = await Promise.all([
    db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_balances')
      .select(['currency_code', 'amount'])
      .where('user_id', '=', userId)
      .orderBy('currency_code')
      .execute(),
  ])
  return user ? { user, balances } : undefined
}

async function presentedUser(ctx: GraphQLContext, scope: RequestScope, userId: string) {
  const loaded = await loadUser(usersDb(ctx.db), userId)
  if (!loaded) throw unauthenticated('The account no longer exists')
  return presentUser(loaded.user, loaded.balances, scope, await ctx.markets.all())
}

export async function getUser(ctx: GraphQLContext, scope: RequestScope) {
  return presentedUser(ctx, scope, requireUserId(ctx))
}

export async function updateUser(ctx: GraphQLContext, scope: RequestScope, input: unknown) {
  const userId = requireUserId(ctx, 'Sign in to change your account')
  const { newsletter, ...changes } = parseUserInput(input, scope.market.countryCode)
  const updated = await usersDb(ctx.db)
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returning(['email', 'newsletter'])
    .executeTakeFirst()
  if (!updated) throw unauthenticated('The account no longer exists')
  if (newsletter !== undefined && newsletter !== updated.newsletter)
    await changeNewsletter(ctx, scope, updated.email, newsletter)
  return presentedUser(ctx, scope, userId)
}

/**
 * The account's newsletter box is the newsletter list itself (ADR 0031): ticking it asks for a
 * confirmation by e-mail (double opt-in: the box stays unticked until the link is followed, and
 * the confirmation brings the welcome code); unticking it unsubscribes at once.
 */
async function changeNewsletter(ctx: GraphQLContext, scope: RequestScope, email: string, wanted: boolean) {
  if (!wanted) {
    await unsubscribe(ctx.db, email, new Date(), CONSENT_SOURCE.account)
    // an address that was never on the list still turns the box off
    await ctx.db.updateTable('users').set({ newsletter: false }).where('email', '=', email).execute()
    return
  }
  await subscribe(
    ctx.db,
    { ...ctx.config, publicUrl: ctx.shopUrl },
    {
      email,
      place: { market: scope.market.alias, language: scope.language },
      tags: [],
      source: 'account',
    },
  )
}

/**
 * Deletes the account and its personal data in one transaction: sessions (refresh tokens),
 * open carts and saved checkout details, newsletter and back-in-stock subscriptions of the
 * address, queued account mails, then the users row — which deletes balances, favourites and
 * reset keys with it and unlinks reviews and orders (their user_id becomes NULL). Orders keep
 * their rows for accounting, without the person's account.
 */
export async function deleteUser(ctx: GraphQLContext): Promise<boolean> {
  const userId = requireUserId(ctx, 'Sign in to delete your account')
  return usersDb(ctx.db)
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('email')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst()
      if (!user) throw unauthenticated('The account no longer exists')
      await revokeRefreshTokens(trx, userId)
      const carts = trx.selectFrom('carts').select('cart_id').where('user_id', '=', userId)
      await trx.deleteFrom('checkouts').where('cart_id', 'in', carts).execute()
      await trx
        .deleteFrom('carts')
        .where('user_id', '=', userId)
        .where('is_completed', '=', false)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom('orders').select('order_id').whereRef('orders.cart_id', '=', 'carts.cart_id')),
          ),
        )
        .execute()
      await trx.deleteFrom('newsletter_subscriptions').where('email', '=', user.email).execute()
      await trx.deleteFrom('stock_monitors').where('email', '=', user.email).execute()
      // the newsletter's consent record and welcome-code marker name the address (ADR 0031)
      await trx.deleteFrom('newsletter_consents').where('email', '=', user.email).execute()
      await trx.deleteFrom('newsletter_welcome_codes').where('email', '=', user.email).execute()
      await trx
        .deleteFrom('mail_messages')
        .where('recipient', '=', user.email)
        .where('kind', '<>', 'order-confirmation')
        .execute()
      await trx.deleteFrom('users').where('user_id', '=', userId).execute()
      return true
    })
}
