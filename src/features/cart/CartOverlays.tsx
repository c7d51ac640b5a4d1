/**
 * Mounts the mini-cart drawer or the added-to-cart popup while the store says one is open. Both
 * are loaded on demand (React.lazy), so a page's first load carries none of their code.
 */
import { lazy, Suspense } from 'react'
import { useAppSelector } from '../../app/hooks'

const CartDrawer = lazy(() => import('./CartDrawer'))
const AddedToCartPopup = lazy(() => import('./AddedToCartPopup'))

export function CartOverlays() {
  const drawerOpen = useAppSelector((state) => state.cart.drawerOpen)
  const added = useAppSelector((state) => state.cart.added !== null)
  if (!drawerOpen && !added) return null
  return <Suspense fallback={null}>{drawerOpen ? <CartDrawer /> : <AddedToCartPopup />}</Suspense>
}
