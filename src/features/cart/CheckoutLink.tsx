/**
 * The way to checkout from the cart drawer and the added-to-cart popup. Checkout needs the
 * network: offline, the link stays put and a toast says why; the cart is kept as it is.
 */
import type { ReactNode } from 'react'
import { RouteLink } from '../../ui/RouteLink'
import { useNeedsNetwork } from '../offline/useNeedsNetwork'

export function CheckoutLink({ onNavigate, children }: { onNavigate: () => void; children: ReactNode }) {
  const network = useNeedsNetwork()
  return (
    <RouteLink
      to="checkout"
      className="button"
      onClick={(event) => {
        if (network.guard('checkout')) {
          event.preventDefault()
          return
        }
        onNavigate()
      }}
    >
      {children}
    </RouteLink>
  )
}
