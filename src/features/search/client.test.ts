import { describe, expect, it, vi } from 'vitest'
import { searchQuery, searchUrl, sendNotification, SearchServiceError, type SearchContext } from './client'

const SESSION = {
  customerKey: '11111111-1111-4111-8111-111111111111',
  sessionKey: '22222222-2222-4222-8222-222222222222',
}

function context(fetch: typeof globalThis.fetch): SearchContext {
  return {
    baseUrl: '/api/storefront/v3',
    fetch,
    market: 'fi',
    locale: 'sv',
    touchpoint: 'mobile',
    session: SESSION,
  }
}

describe('searchUrl', () => {
  it('carries market, keys, locale and touchpoint, joins lists with | and keeps facet params', () => {
    const url = new URL(
      searchUrl(context(fetch), 'queries/search-page', {
        q: 'villaneule',
        limit: 24,
        'f.brand': 'aurinko|lumo',
        cart: ['A-36', 'B-38'],
        sort: undefined,
      }),
      'http://shop.test',
    )
    expect(url.pathname).toBe('/api/storefront/v3/queries/search-page')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      market: 'fi',
      customerKey: SESSION.customerKey,
      sessionKey: SESSION.sessionKey,
      locale: 'sv-SE',
      touchpoint: 'mobile',
      q: 'villaneule',
      limit: '24',
      'f.brand': 'aurinko|lumo',
      cart: 'A-36|B-38',
    })
  })

  it('leaves locale and touchpoint out of a notification', () => {
    const url = new URL(
      searchUrl(context(fetch), 'notifications/click', {}, 'notification'),
      'http://shop.test',
    )
    expect([...url.searchParams.keys()]).toEqual(['market', 'customerKey', 'sessionKey'])
  })
})

describe('searchQuery', () => {
  it('GETs without a body and POSTs a page configuration as text/plain JSON', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ recommendationLists: [] })))
    await searchQuery(context(fetch), 'autocomplete', { q: 'mek' })
    await searchQuery(context(fetch), 'add-to-cart-popup', { variantKey: 'A-36' }, [
      { id: 'x', algorithm: 'CART' },
    ])
    const [, get] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    const [, post] = fetch.mock.calls[1] as unknown as [string, RequestInit]
    expect(get.method).toBe('GET')
    expect(get.body).toBeUndefined()
    expect(post).toMatchObject({ method: 'POST', headers: { 'content-type': 'text/plain' } })
    expect(JSON.parse(post.body as string)).toEqual([{ id: 'x', algorithm: 'CART' }])
  })

  it('throws the service’s message on an error status', async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json({ message: 'Unknown market' }, { status: 400 })))
    await expect(searchQuery(context(fetch), 'autocomplete', { q: '' })).rejects.toEqual(
      new SearchServiceError(400, 'Unknown market'),
    )
  })
})

describe('sendNotification', () => {
  it('posts the JSON body with keepalive', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    await sendNotification(context(fetch), 'click', { ticket: 't-1' })
    expect(fetch).toHaveBeenCalledOnce()
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toContain('/api/storefront/v3/notifications/click?market=fi')
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: '{"ticket":"t-1"}' })
  })

  it('retries once without keepalive when the first try fails, and swallows a second failure', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('keepalive quota'))
      .mockRejectedValueOnce(new TypeError('offline'))
    await expect(sendNotification(context(fetch), 'add-to-cart', { ticket: 't-2' })).resolves.toBeUndefined()
    expect(fetch).toHaveBeenCalledTimes(2)
    expect((fetch.mock.calls[1]![1] as RequestInit).keepalive).toBeUndefined()
  })
})
