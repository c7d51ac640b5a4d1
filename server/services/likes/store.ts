/**
 * The likes service's queries: a customer's saved list in its order, replacing it in one
 * transaction, and the migrated flag. Every function takes the user id the caller has already
 * authorised (./index.ts): nothing here decides who may read what.
 */
import { sql } from 'kysely'
import type { LikesDatabase } from './db'

export interface SavedFavourites {
  /** product ids, newest first */
  ids: number[]
  /** when the list last changed; null when it never was saved through the service */
  updatedAt: Date | null
}

export async function loadFavourites(db: LikesDatabase, userId: string): Promise<SavedFavourites> {
  const [rows, sync] = await Promise.all([
    db
      .selectFrom('user_favourites')
      .select('product_id')
      .where('user_id', '=', userId)
      .orderBy('position')
      .orderBy('created_at', 'desc')
      .orderBy('product_id')
      .execute(),
    db
      .selectFrom('user_favourites_sync')
      .select('updated_at')
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ])
  return { ids: rows.map((row) => row.product_id), updatedAt: sync?.updated_at ?? null }
}

/**
 * The list becomes exactly `ids` (newest first). A favourite that stays keeps its created_at, so
 * the table still says since when a product has been liked.
 */
export async function saveFavourites(
  db: LikesDatabase,
  userId: string,
  ids: readonly number[],
): Promise<Date> {
  return db.transaction().execute(async (trx) => {
    // one writer per customer at a time: two devices saving at once end with one whole list
    const row = await trx
      .insertInto('user_favourites_sync')
      .values({ user_id: userId, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: sql<Date>`now()` }))
      .returning('updated_at')
      .executeTakeFirstOrThrow()
    if (ids.length === 0) {
      await trx.deleteFrom('user_favourites').where('user_id', '=', userId).execute()
    } else {
      await trx
        .deleteFrom('user_favourites')
        .where('user_id', '=', userId)
        .where('product_id', 'not in', [...ids])
        .execute()
      await trx
        .insertInto('user_favourites')
        .values(ids.map((productId, position) => ({ user_id: userId, product_id: productId, position })))
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'product_id'])
            .doUpdateSet({ position: (eb) => eb.ref('excluded.position') }),
        )
        .execute()
    }
    return row.updated_at ?? new Date()
  })
}

export async function isMigrated(db: LikesDatabase, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_favourites_sync')
    .select('migrated_at')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row?.migrated_at != null
}

/** Marks the migration done; the first time counts, later calls change nothing. */
export async function markMigrated(db: LikesDatabase, userId: string): Promise<void> {
  await db
    .insertInto('user_favourites_sync')
    .values({ user_id: userId, migrated_at: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ migrated_at: sql<Date>`coalesce(user_favourites_sync.migrated_at, now())` }),
    )
    .execute()
}
