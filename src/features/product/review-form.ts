/** The review form's rules (spec §5): a star rating ('Käytä tähtiä tuotteen arvioimiseen'), a name and a comment. */

export interface ReviewDraft {
  rating: number | null
  author: string
  comment: string
}

export type ReviewErrors = Partial<Record<keyof ReviewDraft, string>>

/** Message ids of the fields in error; empty when the review can be sent. */
export function validateReview(draft: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {}
  if (draft.rating === null || !Number.isInteger(draft.rating) || draft.rating < 1 || draft.rating > 5)
    errors.rating = 'validation.review.rating'
  if (!draft.author.trim()) errors.author = 'validation.review.name'
  if (!draft.comment.trim()) errors.comment = 'validation.review.comment'
  return errors
}
