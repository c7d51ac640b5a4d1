// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act } from 'react'
import { renderToString } from 'react-dom/server'
import { hydrateRoot } from 'react-dom/client'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { App } from '../../app/App'
import { makeStore, type AppStore } from '../../app/store'
import { startFavoritesSync } from '../../app/client/listeners'
import { FAVORITES_STORAGE_KEY } from './local-copy'
import { shopSite, TEST_MESSAGES } from '../../ui/test-helpers'
import type { LocaleCode, MarketAlias } from '../../shared/markets'
import { FavouriteToggle } from './FavouriteToggle'

// hydrateRoot is driven by hand here, outside Testing Library's render
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
  cleanup()
  localStorage.clear()
})

function tree(store: AppStore, market: MarketAlias = 'fi', locale: LocaleCode = 'fi') {
  return (
    <App
      store={store}
      getApollo={() => Promise.reject(new Error('no Apollo in this test'))}
      site={shopSite(market, locale)}
      messages={TEST_MESSAGES[locale]}
    >
      <FavouriteToggle productId={42} productName="Juhlamekko Aino" />
    </App>
  )
}

describe('FavouriteToggle', () => {
  it('is a named toggle button that adds and removes the product and records the events', () => {
    const store = makeStore(undefined, { devTools: false })
    render(tree(store))
    const button = screen.getByRole('button', { name: 'Suosikki: Juhlamekko Aino' })
    expect(button.getAttribute('aria-pressed')).toBe('false')

    fireEvent.click(button)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    expect(store.getState().global.favorites).toEqual([42])

    fireEvent.click(button)
    expect(button.getAttribute('aria-pressed')).toBe('false')
    expect(store.getState().global.favorites).toEqual([])
    expect(store.getState().events.queue.map((event) => [event.type, event.payload])).toEqual([
      ['favorite:add', { productId: 42, product: { productId: 42, name: 'Juhlamekko Aino' } }],
      ['favorite:remove', { productId: 42, product: { productId: 42, name: 'Juhlamekko Aino' } }],
    ])
  })

  it('sends the product it was given with the events', () => {
    const store = makeStore(undefined, { devTools: false })
    const product = { productId: 42, name: 'Juhlamekko Aino', articleNumber: 'A-42' }
    render(
      <App
        store={store}
        getApollo={() => Promise.reject(new Error('none'))}
        site={shopSite('se', 'sv')}
        messages={TEST_MESSAGES.sv}
      >
        <FavouriteToggle productId={42} productName="Festklänning Aino" product={product} />
      </App>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Favorit: Festklänning Aino' }))
    expect(store.getState().events.queue[0]?.payload).toEqual({ productId: 42, product })
  })

  it('hydrates unpressed like the server rendered it, then shows the favourites saved in this browser', async () => {
    localStorage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify([42]))
    const html = renderToString(tree(makeStore(undefined, { devTools: false })))
    expect(html).toContain('aria-pressed="false"')

    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const store = makeStore(undefined, { devTools: false })
    const recoverable = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(container, tree(store), { onRecoverableError: recoverable })
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    consoleError.mockRestore()

    let stop = () => undefined as void
    act(() => {
      stop = startFavoritesSync(store, null)
    })
    expect(
      screen.getByRole('button', { name: 'Suosikki: Juhlamekko Aino' }).getAttribute('aria-pressed'),
    ).toBe('true')
    stop()
    act(() => root?.unmount())
    container.remove()
  })
})
