import { describe, expect, it } from 'vitest'
import { brotliDecompressSync } from 'node:zlib'
import { PageCache, type SharedRender } from './page-cache'
import { createMemoryStore, decodePage, encodePage, type CachedPage } from './store'
import { brotliWithNonce, compileTemplate, withBrotli } from './template'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const rendered = (body: string, tags: string[] = ['product:1']): SharedRender => ({
  shareable: true,
  page: {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    csp: ["script-src 'nonce-", "'"],
    template: compileTemplate(Buffer.from(body), 'NONCE'),
    tags,
  },
})
const bodyOf = (page: CachedPage) => Buffer.concat(page.template.segments).toString()

function setup(options: { expiryLimit?: number } = {}) {
  let time = 1_000_000
  const clock = { now: () => time, advance: (ms: number) => (time += ms) }
  const store = createMemoryStore({ maxBytes: 1_000_000, now: clock.now })
  const cache = new PageCache({
    store,
    freshMs: 60_000,
    staleMs: 600_000,
    now: clock.now,
    expiryLimit: async () => options.expiryLimit,
    log: () => undefined,
  })
  let renders = 0
  const render = (body: string, tags?: string[]) => async () => {
    renders++
    return rendered(body, tags)
  }
  return { cache, store, clock, render, renders: () => renders }
}

describe('PageCache', () => {
  it('renders on a miss, then serves the stored page', async () => {
    const { cache, render, renders } = setup()
    const first = await cache.serve('k', render('one'))
    expect(first.state).toBe('miss')
    const second = await cache.serve('k', render('two'))
    expect(second.state).toBe('hit')
    expect(second.state !== 'bypass' && bodyOf(second.page)).toBe('one')
    expect(renders()).toBe(1)
  })

  it('hands out a fresh page held in memory at once, and nothing stale, missing or from Redis', async () => {
    const { cache, clock, render } = setup()
    expect(cache.freshHit('k')).toBeUndefined()
    await cache.serve('k', render('one'))
    const fresh = cache.freshHit('k')
    expect(fresh && bodyOf(fresh)).toBe('one')
    clock.advance(60_000) // freshMs: now stale, for `serve` to refresh
    expect(cache.freshHit('k')).toBeUndefined()
    expect((await cache.serve('k', render('two'))).state).toBe('stale')

    const { peek: _peek, ...withoutPeek } = createMemoryStore({ maxBytes: 1_000_000 })
    const remote = new PageCache({
      store: withoutPeek,
      freshMs: 60_000,
      staleMs: 600_000,
      expiryLimit: async () => undefined,
      log: () => undefined,
    })
    await remote.serve('k', render('one'))
    expect((await remote.serve('k', render('one'))).state).toBe('hit')
    expect(remote.freshHit('k')).toBeUndefined()
  })

  it('lets concurrent misses of one key wait for the same render', async () => {
    const { cache } = setup()
    const gate = deferred<SharedRender>()
    let renders = 0
    const slow = () => {
      renders++
      return gate.promise
    }
    const waiting = [cache.serve('k', slow), cache.serve('k', slow), cache.serve('k', slow)]
    const other = cache.serve('other', async () => rendered('other'))
    gate.resolve(rendered('shared'))
    const served = await Promise.all(waiting)
    expect(renders).toBe(1)
    for (const result of served) expect(result.state === 'miss' && bodyOf(result.page)).toBe('shared')
    expect((await other).state).toBe('miss')
  })

  it('serves a stale page at once and renders it again once, in the background', async () => {
    const { cache, clock } = setup()
    await cache.serve('k', async () => rendered('old'))
    clock.advance(61_000)
    const gate = deferred<SharedRender>()
    let renders = 0
    const refresh = () => {
      renders++
      return gate.promise
    }
    const a = await cache.serve('k', refresh)
    const b = await cache.serve('k', refresh)
    expect(a.state).toBe('stale')
    expect(b.state === 'stale' && bodyOf(b.page)).toBe('old')
    expect(renders).toBe(1)
    gate.resolve(rendered('new'))
    await gate.promise
    await new Promise((resolve) => setImmediate(resolve))
    const c = await cache.serve('k', refresh)
    expect(c.state === 'hit' && bodyOf(c.page)).toBe('new')
  })

  it('never serves a page past its expiry', async () => {
    const { cache, clock, render } = setup()
    await cache.serve('k', render('old'))
    clock.advance(661_000)
    const after = await cache.serve('k', render('new'))
    expect(after.state === 'miss' && bodyOf(after.page)).toBe('new')
  })

  it('ends a page at the expiry limit (the next campaign boundary)', async () => {
    let time = 0
    const cache = new PageCache({
      store: createMemoryStore({ maxBytes: 1_000_000, now: () => time }),
      freshMs: 60_000,
      staleMs: 600_000,
      now: () => time,
      expiryLimit: async () => 5_000,
    })
    await cache.serve('k', async () => rendered('before'))
    time = 4_999
    expect((await cache.serve('k', async () => rendered('x'))).state).toBe('hit')
    time = 5_000
    const after = await cache.serve('k', async () => rendered('after'))
    expect(after.state === 'miss' && bodyOf(after.page)).toBe('after')
  })

  it('drops exactly the pages carrying an invalidated tag', async () => {
    const { cache, render } = setup()
    await cache.serve('a', render('a', ['product:1', 'list']))
    await cache.serve('b', render('b', ['product:2']))
    const events: string[][] = []
    cache.on('invalidated', (tags) => events.push(tags))
    expect(await cache.invalidate(['product:1'])).toBe(1)
    expect(events).toEqual([['product:1']])
    expect((await cache.serve('a', render('a2'))).state).toBe('miss')
    expect((await cache.serve('b', render('b2'))).state).toBe('hit')
    expect(await cache.invalidate(['*'])).toBe(2)
    expect((await cache.serve('b', render('b3'))).state).toBe('miss')
  })

  it('does not store a render that began before an invalidation, nor let later requests join it', async () => {
    const { cache } = setup()
    const gate = deferred<SharedRender>()
    const started = deferred<void>()
    const early = cache.serve('k', () => {
      started.resolve()
      return gate.promise
    })
    await started.promise
    await cache.invalidate(['product:1'])
    const late = cache.serve('k', async () => rendered('new price'))
    gate.resolve(rendered('old price'))
    expect((await early).state).toBe('miss')
    const lateResult = await late
    expect(lateResult.state === 'miss' && bodyOf(lateResult.page)).toBe('new price')
    const next = await cache.serve('k', async () => rendered('unused'))
    expect(next.state === 'hit' && bodyOf(next.page)).toBe('new price')
  })

  it('does not share a render that may not be shared, and each waiter is told so', async () => {
    const { cache } = setup()
    const gate = deferred<SharedRender>()
    const waiting = [cache.serve('k', () => gate.promise), cache.serve('k', () => gate.promise)]
    gate.resolve({ shareable: false, reason: 'set-cookie' })
    for (const result of await Promise.all(waiting))
      expect(result).toEqual({ state: 'bypass', reason: 'set-cookie' })
    expect((await cache.serve('k', async () => rendered('later'))).state).toBe('miss')
  })

  it('hands a 503 render to every waiter and keeps nothing: the next asker renders again (issue 31 row 7)', async () => {
    const { cache } = setup()
    const gate = deferred<SharedRender>()
    let renders = 0
    const render = () => {
      renders++
      return gate.promise
    }
    const waiting = [cache.serve('k', render), cache.serve('k', render), cache.serve('k', render)]
    const unavailable = (rendered('<h1>unavailable</h1>') as Extract<SharedRender, { shareable: true }>).page
    gate.resolve({
      shareable: false,
      reason: 'status 503',
      passing: { ...unavailable, status: 503, headers: { ...unavailable.headers, 'retry-after': '30' } },
    })
    for (const result of await Promise.all(waiting)) {
      expect(result.state).toBe('bypass')
      expect(result.state === 'bypass' && result.passing?.status).toBe(503)
    }
    // one render for the three of them: nobody waited for the missing service a second time
    expect(renders).toBe(1)
    const next = await cache.serve('k', async () => rendered('back'))
    expect(next.state === 'miss' && bodyOf(next.page)).toBe('back')
  })
})

