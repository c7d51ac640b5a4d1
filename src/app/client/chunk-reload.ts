/**
 * docs/product-rules.md#shop-wide-behaviour chunk loading: after a deploy the old page may ask for chunks that no longer exist.
 * Reloading fetches the new page, but only once per 60 s, so a truly broken deploy cannot
 * reload-loop. The guard lives in session storage because the reload wipes memory.
 */

export const CHUNK_RELOAD_GUARD_MS = 60_000
export const CHUNK_RELOAD_KEY = 'lumo-chunk-reload-at'

type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
]

/** Whether an error (or rejection reason) is a failed chunk/dynamic-import load. */
export function isChunkLoadError(reason: unknown): boolean {
  if (reason instanceof Error && reason.name === 'ChunkLoadError') return true
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : ''
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message))
}

/**
 * Reloads unless a chunk-error reload happened less than 60 s ago. Returns whether it reloaded;
 * storage failures count as 'no guard available' and do not reload (no loop risk).
 */
export function reloadOnceForChunkError(options: {
  storage: GuardStorage | null
  now: number
  reload: () => void
}): boolean {
  const { storage, now, reload } = options
  if (!storage) return false
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY))
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false
    storage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    return false
  }
  reload()
  return true
}

function sessionStorageOrNull(): GuardStorage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** For error boundaries: reloads the page if the error is a chunk-load failure (and the guard allows). */
export function recoverFromChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  return reloadOnceForChunkError({
    storage: sessionStorageOrNull(),
    now: Date.now(),
    reload: () => window.location.reload(),
  })
}

/** Listens for Vite's preload failures and unhandled dynamic-import rejections; returns the cleanup. */
export function installChunkReloadGuard(target: Window = window): () => void {
  const reload = () => target.location.reload()
  const attempt = (): boolean =>
    reloadOnceForChunkError({ storage: sessionStorageOrNull(), now: Date.now(), reload })
  const onPreloadError = (event: Event) => {
    // preventDefault stops Vite from throwing the error; only do that when we really reload
    if (attempt()) event.preventDefault()
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && attempt()) event.preventDefault()
  }
  target.addEventListener('vite:preloadError', onPreloadError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
