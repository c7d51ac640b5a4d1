/** The catch-all content route `/{alias}`: one of the shop's information pages, else 404. */
import { useLoaderData } from 'react-router'
import type { PageLoader } from '../app/route-types'
import { contentPageByKey } from '../shared/content-pages'
import {
  ContentPageView,
  contentPageMeta,
  requireContentPage,
  type ContentPageData,
} from './content/ContentPageView'

export const loader: PageLoader<ContentPageData> = async (args) => requireContentPage(args.params.alias, args)

export const meta = contentPageMeta

export function Component() {
  const data = useLoaderData() as ContentPageData
  const page = contentPageByKey(data.key)
  // the loader let only known pages through
  return page ? <ContentPageView page={page} /> : null
}
