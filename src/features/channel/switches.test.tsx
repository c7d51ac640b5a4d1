// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { parseCookies } from '../../shared/cookies'
import { MarketSwitch } from './MarketSwitch'
import { LanguageSwitch } from './LanguageSwitch'
import { marketChanged } from './slice'
import { leaveTo } from './document-navigation'

vi.mock('./document-navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./document-navigation')>()),
  leaveTo: vi.fn(),
}))

function clearCookies() {
  for (const name of Object.keys(parseCookies(document.cookie)))
    document.cookie = `${name}=; Path=/; Max-Age=0`
}

/** Renders a switch on a page at `path` (the address bar shows the same path). */
function renderSwitch(
  element: React.ReactNode,
  options: Parameters<typeof renderRoutes>[1] & { path: string },
) {
  window.history.replaceState(null, '', options.path)
  return renderRoutes([{ path: '*', element }], options)
}

beforeEach(() => {
  vi.mocked(leaveTo).mockClear()
  clearCookies()
})
afterEach(cleanup)

describe('MarketSwitch', () => {
  it('offers every market by its country and currency, with the current one selected', () => {
    renderSwitch(<MarketSwitch />, { path: '/fi/kassa' })
    const select = screen.getByRole('combobox', { name: 'Maa' }) as HTMLSelectElement
    expect(select.value).toBe('fi')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Suomi (EUR)', 'Sverige (SEK)', 'Norge (NOK)', 'Danmark (DKK)'])
  })

  it('applies a market: cookies, store, and the same page in that market’s language', () => {
    const { store } = renderSwitch(<MarketSwitch />, { path: '/fi/kassa?step=2' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Maa' }), { target: { value: 'se' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }))

    expect(leaveTo).toHaveBeenCalledExactlyOnceWith('/se/sv/kassan?step=2')
    const cookies = parseCookies(document.cookie)
    expect(cookies['lumo-selected-market']).toBe('se')
    expect(cookies['lumo-checkout-market']).toBe('se')
    expect(store.getState().channel.currentMarket).toBe('se')
    expect(store.getState().channel.checkoutMarket).toBe('se')
  })

  it('does nothing when the chosen market is the page’s own', () => {
    renderSwitch(<MarketSwitch />, { path: '/fi/kassa' })
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }))
    expect(leaveTo).not.toHaveBeenCalled()
    expect(parseCookies(document.cookie)['lumo-selected-market']).toBeUndefined()
  })

  it('follows a market change that arrives in the store (another tab)', () => {
    const { store } = renderSwitch(<MarketSwitch />, { path: '/fi/' })
    act(() => {
      store.dispatch(marketChanged('dk'))
    })
    expect((screen.getByRole('combobox', { name: 'Maa' }) as HTMLSelectElement).value).toBe('dk')
  })

  it('goes to the other market’s own domain in domain mode', () => {
    const settings = {
      mode: 'domain' as const,
      marketDomains: { fi: 'lumo.fi', se: 'lumo.se', no: 'lumo.no', dk: 'lumo.dk' },
    }
    renderSwitch(<MarketSwitch />, { path: '/kassa', settings })
    fireEvent.change(screen.getByRole('combobox', { name: 'Maa' }), { target: { value: 'se' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }))
    expect(leaveTo).toHaveBeenCalledExactlyOnceWith('//lumo.se/kassan')
  })

  it('is labelled in the page language', () => {
    renderSwitch(<MarketSwitch />, { market: 'no', locale: 'nb', path: '/no/nb/kassen' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Land' }), { target: { value: 'fi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Bytt' }))
    expect(leaveTo).toHaveBeenCalledExactlyOnceWith('/fi/kassa')
  })
})

describe('LanguageSwitch', () => {
  it('offers only the languages of the page’s market, each in its own language', () => {
    renderSwitch(<LanguageSwitch />, { path: '/fi/kassa' })
    const select = screen.getByRole('combobox', { name: 'Kieli' }) as HTMLSelectElement
    expect(select.value).toBe('fi')
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['fi', 'Suomi'],
      ['sv', 'Svenska'],
    ])
  })

  it('applies a language: cookie, store, and the localised path of the same page', () => {
    const { store } = renderSwitch(<LanguageSwitch />, { path: '/fi/tilini/tilaukset#recent' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Kieli' }), { target: { value: 'sv' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }))
    expect(leaveTo).toHaveBeenCalledExactlyOnceWith(`/fi/sv/mina-sidor/ordrar#recent`)
    expect(parseCookies(document.cookie)['lumo-locale']).toBe('sv')
    expect(store.getState().channel.locale).toBe('sv')
  })

  it('goes back to Finnish from the Swedish pages of the Finnish market', () => {
    renderSwitch(<LanguageSwitch />, { market: 'fi', locale: 'sv', path: '/fi/sv/kassan' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Språk' }), { target: { value: 'fi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Byt' }))
    expect(leaveTo).toHaveBeenCalledExactlyOnceWith('/fi/kassa')
    expect(parseCookies(document.cookie)['lumo-locale']).toBe('fi')
  })

  it('uses the language prefix on the market’s domain in domain mode', () => {
    const settings = { mode: 'domain' as const, marketDomains: { fi: 'lumo.fi', se: 'lumo.se' } }
    renderSwitch(<LanguageSwitch />, { path: '/tilini/tilaukset', settings })
    fireEvent.change(screen.getByRole('combobox', { name: 'Kieli' }), { target: { value: 'sv' } })
    fireEvent.click(screen.getByRole('button', { name: 'Vaihda' }))
    expect(leaveTo).toHaveBeenCalledExactlyOnceWith('/sv/mina-sidor/ordrar')
    expect(parseCookies(document.cookie)['lumo-locale']).toBe('sv')
  })

  it('is left out in a market with one language', () => {
    renderSwitch(<LanguageSwitch />, { market: 'se', locale: 'sv', path: '/se/sv/kassan' })
    expect(screen.queryByRole('combobox')).toBeNull()
  })
})
