/** docs/product-rules.md#shop-wide-behaviour: route changes scroll to the top, except between account pages; hash targets are scrolled to. */

export type ScrollTarget = { kind: 'hash'; id: string } | { kind: 'top' } | { kind: 'none' }

export function isAccountRoute(routeName: string): boolean {
  return routeName === 'account' || routeName.startsWith('account-')
}

export function scrollTargetFor(change: {
  fromRoute: string
  toRoute: string
  /** true for back/forward: the browser restores the old position itself */
  isPop: boolean
  hash: string
  pathChanged: boolean
}): ScrollTarget {
  const id = change.hash.startsWith('#') ? change.hash.slice(1) : change.hash
  if (id) {
    try {
      return { kind: 'hash', id: decodeURIComponent(id) }
    } catch {
      return { kind: 'hash', id }
    }
  }
  if (change.isPop || !change.pathChanged) return { kind: 'none' }
  if (isAccountRoute(change.fromRoute) && isAccountRoute(change.toRoute)) return { kind: 'none' }
  return { kind: 'top' }
}

/**
 * docs/product-rules.md#shop-wide-behaviour: the header hides when the shopper scrolls down past the main layout's top padding,
 * and comes back on scrolling up.
 */
export function nextHeaderHidden(previousY: number, y: number, threshold: number, hidden: boolean): boolean {
  if (y <= threshold) return false
  if (y > previousY) return true
  if (y < previousY) return false
  return hidden
}
