/**
 * Debounced requests that cancel stale ones: each `request(value)` waits `delayMs` for the
 * shopper to pause; a newer call drops the waiting one and aborts the one in flight
 * (AbortController), so an old, slower answer can never overwrite a newer one.
 */
export interface DebouncedFetcher {
  request(value: string): void
  cancel(): void
}

export function createDebouncedFetcher<T>(options: {
  delayMs: number
  load: (value: string, signal: AbortSignal) => Promise<T>
  onResult: (value: string, result: T) => void
  onError?: (value: string, error: unknown) => void
}): DebouncedFetcher {
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: AbortController | undefined

  function cancel() {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    inFlight?.abort()
    inFlight = undefined
  }

  function request(value: string) {
    cancel()
    timer = setTimeout(() => {
      timer = undefined
      const controller = new AbortController()
      inFlight = controller
      options.load(value, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return
          inFlight = undefined
          options.onResult(value, result)
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          inFlight = undefined
          options.onError?.(value, error)
        },
      )
    }, options.delayMs)
  }

  return { request, cancel }
}
