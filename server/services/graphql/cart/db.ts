/**
 * The database as the commerce rules see it: the shared `DB` interface plus the column that
 * migration 0200_cart_gift_code.sql adds to `carts` (kept here so the shared schema file stays
 * the database owner's).
 */
import type { Kysely } from 'kysely'
import type { CartsTable, DB } from '../../../db/schema'

export interface CommerceCartsTable extends CartsTable {
  gift_code: string | null
}

export type CommerceDB = Omit<DB, 'carts'> & { carts: CommerceCartsTable }

/** The shared handle with the 0200 migration's column (Kysely's withTables: same pool, wider type). */
export function commerceDb(db: Kysely<DB>): Kysely<CommerceDB> {
  return db.withTables<Pick<CommerceDB, 'carts'>>()
}
