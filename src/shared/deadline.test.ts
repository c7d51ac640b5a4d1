import { createServer, type Server, type Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { callerSignal, deadline, fetchWithin, untilAborted } from './deadline'

afterEach(() => {
  vi.useRealTimers()
})

/** The collector, callable from a test (what `node --expose-gc` gives as `gc`). */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

const reasonOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => error,
  )

describe('deadline', () => {
  it('aborts with a TimeoutError when its time is up', () => {
    vi.useFakeTimers()
    const limit = deadline(300, [], 'search did not answer within 300 ms')
    vi.advanceTimersByTime(299)
    expect(limit.signal.aborted).toBe(false)
    vi.advanceTimersByTime(1)
    expect(limit.signal.aborted).toBe(true)
    expect(limit.signal.reason).toMatchObject({
      name: 'TimeoutError',
      message: 'search did not answer within 300 ms',
    })
  })

  it('aborts with the reason of the first signal it follows that aborts', () => {
    const page = new AbortController()
    const caller = new AbortController()
    const limit = deadline(undefined, [page.signal, undefined, caller.signal])
    caller.abort(new Error('the shopper moved on'))
    page.abort(new Error('too late to count'))
    expect(limit.signal.reason).toMatchObject({ message: 'the shopper moved on' })
  })

  it('is aborted at once when a signal it follows already is', () => {
    const limit = deadline(10_000, [AbortSignal.abort(new Error('already over'))])
    expect(limit.signal.aborted).toBe(true)
    expect(limit.signal.reason).toMatchObject({ message: 'already over' })
  })

  it('fires neither its timer nor its signals after done()', () => {
    vi.useFakeTimers()
    const caller = new AbortController()
    const limit = deadline(300, [caller.signal])
    limit.done()
    caller.abort()
    vi.advanceTimersByTime(1000)
    expect(limit.signal.aborted).toBe(false)
  })

  it('prefers init.signal to the Request’s own signal as the caller’s', () => {
    const own = new AbortController()
    const given = new AbortController()
    const request = new Request('http://127.0.0.1/x', { signal: own.signal })
    expect(callerSignal(request, { signal: given.signal })).toBe(given.signal)
    expect(callerSignal('http://127.0.0.1/x')).toBeUndefined()
  })
})

describe('untilAborted', () => {
  it('gives the value when it comes first, the fallback when the signal aborts first', async () => {
    expect(await untilAborted(Promise.resolve('session'), new AbortController().signal, null)).toBe('session')
    const late = new AbortController()
    const waiting = untilAborted(new Promise(() => undefined), late.signal, null)
    late.abort()
    expect(await waiting).toBeNull()
    expect(await untilAborted(Promise.resolve('x'), AbortSignal.abort(), 'fallback')).toBe('fallback')
  })
})

describe('a call to a service that accepts and never answers', () => {
  let server: Server
  let url: string
  const sockets = new Set<Socket>()

  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket)
      socket.on('close', () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hang`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  })

  it('ends at the page’s deadline through fetchWithin, garbage collections meanwhile (issue 31 row 3)', async () => {
    // On Node 20 a signal handed on through `new Request` or AbortSignal.any is lost to a
    // collection and the call waits for ever: the first search after a start did. Collect
    // throughout the wait; the test's own timeout is the only clock.
    const gc = exposeGc()
    const collecting = setInterval(gc, 10)
    try {
      const page = deadline(200, [], 'the page’s services did not answer within 200 ms')
      const pageFetch = fetchWithin(fetch, page.signal)
      const error = await reasonOf(pageFetch(url, { signal: new AbortController().signal }))
      expect(error).toMatchObject({ name: 'TimeoutError' })
    } finally {
      clearInterval(collecting)
    }
  })

  it('passes the caller’s own reason on when the caller gives up first', async () => {
    const caller = new AbortController()
    const pageFetch = fetchWithin(fetch, deadline(60_000).signal)
    const call = reasonOf(pageFetch(url, { signal: caller.signal }))
    caller.abort(new Error('the shopper navigated away'))
    expect(await call).toMatchObject({ message: 'the shopper navigated away' })
  })
})
