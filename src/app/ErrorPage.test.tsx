// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { ErrorPage, ErrorPageBoundary, errorStatusOf } from './ErrorPage'
import { ErrorLayout } from './layouts/ErrorLayout'
import { renderRoutes } from '../ui/test-helpers'

afterEach(cleanup)

/** A route whose loader fails with `failure`, shown through the given error element. */
function failingRoute(failure: unknown, errorElement = <ErrorPage />) {
  return [
    {
      path: '*',
      loader: () => {
        throw failure
      },
      Component: () => <p>never shown</p>,
      HydrateFallback: () => null,
      errorElement,
    },
  ]
}

describe('errorStatusOf', () => {
  it('reads route error responses, status and statusCode, else 500', () => {
    expect(errorStatusOf(new Response('', { status: 404 }))).toBe(404)
    expect(errorStatusOf(Object.assign(new Error('x'), { status: 503 }))).toBe(503)
    expect(errorStatusOf({ statusCode: 401, message: 'no' })).toBe(401)
    expect(errorStatusOf(new Error('boom'))).toBe(500)
    expect(errorStatusOf({ status: 'bad' })).toBe(500)
  })

  it('is 503 for a service that did not answer: a deadline, an open circuit, no connection', () => {
    expect(errorStatusOf(new DOMException('late', 'TimeoutError'))).toBe(503)
    expect(errorStatusOf(Object.assign(new Error('api is unavailable'), { name: 'CircuitOpenError' }))).toBe(
      503,
    )
    expect(errorStatusOf(new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') }))).toBe(503)
    expect(errorStatusOf(new TypeError('x is not a function'))).toBe(500)
  })
})

describe('ErrorPage', () => {
  it('shows the not-found page with a way home for a 404', async () => {
    renderRoutes(failingRoute(new Response('Not Found', { status: 404 })), { path: '/fi/missing' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sivua ei löydy' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Takaisin etusivulle' }).getAttribute('href')).toBe('/fi/')
    expect(screen.queryByText(/Virhekoodi/)).toBeNull()
  })

  it('speaks the page language and links to that market and language home', async () => {
    renderRoutes(failingRoute(new Response('Not Found', { status: 404 })), {
      market: 'fi',
      locale: 'sv',
      path: '/fi/sv/saknas',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sidan hittades inte' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' }).getAttribute('href')).toBe(
      '/fi/sv/',
    )
  })

  it('shows the generic error page with status 500 for an error without a status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderRoutes(failingRoute(new Error('database down')), { path: '/fi/x' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hups, jotain taisi mennä pieleen' }),
    ).toBeTruthy()
    expect(screen.getByText(/Valitettavasti jotain meni pieleen\. Yritä uudelleen/)).toBeTruthy()
    expect(screen.getByText('Virhekoodi 500')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Takaisin etusivulle' })).toBeTruthy()
  })

  it('shows the error’s own status when it has one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderRoutes(failingRoute(Object.assign(new Error('Unknown middleware nope'), { status: 500 })), {
      market: 'dk',
      locale: 'da',
      path: '/dk/da/x',
    })
    expect(await screen.findByText('Fejlkode 500')).toBeTruthy()
    renderRoutes(failingRoute(new Response('Bad gateway', { status: 502 })), { path: '/fi/y' })
    expect(await screen.findByText('Virhekoodi 502')).toBeTruthy()
  })

  it('says the shop is temporarily unavailable when a service did not answer (issue 31 row 7)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderRoutes(failingRoute(new DOMException('No answer within 300 ms', 'TimeoutError')), {
      market: 'se',
      locale: 'sv',
      path: '/se/sv/x',
    })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Butiken är tillfälligt otillgänglig' }),
    ).toBeTruthy()
    expect(screen.getByText(/Försök igen om en stund/)).toBeTruthy()
    expect(screen.queryByText(/Felkod/)).toBeNull()
    expect(screen.getByRole('link', { name: 'Tillbaka till startsidan' })).toBeTruthy()
  })

  it('falls back to the minimal page when showing the error page throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Broken(): never {
      throw new Error('the error page broke')
    }
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    )
    expect(
      screen.getByRole('heading', { name: 'An error occurred while showing the error page' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
  })

  it('falls back to the minimal page when the error page has no translations to use', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // no IntlProvider and no router around it: every hook of the real page fails
    render(<ErrorPage />)
    expect(screen.getByText('An error occurred while showing the error page')).toBeTruthy()
  })
})

describe('ErrorLayout', () => {
  it('shows the error page inside the default frame, with navigation and footer', async () => {
    renderRoutes(failingRoute(new Response('Not Found', { status: 404 }), <ErrorLayout />), {
      path: '/fi/nope',
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Sivua ei löydy' })).toBeTruthy()
    expect(screen.getByRole('banner')).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Päävalikko' })).toBeTruthy()
    expect(screen.getByRole('contentinfo')).toBeTruthy()
    expect(screen.getByRole('main').id).toBe('main')
  })
})
