/**
 * The error layout (docs/product-rules.md#errors-and-feedback): the error page inside the default frame. If the frame itself
 * fails, the boundary shows the minimal error page instead of a blank document.
 */
import { ErrorPage, ErrorPageBoundary } from '../ErrorPage'
import { DefaultFrame } from './DefaultLayout'

export function ErrorLayout() {
  return (
    <ErrorPageBoundary>
      <DefaultFrame>
        <ErrorPage />
      </DefaultFrame>
    </ErrorPageBoundary>
  )
}
