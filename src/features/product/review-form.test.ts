import { describe, expect, it } from 'vitest'
import { REVIEW_AUTHOR_MAX_LENGTH, REVIEW_COMMENT_MAX_LENGTH, validateReview } from './review-form'

describe('validateReview', () => {
  it('needs stars, a name and a comment', () => {
    expect(validateReview({ rating: null, author: ' ', comment: '' })).toEqual({
      rating: 'validation.review.rating',
      author: 'validation.review.name',
      comment: 'validation.review.comment',
    })
  })

  it('accepts one to five stars only', () => {
    expect(validateReview({ rating: 0, author: 'Aino', comment: 'Hyvä' }).rating).toBe(
      'validation.review.rating',
    )
    expect(validateReview({ rating: 6, author: 'Aino', comment: 'Hyvä' }).rating).toBe(
      'validation.review.rating',
    )
    expect(validateReview({ rating: 5, author: 'Aino', comment: 'Hyvä' })).toEqual({})
  })
})

describe('validateReview lengths', () => {
  it('keeps the name and the comment within the API limits, counting without outer spaces', () => {
    const name = 'A'.repeat(REVIEW_AUTHOR_MAX_LENGTH)
    const comment = 'B'.repeat(REVIEW_COMMENT_MAX_LENGTH)
    expect(validateReview({ rating: 4, author: ` ${name} `, comment: ` ${comment} ` })).toEqual({})
    expect(validateReview({ rating: 4, author: `${name}A`, comment: `${comment}B` })).toEqual({
      author: 'validation.review.nameTooLong',
      comment: 'validation.review.commentTooLong',
    })
  })
})
