// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { renderWithProviders } from '../../test/renderWithProviders'
import { makeStore, type AppStore } from '../store'
import { routeChanged } from '../global-slice'
import { loadingStarted } from '../../features/loading/slice'
import { RESIZE_THROTTLE_MS, useClientBehaviours } from './useClientBehaviours'

function Layout() {
  useClientBehaviours()
  return (
    <main className="site-main" style={{ paddingTop: '80px' }}>
      <Outlet />
    </main>
  )
}

/** Routes whose loaders record the route name like the default middleware does. */
function setup(initialPath = '/home') {
  const store = makeStore(undefined, { devTools: false })
  const page = (routeName: string, path: string) => ({
    path,
    loader: () => {
      store.dispatch(routeChanged({ routeName, path }))
      return null
    },
    Component: () => (
      <div>
        {routeName}
        <h2 id="reviews">Arvostelut</h2>
      </div>
    ),
  })
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        children: [
          page('home', '/home'),
          page('product', '/p/dress'),
          page('account-orders', '/account/orders'),
          page('account-settings', '/account/settings'),
        ],
      },
    ],
    { initialEntries: [initialPath] },
  )
  renderWithProviders(<RouterProvider router={router} />, { store })
  return { store, router }
}

/** Waits until the page of that route is on screen (loader done, layout effects run). */
async function settle(store: AppStore, routeName: string) {
  await vi.waitFor(() => {
    expect(store.getState().global.currentRouteName).toBe(routeName)
    expect(document.querySelector('main')?.textContent).toContain(routeName)
  })
  // passive effects of the commit run now
  await act(async () => undefined)
}

let scrollTo: ReturnType<typeof vi.fn>
let scrollIntoView: ReturnType<typeof vi.fn>

beforeEach(() => {
  scrollTo = vi.fn()
  scrollIntoView = vi.fn()
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView']
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
}

describe('useClientBehaviours', () => {
  it('records the viewport width now and on resize (throttled)', async () => {
    window.innerWidth = 1300
    const { store } = setup()
    await settle(store, 'home')
    expect(store.getState().global.viewportWidth).toBe(1300)
    vi.useFakeTimers()
    window.innerWidth = 700
    act(() => void window.dispatchEvent(new Event('resize')))
    window.innerWidth = 500
    act(() => void window.dispatchEvent(new Event('resize')))
    expect(store.getState().global.viewportWidth).toBe(700)
    act(() => void vi.advanceTimersByTime(RESIZE_THROTTLE_MS))
    expect(store.getState().global.viewportWidth).toBe(500)
  })

  it('hides the header when scrolling down past the main top padding and shows it on scroll up', async () => {
    setScrollY(0)
    const { store } = setup()
    await settle(store, 'home')
    setScrollY(50)
    act(() => void window.dispatchEvent(new Event('scroll')))
    expect(store.getState().global.headerHidden).toBe(false)
    setScrollY(200)
    act(() => void window.dispatchEvent(new Event('scroll')))
    expect(store.getState().global.headerHidden).toBe(true)
    setScrollY(150)
    act(() => void window.dispatchEvent(new Event('scroll')))
    expect(store.getState().global.headerHidden).toBe(false)
  })

  it('tracks online and offline', async () => {
    const { store } = setup()
    await settle(store, 'home')
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(store.getState().global.online).toBe(false)
    onLine.mockReturnValue(true)
    act(() => void window.dispatchEvent(new Event('online')))
    expect(store.getState().global.online).toBe(true)
  })

  it('scrolls to the top on a route change but not between account pages', async () => {
    const { store, router } = setup('/account/orders')
    await settle(store, 'account-orders')
    expect(scrollTo).not.toHaveBeenCalled()
    await act(() => router.navigate('/account/settings'))
    await settle(store, 'account-settings')
    expect(scrollTo).not.toHaveBeenCalled()
    await act(() => router.navigate('/p/dress'))
    await settle(store, 'product')
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('scrolls a hash target into view', async () => {
    const { store, router } = setup()
    await settle(store, 'home')
    await act(() => router.navigate('/p/dress#reviews'))
    await settle(store, 'product')
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('reviews'))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('finishes the loading indicator when the navigation is done', async () => {
    const { store, router } = setup()
    await settle(store, 'home')
    act(() => void store.dispatch(loadingStarted()))
    await act(() => router.navigate('/p/dress'))
    await vi.waitFor(() => expect(store.getState().loading.status).toBe('finished'))
  })
})
