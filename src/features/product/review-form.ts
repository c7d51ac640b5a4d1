/**
 * The review form's rules (docs/product-rules.md#product-page): a star rating ('Käytä tähtiä tuotteen arvioimiseen'), a name
 * and a comment, each within the limits the commerce API keeps (src/shared/reviews.ts).
 */
import {
  REVIEW_AUTHOR_MAX_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
} from '../../shared/reviews'

export { REVIEW_AUTHOR_MAX_LENGTH, REVIEW_COMMENT_MAX_LENGTH }

export interface ReviewDraft {
  rating: number | null
  author: string
  comment: string
}

export type ReviewErrors = Partial<Record<keyof ReviewDraft, string>>

/** Message ids of the fields in error; empty when the review can be sent. */
export function validateReview(draft: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {}
  const { rating } = draft
  if (
    rating === null ||
    !Number.isInteger(rating) ||
    rating < REVIEW_RATING_MIN ||
    rating > REVIEW_RATING_MAX
  )
    errors.rating = 'validation.review.rating'
  const author = draft.author.trim()
  if (!author) errors.author = 'validation.review.name'
  else if (author.length > REVIEW_AUTHOR_MAX_LENGTH) errors.author = 'validation.review.nameTooLong'
  const comment = draft.comment.trim()
  if (!comment) errors.comment = 'validation.review.comment'
  else if (comment.length > REVIEW_COMMENT_MAX_LENGTH) errors.comment = 'validation.review.commentTooLong'
  return errors
}
