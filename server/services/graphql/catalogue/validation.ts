/**
 * Argument validation beyond what GraphQL types can say (ranges, lengths, formats). A failure is
 * a BAD_USER_INPUT error naming the argument, e.g. "take must be at most 200".
 */
import { z } from 'zod'
import { badUserInput } from '../errors'
import { MAX_SKIP, MAX_TAKE } from '../limits'
import {
  REVIEW_AUTHOR_MAX_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
} from '../../../../src/shared/reviews'

export const MAX_PRODUCT_IDS = 600
export const MAX_FACETS = 100
export const MAX_SEARCH_LENGTH = 200

const skip = z
  .number()
  .int()
  .min(0, 'skip must not be negative')
  .max(MAX_SKIP, `skip must be at most ${MAX_SKIP}`)
  .nullish()
const take = z
  .number()
  .int()
  .min(0, 'take must not be negative')
  .max(MAX_TAKE, `take must be at most ${MAX_TAKE}`)
  .nullish()
const alias = z.string().trim().min(1, 'alias must not be empty').max(200, 'alias is too long')
const facetList = z
  .array(z.string().max(120, 'a facet id is too long'))
  .max(MAX_FACETS, `at most ${MAX_FACETS} facets`)

export const SORT_TYPES = [
  'NONE',
  'PRICE',
  'PRICE_DESC',
  'MOST_SOLD',
  'VOTES',
  'BRAND',
  'LATEST',
  'RELEVANCE',
  'FACET_ORDER',
  'ALPHABETICAL',
  'ALPHABETICAL_DESC',
  'AVAILABLE_STOCK',
  'AVAILABLE_STOCK_DESC',
  'TOTAL_STOCK',
  'TOTAL_STOCK_DESC',
] as const
export type SortType = (typeof SORT_TYPES)[number]

const price = z
  .number()
  .min(0, 'a price filter must not be negative')
  .max(10_000_000, 'a price filter is too large')
  .nullish()

export const ProductsArgs = z.object({
  skip,
  take,
  brandAlias: alias.nullish(),
  categoryAlias: alias.nullish(),
  discountCampaignAlias: alias.nullish(),
  url: z.string().trim().max(300, 'url is too long').nullish(),
  filter: z
    .object({
      searchText: z
        .string()
        .max(MAX_SEARCH_LENGTH, `searchText must be at most ${MAX_SEARCH_LENGTH} characters`)
        .nullish(),
      facets: facetList.nullish(),
      excludeFacets: facetList.nullish(),
      sort: z.enum(SORT_TYPES).nullish(),
      price: z.object({ lowest: price, highest: price }).nullish(),
      filterMode: z.enum(['BY_GROUP', 'CURRENT']).nullish(),
      productIds: z
        .array(z.number().int().positive('productIds must be positive'))
        .max(MAX_PRODUCT_IDS, `at most ${MAX_PRODUCT_IDS} productIds`)
        .nullish(),
    })
    .nullish(),
})
export type ProductsArgs = z.infer<typeof ProductsArgs>

export const ReviewsArgs = z.object({ alias: alias.nullish(), skip, take })

export const ReviewInput = z.object({
  alias,
  rating: z
    .number({ error: 'rating is required' })
    .int('rating must be a whole number')
    .min(REVIEW_RATING_MIN, `rating must be between ${REVIEW_RATING_MIN} and ${REVIEW_RATING_MAX}`)
    .max(REVIEW_RATING_MAX, `rating must be between ${REVIEW_RATING_MIN} and ${REVIEW_RATING_MAX}`),
  author: z
    .string()
    .trim()
    .min(1, 'author is required')
    .max(REVIEW_AUTHOR_MAX_LENGTH, `author must be at most ${REVIEW_AUTHOR_MAX_LENGTH} characters`),
  comment: z
    .string({ error: 'comment is required' })
    .trim()
    .min(1, 'comment is required')
    .max(REVIEW_COMMENT_MAX_LENGTH, `comment must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`),
})

export const Email = z
  .string()
  .trim()
  .max(254, 'email is too long')
  .pipe(z.email('email must be a valid e-mail address'))
  .transform((email) => email.toLowerCase())

export const StockNotificationInput = z.object({
  email: Email,
  skuId: z.number().int().positive('skuId must be positive'),
})

export const NewsletterInput = z.object({
  email: Email,
  tags: z.array(z.string().trim().min(1).max(50, 'a tag is too long')).max(20, 'at most 20 tags').nullish(),
})

/** Parses or throws BAD_USER_INPUT with the first problem's message. */
export function parseArgs<T>(schema: z.ZodType<T>, args: unknown): T {
  const result = schema.safeParse(args)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.join('.')
  throw badUserInput(issue?.message ?? 'Invalid arguments', field || undefined)
}
