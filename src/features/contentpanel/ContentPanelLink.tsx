/**
 * A link to an information page that opens it in the content panel instead of leaving the page
 * (a modified click, or no script yet, still follows the link to the page itself).
 */
import type { MouseEvent, ReactNode } from 'react'
import { useAppDispatch } from '../../app/hooks'
import { useSite } from '../../app/site'
import { contentPageByKey } from '../../shared/content-pages'
import { hrefFor } from '../../ui/RouteLink'
import { contentPanelOpened } from './slice'

export function ContentPanelLink({ pageKey, children }: { pageKey: string; children: ReactNode }) {
  const dispatch = useAppDispatch()
  const site = useSite()
  const page = contentPageByKey(pageKey)
  if (!page) return null
  const alias = page.alias[site.locale]
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    dispatch(contentPanelOpened(alias))
  }
  return (
    <a href={hrefFor(site, 'content-page', { alias })} aria-haspopup="dialog" onClick={onClick}>
      {children}
    </a>
  )
}
