/**
 * Deadlines for calls to outside services (issue 31 rows 3 and 7; docs/architecture.md,
 * "Deadlines"). On Node 20 a signal that reaches fetch through `new Request(…, { signal })` or
 * `AbortSignal.any` is only weakly held: a garbage collection during the wait loses it, and the
 * call then waits for a service that never answers for as long as the socket stays open (the
 * first search after a start, with its heap busy, sent no byte in 40 s). A deadline here is an
 * AbortController held by its own timer and by the listeners on the signals it follows, so it
 * fires whatever the collector does; pass its signal in fetch's own `init`.
 */

export interface Deadline {
  /** Aborts when the time is up (a TimeoutError) or when any followed signal aborts (its reason). */
  readonly signal: AbortSignal
  /** Stops the timer and leaves the followed signals: call it once the wait is over. */
  done(): void
}

/** The reason a deadline aborts with: a TimeoutError, as `AbortSignal.timeout` gives. */
export function timeoutError(message: string): DOMException {
  return new DOMException(message, 'TimeoutError')
}

/**
 * A signal that aborts after `ms` (none: no timer) or as soon as one of `follow` aborts, with
 * that signal's reason. Signals already aborted abort it at once.
 */
export function deadline(
  ms: number | undefined,
  follow: readonly (AbortSignal | null | undefined)[] = [],
  message = `No answer within ${ms} ms`,
): Deadline {
  const controller = new AbortController()
  const sources = follow.filter((signal): signal is AbortSignal => signal != null)
  let timer: ReturnType<typeof setTimeout> | undefined
  const done = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    for (const source of sources) source.removeEventListener('abort', onAbort)
  }
  function onAbort(this: AbortSignal) {
    done()
    controller.abort(this.reason)
  }
  const aborted = sources.find((source) => source.aborted)
  if (aborted) {
    controller.abort(aborted.reason)
    return { signal: controller.signal, done: () => undefined }
  }
  // each source's listener holds the controller: it lives as long as the signals it follows
  for (const source of sources) source.addEventListener('abort', onAbort, { once: true })
  if (ms !== undefined && Number.isFinite(ms)) {
    // unref: a pending deadline never keeps the process alive; the timer list still holds it
    timer = setTimeout(() => {
      done()
      controller.abort(timeoutError(message))
    }, ms)
    if (typeof timer === 'object' && 'unref' in timer) timer.unref()
  }
  return { signal: controller.signal, done }
}

/** The signal a fetch call was given: `init.signal` wins over the Request's own. */
export function callerSignal(input: RequestInfo | URL, init?: RequestInit): AbortSignal | undefined {
  return init?.signal ?? (input instanceof Request ? input.signal : undefined)
}

/**
 * A fetch whose every call also ends when `signal` aborts (one page's deadline for all the
 * services it calls), besides the caller's own signal.
 */
export function fetchWithin(base: typeof fetch, signal: AbortSignal): typeof fetch {
  return async (input, init) => {
    const limit = deadline(undefined, [signal, callerSignal(input, init)])
    try {
      return await base(input, { ...init, signal: limit.signal })
    } finally {
      limit.done()
    }
  }
}

/** `promise`'s value, or `fallback` once `signal` aborts first (the promise is left to settle). */
export function untilAborted<T, F>(promise: Promise<T>, signal: AbortSignal, fallback: F): Promise<T | F> {
  if (signal.aborted) return Promise.resolve(fallback)
  return new Promise<T | F>((resolve, reject) => {
    const onAbort = () => resolve(fallback)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
