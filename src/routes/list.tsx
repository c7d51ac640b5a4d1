/**
 * Generic list `/l/*`: named after its alias until the list feature loads the products, filters and sort.
 */
import { useParams } from 'react-router'
import { ListPage, listPageMeta } from '../ui/ListPage'

const TEXTS = { title: 'page.list.title', intro: 'page.list.intro' } as const

export const meta = listPageMeta(TEXTS)

export function Component() {
  return <ListPage texts={TEXTS} params={useParams()} />
}
