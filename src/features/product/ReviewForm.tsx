/**
 * The review form of a logged-in customer: stars, name and comment (each error tied to its
 * field), sent with postProductReview. Loaded only for a logged-in customer.
 */
import { failureMessage, type FailureMessage } from '../../lib/too-many-attempts'

import { useId, useState, type FormEvent } from 'react'

import { useIntl } from 'react-intl'

import { useGetApollo } from '../../app/apollo-access'

import { runMutation } from '../../app/graphql'

import {
  REVIEW_AUTHOR_MAX_LENGTH,
  REVIEW_COMMENT_MAX_LENGTH,
  validateReview,
  type ReviewDraft,
  type ReviewErrors,
} from './review-form'

import postReviewMutation from '../../graphql/operations/post-product-review'

const STAR_VALUES = [1, 2, 3, 4, 5] as const
/** the {max} of the too-long messages */
const MAX_LENGTH: Partial<Record<keyof ReviewDraft, number>> = {
  author: REVIEW_AUTHOR_MAX_LENGTH,
  comment: REVIEW_COMMENT_MAX_LENGTH,
}

export default function ReviewForm({ alias }: { alias: string }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const id = useId()
  const [draft, setDraft] = useState<ReviewDraft>({ rating: null, author: '', comment: '' })
  const [errors, setErrors] = useState<ReviewErrors>({})
  const [state, setState] = useState<'editing' | 'sending' | 'sent' | 'failed'>('editing')
  const [failure, setFailure] = useState<FailureMessage>({ id: 'error.generic.text' })
  const errorId = (field: keyof ReviewDraft) => `${id}-${field}-error`

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateReview(draft)
    setErrors(found)
    const first = (['rating', 'author', 'comment'] as const).find((field) => found[field])
    if (first) {
      event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()
      return
    }
    setState('sending')
    setFailure({ id: 'error.generic.text' })
    try {
      const apollo = await getApollo()
      const data = await runMutation(apollo, postReviewMutation, {
        alias,
        rating: draft.rating,
        author: draft.author.trim(),
        comment: draft.comment.trim(),
      })
      setState(data.postProductReview ? 'sent' : 'failed')
    } catch (error) {
      console.error('Could not send the review', error)
      // an abuse limit (ADR 0024) says when to try again
      setFailure(failureMessage(error, 'error.generic.text'))
      setState('failed')
    }
  }

  if (state === 'sent') return <p role="status">{intl.formatMessage({ id: 'product.reviews.thanks' })}</p>

  return (
    <form className="review-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        role="radiogroup"
        aria-invalid={errors.rating ? true : undefined}
        aria-describedby={errors.rating ? errorId('rating') : undefined}
      >
        <legend>{intl.formatMessage({ id: 'product.reviews.rating' })}</legend>
        {STAR_VALUES.map((value) => (
          <label key={value} className="review-form__star">
            <input
              type="radio"
              name={`${id}-rating`}
              value={value}
              data-field={value === 1 ? 'rating' : undefined}
              checked={draft.rating === value}
              onChange={() => setDraft({ ...draft, rating: value })}
            />
            {intl.formatMessage({ id: 'product.reviews.starsOption' }, { rating: value })}
          </label>
        ))}
        {errors.rating ? (
          <p id={errorId('rating')} className="field-error">
            {intl.formatMessage({ id: errors.rating })}
          </p>
        ) : null}
      </fieldset>
      <label htmlFor={`${id}-author`}>{intl.formatMessage({ id: 'product.reviews.name' })}</label>
      <input
        id={`${id}-author`}
        data-field="author"
        autoComplete="given-name"
        value={draft.author}
        onChange={(event) => setDraft({ ...draft, author: event.target.value })}
        aria-invalid={errors.author ? true : undefined}
        aria-describedby={errors.author ? errorId('author') : undefined}
      />
      {errors.author ? (
        <p id={errorId('author')} className="field-error">
          {intl.formatMessage({ id: errors.author }, { max: MAX_LENGTH.author })}
        </p>
      ) : null}
      <label htmlFor={`${id}-comment`}>{intl.formatMessage({ id: 'product.reviews.comment' })}</label>
      <textarea
        id={`${id}-comment`}
        data-field="comment"
        rows={4}
        value={draft.comment}
        onChange={(event) => setDraft({ ...draft, comment: event.target.value })}
        aria-invalid={errors.comment ? true : undefined}
        aria-describedby={errors.comment ? errorId('comment') : undefined}
      />
      {errors.comment ? (
        <p id={errorId('comment')} className="field-error">
          {intl.formatMessage({ id: errors.comment }, { max: MAX_LENGTH.comment })}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={state === 'sending'}>
        {intl.formatMessage({ id: 'product.reviews.send' })}
      </button>
      {state === 'failed' ? (
        <p role="alert">{intl.formatMessage({ id: failure.id }, failure.values)}</p>
      ) : null}
    </form>
  )
}
