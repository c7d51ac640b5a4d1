/**
 * How PGlite is created, shared by the database worker (server/db/pglite-worker.ts) and the
 * PostgreSQL pool's type parsers (server/db/index.ts): the value parsers and the extensions.
 * Kept free of heavy imports so the worker loads only PGlite and this module.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'

export const INT8_OID = 20
export const DATE_OID = 1082

/** bigint as a JS number (money in minor units and counts stay far below 2^53). */
export function parseInt8(value: string): number {
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`bigint ${value} does not fit a JS number`)
  return parsed
}
/** date stays 'YYYY-MM-DD': no time zone may shift a calendar day. */
export const parseDate = (value: string): string => value

/** The same value parsers on both kinds (see schema.ts). */
export const PGLITE_PARSERS = { [INT8_OID]: parseInt8, [DATE_OID]: parseDate }

export const PGLITE_EXTENSIONS = { pg_trgm, unaccent }
