/** Any path no other route takes: its validity check always fails, so the router shows the 404 page. */
import { messageMeta } from '../ui/page-meta'
import { NotFoundContent } from '../app/ErrorPage'

export const meta = messageMeta({ title: 'error.notFound.title', noindex: true })

export function Component() {
  return <NotFoundContent />
}
