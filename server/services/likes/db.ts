/**
 * The likes service's own table of migration 0820_likes.sql as a Kysely type. The favourites
 * themselves are rows of the shared user_favourites table (server/db/schema.ts).
 */
import type { Kysely } from 'kysely'
import type { DB, Timestamp } from '../../db/schema'

export interface UserFavouritesSyncTable {
  user_id: string
  /** when the saved list last changed; null before the first save */
  updated_at: Timestamp | null
  /** when the metaData favourites were moved here (docs/product-rules.md#favourites /migrated); null = not yet */
  migrated_at: Timestamp | null
}

export interface LikesDB extends DB {
  user_favourites_sync: UserFavouritesSyncTable
}

export type LikesDatabase = Kysely<LikesDB>
