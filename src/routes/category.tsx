/**
 * Category list `/c/…/{category}`, `/list/{category?}`: named after its alias until the list feature loads the products, filters and sort.
 */
import { useParams } from 'react-router'
import { ListPage, listPageMeta } from '../ui/ListPage'

const TEXTS = { title: 'page.category.title', intro: 'page.category.intro' } as const

export const meta = listPageMeta(TEXTS)

export function Component() {
  return <ListPage texts={TEXTS} params={useParams()} />
}
