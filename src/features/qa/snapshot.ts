/**
 * A QA snapshot: what a shopper's page was (its URL and the store's state), sanitised, as a file
 * a QA person can import to see the same cart and page. The identity of whoever imports stays
 * theirs (the auth state is never exported nor replaced), and passing states (loading bar,
 * toasts, open dialogs, the analytics queue) are left out.
 */
import { createAction } from '@reduxjs/toolkit'
import { REDACTED, sanitiseState } from './sanitise'

export const SNAPSHOT_KIND = 'lumo-qa-snapshot'
export const SNAPSHOT_VERSION = 1

/** The store areas a snapshot carries and an import replaces. */
export const SNAPSHOT_AREAS = [
  'global',
  'payment',
  'cart',
  'channel',
  'checkout',
  'contentpanel',
  'lastVisited',
  'list',
  'product',
  'quickshop',
  'loyalty',
] as const
export type SnapshotArea = (typeof SNAPSHOT_AREAS)[number]

export interface QaSnapshot {
  kind: typeof SNAPSHOT_KIND
  version: typeof SNAPSHOT_VERSION
  exportedAt: string
  /** the page: path and query as the shopper's address bar had them */
  url: string
  state: Partial<Record<SnapshotArea, Record<string, unknown>>>
}

/** Replaces the snapshot's areas of the store (the root reducer in src/app/store.ts handles it). */
export const qaSnapshotImported = createAction<QaSnapshot['state']>('qa/snapshotImported')

export function createSnapshot(
  state: Record<string, unknown>,
  location: { pathname: string; search: string },
  now: Date = new Date(),
): QaSnapshot {
  const areas: QaSnapshot['state'] = {}
  for (const area of SNAPSHOT_AREAS) {
    const value = state[area]
    if (value && typeof value === 'object') areas[area] = value as Record<string, unknown>
  }
  return {
    kind: SNAPSHOT_KIND,
    version: SNAPSHOT_VERSION,
    exportedAt: now.toISOString(),
    url: `${location.pathname}${location.search}`,
    state: sanitiseState(areas),
  }
}

/** A path on this site (`/…`, never `//host` or a scheme): where an import may navigate. */
function isSitePath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
  )
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The snapshot in a file's text, or null when the text is not one (wrong kind, version, shape). */
export function parseSnapshot(text: string): QaSnapshot | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(parsed)) return null
  if (parsed['kind'] !== SNAPSHOT_KIND || parsed['version'] !== SNAPSHOT_VERSION) return null
  if (!isSitePath(parsed['url']) || typeof parsed['exportedAt'] !== 'string') return null
  const state = parsed['state']
  if (!isRecord(state)) return null
  const areas: QaSnapshot['state'] = {}
  for (const area of SNAPSHOT_AREAS) {
    const value = state[area]
    if (value === undefined) continue
    if (!isRecord(value)) return null
    areas[area] = value
  }
  return {
    kind: SNAPSHOT_KIND,
    version: SNAPSHOT_VERSION,
    exportedAt: parsed['exportedAt'],
    url: parsed['url'],
    state: areas,
  }
}

/** Global fields that describe the importing browser (its window, scroll, connection), not the page. */
const BROWSER_FIELDS = ['online', 'headerHidden', 'scrollTop', 'viewportWidth', 'hostname', 'ancientBrowser']

/**
 * The store's state with a snapshot's areas laid over it, each area merged over the current one
 * (a field a newer build added keeps its value); the browser's own fields stay this browser's.
 */
export function withSnapshot<S extends Record<string, unknown>>(state: S, areas: QaSnapshot['state']): S {
  const next: Record<string, unknown> = { ...state }
  for (const area of SNAPSHOT_AREAS) {
    const imported = areas[area]
    const current = state[area]
    if (!imported || !isRecord(current)) continue
    next[area] = { ...current, ...imported }
  }
  // the shopper's cart id was never exported: the importer's next change starts a cart of its own
  const cart = next['cart']
  if (isRecord(cart) && cart['id'] === REDACTED) next['cart'] = { ...cart, id: null }
  const global = next['global']
  const ownGlobal = state['global']
  if (isRecord(global) && isRecord(ownGlobal)) {
    const own = Object.fromEntries(
      BROWSER_FIELDS.filter((field) => field in ownGlobal).map((field) => [field, ownGlobal[field]]),
    )
    next['global'] = { ...global, ...own }
  }
  return next as S
}

/** Session-storage key of a snapshot waiting for its page to load (QaPanel applies it). */
export const PENDING_IMPORT_KEY = 'lumo-qa-import'
