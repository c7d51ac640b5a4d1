/**
 * Keeps `document.title`, the description, robots, canonical, alternates and `<html lang>`
 * current after client navigations. Renders nothing. The server wrote the first page's head, so
 * the code that builds one (./head.ts, with every route's meta) loads with the first navigation,
 * not with the page.
 */
import { useEffect } from 'react'
import { useIntl } from 'react-intl'
import { useLocation, useMatches, useRouteError } from 'react-router'
import type { RouteHandle } from './route-types'
import { useSite } from './site'

/**
 * Whether the document still has the head the server wrote: true until the first client
 * navigation. Per document, not per component: an error boundary mounts an updater of its own.
 */
let serverHeadShown = true

export function HeadUpdater(): null {
  const site = useSite()
  const intl = useIntl()
  const location = useLocation()
  const matches = useMatches()
  const error = useRouteError()
  const page = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.name)

  useEffect(() => {
    // react-router keys the location the document was loaded at 'default'
    if (serverHeadShown && location.key === 'default') return
    serverHeadShown = false
    let current = true
    const state = { page, error, pathname: location.pathname, search: location.search }
    import('./head')
      .then(async ({ headFor, applyHead }) => {
        const head = await headFor(site, intl, state)
        // a newer navigation's head wins
        if (current) applyHead(document, head)
      })
      .catch((failure: unknown) => console.error('Could not update the page head', failure))
    return () => {
      current = false
    }
  }, [location.key, location.pathname, location.search, page, error, intl, site])

  return null
}
