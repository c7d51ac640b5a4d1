/**
 * Links to named routes in the page's market and language. The href is `pathFor`'s canonical one
 * (basename included, so the home page is `/fi/`, where react-router's <Link> would write `/fi`
 * and cost a redirect on a full load); a plain click navigates inside the router like <Link>.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { useLinkClickHandler, useLocation } from 'react-router'
import { pathFor, type RouteName, type RouteParams } from '../shared/paths'
import { useSite, type Site } from '../app/site'

export function hrefFor(site: Site, name: RouteName, params?: RouteParams): string {
  return pathFor({ market: site.market, locale: site.locale, settings: site.urlSettings }, name, params)
}

/** The path inside the router for a full href: `/fi/sv/kassan` with basename `/fi/sv` → `/kassan`. */
export function routerPath(href: string, basename: string): string {
  const base = basename.replace(/\/+$/, '')
  if (!base) return href
  if (href === base) return '/'
  return href.startsWith(`${base}/`) ? href.slice(base.length) : href
}

/** A function giving the full href of a route in this page's market and language. */
export function useRouteHref(): (name: RouteName, params?: RouteParams) => string {
  const site = useSite()
  return (name, params) => hrefFor(site, name, params)
}

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: RouteName
  params?: RouteParams
  children: ReactNode
  /** Mark the link as the current page when the router is on it. */
  markCurrent?: boolean
}

export function RouteLink({ to, params, children, markCurrent = false, onClick, ...anchor }: RouteLinkProps) {
  const site = useSite()
  const location = useLocation()
  const href = hrefFor(site, to, params)
  const path = routerPath(href, site.basename)
  // handles modifier keys, other targets and already-prevented clicks the way <Link> does
  const navigate = useLinkClickHandler<HTMLAnchorElement>(path, { target: anchor.target })
  const current = markCurrent && safeDecode(location.pathname) === safeDecode(path)
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) navigate(event)
      }}
      {...anchor}
    >
      {children}
    </a>
  )
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