describe('memory store', () => {
  it('keeps within its byte bound, dropping the least recently used page and its tags', async () => {
    const page = (body: string, tags: string[]): CachedPage => ({
      ...(rendered(body, tags) as Extract<SharedRender, { shareable: true }>).page,
      storedAt: 0,
      staleAt: 10,
      expiresAt: 20,
    })
    const store = createMemoryStore({ maxBytes: 3000, now: () => 0 })
    await store.set('a', page('a'.repeat(600), ['t']))
    await store.set('b', page('b'.repeat(600), ['t']))
    expect(await store.get('a')).toBeDefined()
    await store.set('c', page('c'.repeat(600), ['t']))
    expect(await store.get('b')).toBeUndefined()
    expect(await store.invalidate(['t'])).toBe(2)
  })

  it('encodes a page for Redis and back', () => {
    const page: CachedPage = {
      ...(rendered('<p nonce="NONCE">x</p>', ['product:1']) as Extract<SharedRender, { shareable: true }>)
        .page,
      storedAt: 1,
      staleAt: 2,
      expiresAt: 3,
    }
    const decoded = decodePage(encodePage(page))
    expect(decoded.tags).toEqual(['product:1'])
    expect(decoded.template.segments.map(String)).toEqual(page.template.segments.map(String))
    expect(Buffer.concat(decoded.template.deflated)).toEqual(Buffer.concat(page.template.deflated))
    expect(decoded.template.crcs).toEqual(page.template.crcs)
    expect(decoded.template.brotli).toBeNull()
  })

  it('keeps the brotli copy through Redis', async () => {
    const nonce = Buffer.from('nonce-of-a-page!').toString('base64')
    const html = `<p nonce="${nonce}">${'kaikki alennukset '.repeat(50)}</p><i nonce="${nonce}"></i>`
    const template = await withBrotli(compileTemplate(Buffer.from(html), nonce), nonce)
    expect(template.brotli).not.toBeNull()
    const page: CachedPage = {
      status: 200,
      headers: {},
      csp: [],
      template,
      tags: [],
      storedAt: 1,
      staleAt: 2,
      expiresAt: 3,
    }
    const decoded = decodePage(encodePage(page))
    const other = Buffer.from('another-nonce-42').toString('base64')
    expect(brotliDecompressSync(brotliWithNonce(decoded.template, other)!).toString()).toBe(
      html.split(nonce).join(other),
    )
  })
})
