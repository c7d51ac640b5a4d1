import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDebouncedFetcher } from './debounced-fetch'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A load whose answers the test releases by hand, recording the signal of each call. */
function manualLoad() {
  const calls: { value: string; signal: AbortSignal; resolve: (result: string) => void }[] = []
  const load = (value: string, signal: AbortSignal) =>
    new Promise<string>((resolve) => {
      calls.push({ value, signal, resolve })
    })
  return { calls, load }
}

describe('createDebouncedFetcher', () => {
  it('asks once for the last value after the shopper pauses', async () => {
    const { calls, load } = manualLoad()
    const onResult = vi.fn()
    const fetcher = createDebouncedFetcher({ delayMs: 100, load, onResult })
    fetcher.request('m')
    fetcher.request('me')
    fetcher.request('mek')
    await vi.advanceTimersByTimeAsync(99)
    expect(calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls.map((call) => call.value)).toEqual(['mek'])
    calls[0]!.resolve('answer')
    await vi.runAllTimersAsync()
    expect(onResult).toHaveBeenCalledExactlyOnceWith('mek', 'answer')
  })

  it('aborts the request in flight when a newer one starts, and never reports its answer', async () => {
    const { calls, load } = manualLoad()
    const onResult = vi.fn()
    const fetcher = createDebouncedFetcher({ delayMs: 50, load, onResult })
    fetcher.request('mek')
    await vi.advanceTimersByTimeAsync(50)
    fetcher.request('mekko')
    expect(calls[0]!.signal.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(50)
    calls[1]!.resolve('new')
    calls[0]!.resolve('old')
    await vi.runAllTimersAsync()
    expect(onResult).toHaveBeenCalledExactlyOnceWith('mekko', 'new')
  })

  it('cancel() drops the waiting request and aborts the one in flight', async () => {
    const { calls, load } = manualLoad()
    const onResult = vi.fn()
    const fetcher = createDebouncedFetcher({ delayMs: 50, load, onResult })
    fetcher.request('a')
    await vi.advanceTimersByTimeAsync(50)
    fetcher.request('b')
    fetcher.cancel()
    await vi.advanceTimersByTimeAsync(100)
    expect(calls.map((call) => call.value)).toEqual(['a'])
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(onResult).not.toHaveBeenCalled()
  })

  it('reports a failure of the current request to onError', async () => {
    const onError = vi.fn()
    const fetcher = createDebouncedFetcher({
      delayMs: 10,
      load: () => Promise.reject(new Error('down')),
      onResult: vi.fn(),
      onError,
    })
    fetcher.request('x')
    await vi.runAllTimersAsync()
    expect(onError).toHaveBeenCalledOnce()
    expect(onError.mock.calls[0]![0]).toBe('x')
  })
})
