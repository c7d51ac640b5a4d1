/**
 * The content panel (docs/product-rules.md#content overlay panels, issue #13): one of the shop's information pages
 * (shipping, returns, terms…) in a dialog over the page the shopper is on, opened by
 * `contentPanelOpened(alias)`, e.g. from the product page's delivery and returns links. Its code
 * loads only when opened.
 */
import { lazy, Suspense } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { contentPanelClosed } from './slice'

const ContentPanelDialog = lazy(() => import('./ContentPanelDialog'))

export function ContentPanel() {
  const dispatch = useAppDispatch()
  const { open, alias } = useAppSelector((state) => state.contentpanel)
  if (!open || !alias) return null
  return (
    <Suspense fallback={null}>
      <ContentPanelDialog key={alias} alias={alias} onClose={() => dispatch(contentPanelClosed())} />
    </Suspense>
  )
}
