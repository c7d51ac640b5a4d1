/**
 * A product review's limits (docs/product-rules.md#product-page): 1–5 stars, an author name and a comment of bounded
 * length. The commerce API checks them (server/services/graphql/catalogue/validation.ts) and the
 * storefront's form says so before sending (src/features/product/review-form.ts).
 */
export const REVIEW_RATING_MIN = 1
export const REVIEW_RATING_MAX = 5
export const REVIEW_AUTHOR_MAX_LENGTH = 100
export const REVIEW_COMMENT_MAX_LENGTH = 5000
