/**
 * Reviews (docs/product-rules.md#product-page): the average rating and the number of reviews, the newest reviews with more
 * on demand (the reviews query's paging), and the review form. Writing a review needs login
 * (docs/product-rules.md#product-page; the API checks it too): a guest gets a link that opens the login dialog and comes
 * back here; the form loads for a logged-in customer. Authors and comments are shoppers' text,
 * rendered as text only (React escapes it), never as markup.
 */
import { lazy, Suspense, useEffect, useState } from 'react'

import { useIntl } from 'react-intl'

import { Link, useHref, useLocation } from 'react-router'

import { loginDialogSearch } from '../../lib/login-dialog'

import { useGetApollo } from '../../app/apollo-access'

import { runQuery } from '../../app/graphql'

import { useAppSelector } from '../../app/hooks'

import { Stars } from './Stars'

import { markHydrated } from './Deferred'

import type { Review, ReviewsData } from './types'

import { REVIEWS_PAGE_SIZE } from './reviews-page'

import reviewsQuery from '../../graphql/operations/reviews'

const ReviewForm = lazy(() => import('./ReviewForm'))

export default function ProductReviews({ alias, initial }: { alias: string; initial: ReviewsData | null }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const loggedIn = useAppSelector((state) => state.auth.status === 'loggedIn')
  // The section hydrates when it comes into view, by when a shared page may have restored the
  // session (GET /api/session): the first render matches the server's (the login prompt), and
  // the form follows once mounted, so hydration never sees a different tree.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const [reviews, setReviews] = useState<Review[]>(() =>
    (initial?.reviews ?? []).filter((review) => review !== null),
  )
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const count = initial?.count ?? 0

  const loadMore = async () => {
    setLoading(true)
    setFailed(false)
    try {
      const apollo = await getApollo()
      const data = await runQuery(apollo, reviewsQuery, {
        alias,
        skip: reviews.length,
        take: REVIEWS_PAGE_SIZE,
      })
      setReviews((current) => [
        ...current,
        ...(data.reviews?.reviews ?? []).filter((review) => review !== null),
      ])
    } catch (error) {
      console.error('Could not load more reviews', error)
      setFailed(true)
    } finally {
      setLoading(false)
    }
  }

  return (
    <section className="product-reviews" aria-labelledby="product-reviews-title" ref={markHydrated}>
      <h2 id="product-reviews-title">{intl.formatMessage({ id: 'product.reviews.title' })}</h2>
      {count > 0 && initial ? (
        <p className="product-reviews__summary">
          <Stars rating={initial.averageRating} />{' '}
          {intl.formatMessage(
            { id: 'product.reviews.summary' },
            { average: intl.formatNumber(initial.averageRating, { maximumFractionDigits: 1 }), count },
          )}
        </p>
      ) : (
        <p>{intl.formatMessage({ id: 'product.reviews.none' })}</p>
      )}
      {reviews.length > 0 ? (
        <ul className="product-reviews__list plain-list" role="list">
          {reviews.map((review, index) => (
            <li key={`${review.reviewDate}-${index}`} className="product-review">
              <p className="product-review__head">
                <Stars rating={review.rating} />{' '}
                <span className="product-review__author">{review.author}</span>{' '}
                <time dateTime={review.reviewDate}>
                  {intl.formatDate(review.reviewDate, { dateStyle: 'medium', timeZone: 'UTC' })}
                </time>
              </p>
              <p className="product-review__comment">{review.comment}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {reviews.length < count ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void loadMore()}
          disabled={loading}
          aria-busy={loading || undefined}
        >
          {intl.formatMessage({ id: 'product.reviews.more' }, { count: count - reviews.length })}
        </button>
      ) : null}
      {failed ? <p role="alert">{intl.formatMessage({ id: 'error.generic.text' })}</p> : null}
      <div className="product-reviews__write">
        <h3>{intl.formatMessage({ id: 'product.reviews.write' })}</h3>
        {loggedIn && mounted ? (
          <Suspense fallback={null}>
            <ReviewForm alias={alias} />
          </Suspense>
        ) : (
          <ReviewLoginPrompt />
        )}
      </div>
    </section>
  )
}

/** A guest's way to the form: the login dialog, returning to this page's reviews. */
function ReviewLoginPrompt() {
  const intl = useIntl()
  const location = useLocation()
  const here = useHref({ pathname: location.pathname, search: location.search })
  return (
    <p className="product-reviews__login">
      {intl.formatMessage({ id: 'product.reviews.loginRequired' })}{' '}
      <Link to={{ pathname: location.pathname, search: loginDialogSearch(`${here}#product-reviews-title`) }}>
        {intl.formatMessage({ id: 'product.reviews.login' })}
      </Link>
    </p>
  )
}
