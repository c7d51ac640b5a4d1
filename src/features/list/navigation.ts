/** Moving between list selections: the URL is the state (docs/product-rules.md#catalogue-and-lists format, src/lib/list-url.ts). */
import { useCallback, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { listSearchString, type ListSelection } from '../../lib/list-url'

export interface ListNavigateOptions {
  /** "load more" replaces the entry, so back leaves the list instead of unloading pages */
  replace?: boolean
}

/**
 * Navigates to a selection of this list: a new history entry per filter or sort change (back and
 * forward step through them), the scroll position kept.
 */
export function useListNavigate(): (selection: ListSelection, options?: ListNavigateOptions) => void {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return useCallback(
    (selection, options = {}) => {
      void navigate(
        { pathname, search: listSearchString(selection) },
        { preventScrollReset: true, replace: options.replace ?? false },
      )
    },
    [navigate, pathname],
  )
}

/**
 * The selection a control shows: the one it just asked for until the list's loader answers
 * (so a checkbox or the sort ticks at once, not after the products arrive), then the URL's.
 */
export function usePendingSelection(
  selection: ListSelection,
): [ListSelection, (next: ListSelection, options?: ListNavigateOptions) => void] {
  const navigate = useListNavigate()
  const [pending, setPending] = useState<{ base: ListSelection; next: ListSelection } | null>(null)
  const shown = pending && pending.base === selection ? pending.next : selection
  const go = useCallback(
    (next: ListSelection, options?: ListNavigateOptions) => {
      setPending({ base: selection, next })
      navigate(next, options)
    },
    [navigate, selection],
  )
  return [shown, go]
}
