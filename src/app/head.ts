/**
 * The page head: title, description, canonical URL, hreflang alternates, `<html lang>` and theme
 * colour. The server renders it as escaped tags (`renderHeadTags`); after client navigations
 * `<HeadUpdater/>` (./HeadUpdater.tsx) keeps the same tags current with `headFor`, so both
 * sides share `buildHead`.
 */
import { escapeHtml } from '../shared/html'
import { SHOP_NAME } from '../shared/shop'
import type { IntlShape } from 'react-intl'
import type { UIMatch } from 'react-router'
import { DEFAULT_LOCALE, FALLBACK_MARKET, type LocaleCode, type MarketAlias } from '../shared/markets'
import {
  HREFLANG_TARGETS,
  alternates,
  basenameFor,
  canonicalUrl,
  type RouteName,
  type UrlSettings,
} from '../shared/paths'
import { htmlLang } from './i18n'
import type { PageMetaResult, RouteHandle, RouteModule } from './route-types'
import type { Site } from './site'
import { errorStatusOf, errorTitleId } from './ErrorPage'

export const THEME_COLOR = '#f5ede7'

export interface HeadInput {
  routeName: RouteName
  meta: PageMetaResult
  market: MarketAlias
  locale: LocaleCode
  /** The full path of the page, base included (`/fi/sv/kassan`). */
  pathname: string
  search: string
  settings: UrlSettings
  publicUrl: string
}

export interface PageHead {
  lang: string
  title: string
  description: string | undefined
  canonical: string
  alternates: { hreflang: string; href: string }[]
  themeColor: string
  noindex: boolean
}

/** `{page} | Lumo`, unless the page title already leads with the shop's name. */
export function pageTitle(title: string): string {
  const trimmed = title.trim()
  if (!trimmed) return SHOP_NAME
  return trimmed.startsWith(SHOP_NAME) ? trimmed : `${trimmed} | ${SHOP_NAME}`
}

