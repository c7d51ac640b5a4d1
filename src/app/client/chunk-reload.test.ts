// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  installChunkReloadGuard,
  isChunkLoadError,
  reloadOnceForChunkError,
} from './chunk-reload'

function memoryStorage() {
  const data = new Map<string, string>()
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  }
}

describe('chunk-load reload guard', () => {
  afterEach(() => sessionStorage.clear())

  it('reloads once, then not again within 60 s, then again after', () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    expect(reloadOnceForChunkError({ storage, now: 1_000_000, reload })).toBe(true)
    expect(reloadOnceForChunkError({ storage, now: 1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload })).toBe(
      false,
    )
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadOnceForChunkError({ storage, now: 1_000_000 + CHUNK_RELOAD_GUARD_MS, reload })).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload without a working guard (no loop risk)', () => {
    const reload = vi.fn()
    expect(reloadOnceForChunkError({ storage: null, now: 1, reload })).toBe(false)
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota')
      },
    }
    expect(reloadOnceForChunkError({ storage: broken, now: 1, reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('recognises dynamic import failures', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')),
    ).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(undefined)).toBe(false)
  })

  it("answers Vite's preload error event and records the guard in session storage", () => {
    const reload = vi.fn()
    const fakeWindow = Object.assign(new EventTarget(), { location: { reload } }) as unknown as Window
    const uninstall = installChunkReloadGuard(fakeWindow)
    const first = new Event('vite:preloadError', { cancelable: true })
    fakeWindow.dispatchEvent(first)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(first.defaultPrevented).toBe(true)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull()
    const second = new Event('vite:preloadError', { cancelable: true })
    fakeWindow.dispatchEvent(second)
    expect(reload).toHaveBeenCalledTimes(1)
    // not prevented: Vite throws, and the route error page shows
    expect(second.defaultPrevented).toBe(false)
    uninstall()
  })
})
