/** `/404`: the router answers it with a real 404, so the error page shows; this view is the same page. */
import { messageMeta } from '../ui/page-meta'
import { NotFoundContent } from '../app/ErrorPage'

export const meta = messageMeta({ title: 'error.notFound.title', noindex: true })

export function Component() {
  return <NotFoundContent />
}
