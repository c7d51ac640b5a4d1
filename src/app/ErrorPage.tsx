/**
 * The route error page (react-router errorElement, docs/product-rules.md#errors-and-feedback): status 404 shows 'Sivua ei löydy'
 * (in the page's language; a members-only page's 404 shows what membership gives and how to join
 * instead), 503 (a service the page needs did not answer, issue 31 row 7) says
 * the shop is temporarily unavailable and to try again shortly, any other error 'Hups, jotain
 * taisi mennä pieleen' with its status (500 when it has none); all offer the way back home. If
 * showing the error page throws in turn, a boundary shows the minimal text of the spec with a
 * plain link home.
 */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { RouteLink } from '../ui/RouteLink'
import { isServiceUnavailable, SERVICE_UNAVAILABLE_STATUS } from '../shared/service-unavailable'
import { isMembersOnly } from '../features/loyalty/members-only'

// joining is loyalty code the other error pages never need: its own chunk, fetched when shown
const MembersOnly = lazy(() =>
  import('../features/loyalty/MembersOnly').then((module) => ({ default: module.MembersOnly })),
)

/**
 * The HTTP status an error stands for: a route error response's, the error's status/statusCode,
 * 503 for a service that did not answer, else 500.
 */
export function errorStatusOf(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status
  if (error instanceof Response) return error.status
  if (error && typeof error === 'object') {
    for (const key of ['status', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key]
      if (typeof value === 'number' && value >= 400 && value < 600) return value
    }
  }
  if (isServiceUnavailable(error)) return SERVICE_UNAVAILABLE_STATUS
  return 500
}

/** The message id of the error page's title (and the document's) for a status and its error. */
export function errorTitleId(status: number, error?: unknown): string {
  if (isMembersOnly(error)) return 'members.only.title'
  if (status === 404) return 'error.notFound.title'
  if (status === SERVICE_UNAVAILABLE_STATUS) return 'error.unavailable.title'
  return 'error.generic.title'
}

export function NotFoundContent() {
  const intl = useIntl()
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'error.notFound.title' })}</h1>
      <p>{intl.formatMessage({ id: 'error.notFound.text' })}</p>
      <RouteLink to="home" className="button">
        {intl.formatMessage({ id: 'error.backHome' })}
      </RouteLink>
    </section>
  )
}

export function GenericErrorContent({ status }: { status: number }) {
  const intl = useIntl()
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'error.generic.title' })}</h1>
      <p>{intl.formatMessage({ id: 'error.generic.text' })}</p>
      <p className="error-page__status">{intl.formatMessage({ id: 'error.status' }, { status })}</p>
      <RouteLink to="home" className="button">
        {intl.formatMessage({ id: 'error.backHome' })}
      </RouteLink>
    </section>
  )
}

/** The shop could not get what the page shows in time: nothing is broken, try again shortly. */
export function UnavailableContent() {
  const intl = useIntl()
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{intl.formatMessage({ id: 'error.unavailable.title' })}</h1>
      <p>{intl.formatMessage({ id: 'error.unavailable.text' })}</p>
      <RouteLink to="home" className="button">
        {intl.formatMessage({ id: 'error.backHome' })}
      </RouteLink>
    </section>
  )
}

function RouteErrorContent() {
  const error = useRouteError()
  const status = errorStatusOf(error)
  if (isMembersOnly(error))
    return (
      <Suspense fallback={null}>
        <MembersOnly />
      </Suspense>
    )
  if (status === 404) return <NotFoundContent />
  if (status === SERVICE_UNAVAILABLE_STATUS) return <UnavailableContent />
  return <GenericErrorContent status={status} />
}

/** The last resort: no translations, no router, no store; only a link to the site root. */
export function ErrorPageFallback() {
  return (
    <section className="error-page" lang="en" role="alert">
      <h1>An error occurred while showing the error page</h1>
      <p>
        {/* "/" sends the shopper to their market's home page (the server's canonicalising redirect). */}
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </section>
  )
}

interface BoundaryState {
  failed: boolean
}

/** Catches errors thrown while rendering the error page (or its frame) and shows the fallback. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false }

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The error page failed to render', error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPageFallback /> : this.props.children
  }
}

export function ErrorPage() {
  return (
    <ErrorPageBoundary>
      <RouteErrorContent />
    </ErrorPageBoundary>
  )
}