/** The full path of a page path (`/p/musta-mekko`) in a market and language (`/fi/p/musta-mekko`). */
function fullPath(market: MarketAlias, locale: LocaleCode, path: string, settings: UrlSettings): string {
  return `${basenameFor(market, locale, settings).replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

/**
 * The hreflang links of a page whose path differs per language (`meta.alternates`): one per
 * reachable market language the page exists in, and x-default for the fi-FI version if there is one.
 */
function alternatesFromMeta(
  paths: Partial<Record<LocaleCode, string>>,
  { market, locale, pathname, settings, publicUrl }: HeadInput,
): { hreflang: string; href: string }[] {
  // the market languages with a reachable URL (in domain mode only markets with a domain)
  const reachable = new Set(
    alternates({ market, locale, pathname, settings, publicUrl }).map((alternate) => alternate.hreflang),
  )
  const result: { hreflang: string; href: string }[] = []
  let defaultHref: string | undefined
  for (const target of HREFLANG_TARGETS) {
    const path = paths[target.locale]
    if (!path || !reachable.has(target.hreflang)) continue
    const href = canonicalUrl({
      market: target.market,
      locale: target.locale,
      pathname: fullPath(target.market, target.locale, path, settings),
      settings,
      publicUrl,
    })
    result.push({ hreflang: target.hreflang, href })
    if (target.market === FALLBACK_MARKET && target.locale === DEFAULT_LOCALE) defaultHref = href
  }
  return defaultHref ? [...result, { hreflang: 'x-default', href: defaultHref }] : result
}

export function buildHead(input: HeadInput): PageHead {
  const { meta, market, locale, pathname, settings, publicUrl } = input
  const noindex = meta.noindex === true || input.routeName === 'not-found'
  // a page with per-language paths is canonical at its path in the page's own language
  const ownPath = meta.alternates?.[locale]
  const canonicalPath = ownPath ? fullPath(market, locale, ownPath, settings) : pathname
  const languageVersions = meta.alternates
    ? alternatesFromMeta(meta.alternates, input)
    : alternates({ market, locale, pathname, settings, publicUrl })
  return {
    lang: htmlLang(locale),
    title: pageTitle(meta.title),
    description: meta.description?.trim() || undefined,
    canonical: canonicalUrl({ market, locale, pathname: canonicalPath, settings, publicUrl }),
    // Pages kept out of the index get no language alternates either: they would point at more of the same.
    alternates: noindex ? [] : languageVersions,
    themeColor: THEME_COLOR,
    noindex,
  }
}

export { escapeHtml }

/**
 * Icons and the web app manifest (files in public/), and the iOS metadata: Safari installs from
 * "Add to Home Screen" and reads the apple-* tags, not the manifest, for a full-screen app with
 * its name and status bar.
 */
const STATIC_HEAD_TAGS = [
  '<link rel="manifest" href="/manifest.webmanifest">',
  '<link rel="icon" href="/favicon.ico" sizes="32x32">',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
  '<meta name="mobile-web-app-capable" content="yes">',
  '<meta name="apple-mobile-web-app-capable" content="yes">',
  '<meta name="apple-mobile-web-app-status-bar-style" content="default">',
  `<meta name="apple-mobile-web-app-title" content="${escapeHtml(SHOP_NAME)}">`,
]

/** The head as HTML for the server to put into `<head>`; every value is escaped. */
export function renderHeadTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`]
  if (head.description) tags.push(`<meta name="description" content="${escapeHtml(head.description)}">`)
  if (head.noindex) tags.push('<meta name="robots" content="noindex">')
  tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`)
  for (const alternate of head.alternates) {
    tags.push(
      `<link rel="alternate" hreflang="${escapeHtml(alternate.hreflang)}" href="${escapeHtml(alternate.href)}">`,
    )
  }
  tags.push(`<meta name="theme-color" content="${escapeHtml(head.themeColor)}">`)
  tags.push(...STATIC_HEAD_TAGS)
  return tags.join('')
}

function upsertMeta(document: Document, name: string, content: string | undefined): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)
  if (content === undefined) {
    element?.remove()
    return
  }
  if (!element) {
    element = document.createElement('meta')
    element.name = name
    document.head.append(element)
  }
  element.content = content
}

/** Brings a live document's head in line with `head` (what renderHeadTags would have written). */
export function applyHead(document: Document, head: PageHead): void {
  document.title = head.title
  document.documentElement.lang = head.lang
  upsertMeta(document, 'description', head.description)
  upsertMeta(document, 'robots', head.noindex ? 'noindex' : undefined)
  upsertMeta(document, 'theme-color', head.themeColor)
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!canonical) {
    canonical = document.createElement('link')
    canonical.rel = 'canonical'
    document.head.append(canonical)
  }
  canonical.href = head.canonical
  for (const old of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) old.remove()
  for (const alternate of head.alternates) {
    const link = document.createElement('link')
    link.rel = 'alternate'
    link.hreflang = alternate.hreflang
    link.href = alternate.href
    canonical.after(link)
  }
}

// The page modules, looked up by route name like src/app/router.tsx does; by the time the head
// is updated the router has loaded the page's chunk, so this resolves from the module cache.
const pageModules = import.meta.glob<RouteModule>(['../routes/*.tsx', '!../routes/*.test.tsx'])

/** The head meta of an error: the error page's own title (as the server's), never indexed. */
export function errorMeta(intl: IntlShape, error: unknown): PageMetaResult {
  return { title: intl.formatMessage({ id: errorTitleId(errorStatusOf(error), error) }), noindex: true }
}

async function metaOfMatch(
  match: UIMatch | undefined,
  intl: IntlShape,
  market: MarketAlias,
  locale: LocaleCode,
): Promise<PageMetaResult> {
  const handle = match?.handle as RouteHandle | undefined
  const load = handle ? pageModules[`../routes/${handle.name}.tsx`] : undefined
  const module = load ? await load() : undefined
  if (!match || !module?.meta) return { title: intl.formatMessage({ id: 'site.title' }) }
  return module.meta({ data: match.data, intl, market, locale, params: match.params })
}

/** What the head of a client-side page follows: its route match (or error) and its address. */
export interface HeadState {
  page: UIMatch | undefined
  error: unknown
  pathname: string
  search: string
}

/** The head of a page the browser navigated to (HeadUpdater writes it with `applyHead`). */
export async function headFor(site: Site, intl: IntlShape, state: HeadState): Promise<PageHead> {
  const routeName: RouteName = ((state.page?.handle as RouteHandle | undefined)?.name ??
    'not-found') as RouteName
  const meta =
    // outside an error boundary react-router gives null
    state.error != null
      ? errorMeta(intl, state.error)
      : await metaOfMatch(state.page, intl, site.market, site.locale)
  return buildHead({
    routeName,
    meta,
    market: site.market,
    locale: site.locale,
    pathname: `${site.basename.replace(/\/+$/, '')}${state.pathname}`,
    search: state.search,
    settings: site.urlSettings,
    publicUrl: site.publicUrl,
  })
}
