/**
 * The quickshop panel (docs/product-rules.md#product-page overlay panels), mounted once in the shop chrome. A list or the
 * related products open it with `quickshopOpened(alias)`; the panel's code and the product's data
 * load only then, so pages that never open it carry nothing of it.
 */
import { lazy, Suspense } from 'react'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { quickshopClosed } from './slice'

const QuickshopDialog = lazy(() => import('./QuickshopDialog'))

export function QuickshopPanel() {
  const dispatch = useAppDispatch()
  const open = useAppSelector((state) => state.quickshop.open)
  const alias = useAppSelector((state) => state.quickshop.alias)
  if (!open || !alias) return null
  return (
    <Suspense fallback={null}>
      <QuickshopDialog key={alias} alias={alias} onClose={() => dispatch(quickshopClosed())} />
    </Suspense>
  )
}
