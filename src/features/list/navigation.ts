/** Moving between list selections: the URL is the state (spec §9 format, src/lib/list-url.ts). */
import { useCallback } from 'react'
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
