import { describe, expect, it } from 'vitest'
import { validateReview } from './review-form'

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
