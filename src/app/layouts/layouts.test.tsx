// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { headerHiddenSet, onlineSet } from '../global-slice'
import { modalOpened } from '../../features/modal/slice'
import { fallbackMarkets, marketsLoaded } from '../../features/channel/slice'
import { makeStore } from '../store'
import { DefaultLayout } from './DefaultLayout'
import { UndistractedLayout } from './UndistractedLayout'
import { UndistractedSpecialLayout } from './UndistractedSpecialLayout'
import { SHOP_MODAL_IDS } from './shop-modals'
import { preloadSearchField } from '../../features/search/LazySearchField'

afterEach(cleanup)

beforeAll(async () => {
  // as the entries do before rendering a page of the default layout
  await preloadSearchField()
  // jsdom has no modal dialogs
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
})

function withLayout(layout: React.ReactNode) {
  return [{ element: layout, children: [{ path: '*', element: <h1>Sivu</h1> }] }]
}

describe('DefaultLayout', () => {
  it('starts with a skip link to the main content', () => {
    const { container } = renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/kassa' })
    const firstLink = container.querySelector('a')
    expect(firstLink?.textContent).toBe('Siirry pääsisältöön')
    expect(firstLink?.getAttribute('href')).toBe('#main')
    expect(screen.getByRole('main').id).toBe('main')
  })

  it('links the main navigation to the category and list pages of the page language', () => {
    renderRoutes(withLayout(<DefaultLayout />), { market: 'dk', locale: 'da', path: '/dk/da/' })
    const nav = screen.getByRole('navigation', { name: 'Hovedmenu' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dk/da/c/kjoler',
      '/dk/da/c/jakker-og-frakker',
      '/dk/da/c/sko',
      '/dk/da/c/traeningstoj',
      '/dk/da/c/badetoj',
      '/dk/da/c/undertoj',
      '/dk/da/nyheder',
      '/dk/da/bestseller-lige-nu',
      '/dk/da/m%C3%A6rker',
      '/dk/da/kommer-snart',
    ])
    const user = screen.getByRole('navigation', { name: 'Kundelinks' })
    expect(within(user).getByRole('link', { name: 'Favoritter' }).getAttribute('href')).toBe(
      '/dk/da/favoritter',
    )
    // the cart is a button that opens the mini-cart drawer (its checkout link is inside)
    expect(within(user).getByRole('button', { name: 'Indkøbskurv, tom' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    )
  })

  it('marks the current page in the navigation', () => {
    renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/uutuudet' })
    const nav = screen.getByRole('navigation', { name: 'Päävalikko' })
    expect(within(nav).getByRole('link', { name: 'Uutuudet', current: 'page' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: 'Merkit', current: false })).toBeTruthy()
  })

  it('shows the shop promises with the market’s own free-shipping threshold from the API', () => {
    const store = makeStore()
    const markets = fallbackMarkets().map((market) => ({
      ...market,
      freeShippingThreshold: market.alias === 'se' ? 790 : 69,
    }))
    store.dispatch(marketsLoaded({ defaultMarketId: '1|fi', markets }))
    renderRoutes(withLayout(<DefaultLayout />), { market: 'se', locale: 'sv', path: '/se/sv/', store })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByText('Fri frakt på beställningar över 790 kr')).toBeTruthy()
    expect(within(footer).getByText('14 dagars returrätt')).toBeTruthy()
    expect(within(footer).getByText('Kundservice vardagar kl. 8–17')).toBeTruthy()
    expect(within(footer).getByText('Orderbekräftelse per e-post inom 24 timmar på vardagar')).toBeTruthy()
    expect(within(footer).getByRole('link', { name: 'Köpvillkor' }).getAttribute('href')).toBe(
      '/se/sv/kopvillkor',
    )
  })

  it('leaves the free-shipping promise out while the API has not given a threshold', () => {
    renderRoutes(withLayout(<DefaultLayout />), { market: 'se', locale: 'sv', path: '/se/sv/' })
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).queryByText(/Fri frakt/)).toBeNull()
    expect(within(footer).getByText('14 dagars returrätt')).toBeTruthy()
  })

  it('holds the logo, the search, the country and language control, favourites, account and cart', () => {
    renderRoutes(withLayout(<DefaultLayout />), { market: 'se', locale: 'sv', path: '/se/sv/' })
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Lumo – till startsidan' })).toBeTruthy()
    const search = within(header).getByRole('search')
    expect(
      within(search).getByRole('combobox', { name: 'Sök produkter' }).getAttribute('aria-expanded'),
    ).toBe('false')
    expect(within(header).getByRole('button', { name: 'Land och språk: SE · SEK' })).toBeTruthy()
    expect(within(header).getByRole('link', { name: 'Favoriter' })).toBeTruthy()
    expect(within(header).getByRole('link', { name: 'Mina sidor' })).toBeTruthy()
    expect(within(header).getByRole('button', { name: /Varukorg/ })).toBeTruthy()
    // no select of the old utility bar is left in the header itself
    expect(within(header).queryByRole('combobox', { name: 'Land' })).toBeNull()
  })

  it('opens the country and language dialog with the current market, currency and language', async () => {
    renderRoutes(withLayout(<DefaultLayout />), { market: 'fi', locale: 'sv', path: '/fi/sv/' })
    const button = within(screen.getByRole('banner')).getByRole('button', {
      name: 'Land och språk: FI · EUR',
    })
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Land, språk och kundtyp' })
    expect(within(dialog).getByText('Du handlar nu i Suomi (EUR), språk: Svenska.')).toBeTruthy()
    expect((within(dialog).getByRole('combobox', { name: 'Land' }) as HTMLSelectElement).value).toBe('fi')
    expect((within(dialog).getByRole('combobox', { name: 'Språk' }) as HTMLSelectElement).value).toBe('sv')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stäng' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens the navigation drawer from the menu button and closes it when a link is chosen', async () => {
    renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/' })
    fireEvent.click(screen.getByRole('button', { name: 'Valikko' }))
    const drawer = await screen.findByRole('dialog', { name: 'Valikko' })
    const link = within(drawer).getByRole('link', { name: 'Mekot' })
    expect(link.getAttribute('href')).toBe('/fi/c/mekot')
    fireEvent.click(link)
    expect(screen.queryByRole('dialog', { name: 'Valikko' })).toBeNull()
  })

  it('hides the header while the store says so', () => {
    const { store } = renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/' })
    expect(screen.getByRole('banner').className).not.toContain('site-header--hidden')
    act(() => {
      store.dispatch(headerHiddenSet(true))
    })
    expect(screen.getByRole('banner').className).toContain('site-header--hidden')
  })

  it('tells the shopper when the connection is lost and clears the notice when it is back', () => {
    const { store } = renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/' })
    expect(screen.queryByText('Ei verkkoyhteyttä')).toBeNull()
    act(() => {
      store.dispatch(onlineSet(false))
    })
    expect(screen.getByText('Ei verkkoyhteyttä')).toBeTruthy()
    act(() => {
      store.dispatch(onlineSet(true))
    })
    expect(screen.queryByText('Ei verkkoyhteyttä')).toBeNull()
  })

  it('opens the membership modals by id as labelled dialogs', () => {
    const { store } = renderRoutes(withLayout(<DefaultLayout />), { path: '/fi/' })
    act(() => {
      store.dispatch(modalOpened({ id: SHOP_MODAL_IDS.membershipJoined }))
    })
    const dialog = screen.getByRole('dialog', { name: 'Tervetuloa jäseneksi!' })
    expect(within(dialog).getByText(/pisteet hyvitetään 30 päivän kuluttua/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sulje' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('UndistractedLayout', () => {
  it('offers only the logo, the way back to the shop and the market and language switch', async () => {
    renderRoutes(withLayout(<UndistractedLayout />), { path: '/fi/kassa' })
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Takaisin kauppaan' }).getAttribute('href')).toBe('/fi/')
    fireEvent.click(within(header).getByRole('button', { name: 'Maa ja kieli: FI · EUR' }))
    const dialog = await screen.findByRole('dialog', { name: 'Maa, kieli ja asiakastyyppi' })
    expect(within(dialog).getByRole('combobox', { name: 'Maa' })).toBeTruthy()
    expect(within(dialog).getByRole('combobox', { name: 'Kieli' })).toBeTruthy()
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByRole('contentinfo')).toBeNull()
  })
})

describe('UndistractedSpecialLayout', () => {
  it('shows the logo, the page and the shop promises', () => {
    renderRoutes(withLayout(<UndistractedSpecialLayout />), { path: '/fi/checkout/confirm' })
    expect(screen.getByRole('link', { name: 'Lumo – etusivulle' }).getAttribute('href')).toBe('/fi/')
    expect(screen.getByRole('heading', { level: 1, name: 'Sivu' })).toBeTruthy()
    expect(within(screen.getByRole('contentinfo')).getByText('14 päivän palautusoikeus')).toBeTruthy()
    expect(screen.queryByRole('combobox')).toBeNull()
  })
})
