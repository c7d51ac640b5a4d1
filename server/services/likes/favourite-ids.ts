/**
 * The body of POST /likes/users/{userId}/products: a JSON list of product ids, newest first.
 * A product id is a positive integer (the commerce API's ids; a numeric string is read as its
 * number, as the storefront normalises them, docs/product-rules.md#favourites). At most FAVOURITES_CAP ids (docs/product-rules.md#favourites);
 * duplicates keep their first (newest) place.
 */
import { z } from 'zod'

/** docs/product-rules.md#favourites: a customer's favourites are capped at 1000. */
export const FAVOURITES_CAP = 1000
/** The user_favourites.product_id column is a PostgreSQL integer. */
const MAX_PRODUCT_ID = 2_147_483_647

const ProductId = z.union([
  z.number().int().min(1).max(MAX_PRODUCT_ID),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'not a product id')
    .transform(Number)
    .pipe(z.number().max(MAX_PRODUCT_ID)),
])

export const FavouriteIds = z
  .array(ProductId, { error: 'must be a JSON list of product ids' })
  .max(FAVOURITES_CAP, { error: `at most ${FAVOURITES_CAP} favourites` })
  .transform((ids) => [...new Set(ids)])

export type ParsedIds = { ok: true; ids: number[] } | { ok: false; problems: string[] }

export function parseFavouriteIds(body: unknown): ParsedIds {
  const parsed = FavouriteIds.safeParse(body)
  if (parsed.success) return { ok: true, ids: parsed.data }
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `[${issue.path.join('.')}]: ${issue.message}` : issue.message,
    ),
  }
}
