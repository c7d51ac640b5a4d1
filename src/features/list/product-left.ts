/**
 * Back navigation returns to the product left (tracker issue #4): a click on a product in a list
 * remembers the list's URL and the product; when the shopper comes back to that URL (back,
 * forward or a reload), the list scrolls the product into view and puts the focus on its link.
 */
import { useEffect, useRef, type MouseEvent } from 'react'
import { useLocation, useNavigationType } from 'react-router'
import { productCardId } from '../../ui/ProductCard'

const STORAGE_KEY = 'lumo-list-product-left'

interface ProductLeft {
  url: string
  productId: number
}

function read(): ProductLeft | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<ProductLeft> | null
    return value && typeof value.url === 'string' && typeof value.productId === 'number'
      ? { url: value.url, productId: value.productId }
      : null
  } catch {
    return null
  }
}

export function rememberProductLeft(url: string, productId: number): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ url, productId } satisfies ProductLeft))
  } catch {
    // storage full or blocked: coming back starts at the top, as without this feature
  }
}

/** The product id of the card a click landed in, if the click followed a product link. */
export function productIdOfClick(target: EventTarget | null): number | null {
  if (!(target instanceof Element) || !target.closest('a[href]')) return null
  const card = target.closest('article[id^="product-"]')
  const id = Number(card?.id.slice('product-'.length))
  return Number.isInteger(id) && id > 0 ? id : null
}

/**
 * Returns the click handler for the product grid. `ready` is false while the products of the
 * URL are not on the page yet.
 */
export function useProductLeft(productIds: readonly number[]): (event: MouseEvent<HTMLElement>) => void {
  const location = useLocation()
  const navigationType = useNavigationType()
  const url = location.pathname + location.search
  const restoredFor = useRef<string | null>(null)

  useEffect(() => {
    if (navigationType !== 'POP' || restoredFor.current === location.key) return
    const left = read()
    if (!left || left.url !== url || !productIds.includes(left.productId)) return
    restoredFor.current = location.key
    const card = document.getElementById(productCardId(left.productId))
    card?.scrollIntoView({ block: 'center' })
    card?.querySelector<HTMLAnchorElement>('a[href]')?.focus({ preventScroll: true })
  }, [location.key, navigationType, url, productIds])

  return (event) => {
    const productId = productIdOfClick(event.target)
    if (productId !== null) rememberProductLeft(url, productId)
  }
}
