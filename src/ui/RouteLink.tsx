/**
 * Links to named routes in the page's market and language. Hrefs come from `pathFor` (paths.ts),
 * which includes the basename; react-router's <Link> wants the part after the basename, so the
 * link strips it and client navigation stays inside the router.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { pathFor, type RouteName, type RouteParams } from '../lib/paths'
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

export function RouteLink({ to, params, children, markCurrent = false, ...anchor }: RouteLinkProps) {
  const site = useSite()
  const location = useLocation()
  const path = routerPath(hrefFor(site, to, params), site.basename)
  const current = markCurrent && safeDecode(location.pathname) === safeDecode(path)
  return (
    <Link to={path} aria-current={current ? 'page' : undefined} {...anchor}>
      {children}
    </Link>
  )
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
