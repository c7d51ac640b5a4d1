// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Outlet } from 'react-router'
import { RouteLink, routerPath } from './RouteLink'
import { renderRoutes } from './test-helpers'

afterEach(cleanup)

function routes() {
  return [
    {
      element: (
        <>
          <RouteLink to="home">Etusivu</RouteLink>
          <RouteLink to="checkout" markCurrent>
            Kassa
          </RouteLink>
          <RouteLink to="account-membership">Jäsenyys</RouteLink>
          <Outlet />
        </>
      ),
      children: [
        { path: '/', element: <h1>Koti</h1> },
        { path: '/kassa', element: <h1>Kassasivu</h1> },
      ],
    },
  ]
}

describe('routerPath', () => {
  it('strips the basename, keeping the home page as /', () => {
    expect(routerPath('/fi/sv/kassan', '/fi/sv')).toBe('/kassan')
    expect(routerPath('/fi/', '/fi')).toBe('/')
    expect(routerPath('/fi', '/fi')).toBe('/')
    expect(routerPath('/sv/kassan', '/')).toBe('/sv/kassan')
    expect(routerPath('/fine/x', '/fi')).toBe('/fine/x')
  })
})

describe('RouteLink', () => {
  it('writes canonical, percent-encoded hrefs with the basename', () => {
    renderRoutes(routes(), { path: '/fi/' })
    expect(screen.getByRole('link', { name: 'Etusivu' }).getAttribute('href')).toBe('/fi/')
    expect(screen.getByRole('link', { name: 'Jäsenyys' }).getAttribute('href')).toBe(
      '/fi/tilini/j%C3%A4senyys',
    )
  })

  it('navigates inside the router on a plain click and marks the current page', () => {
    const { router } = renderRoutes(routes(), { path: '/fi/' })
    expect(screen.getByRole('link', { name: 'Kassa' }).getAttribute('aria-current')).toBeNull()
    fireEvent.click(screen.getByRole('link', { name: 'Kassa' }))
    expect(router.state.location.pathname).toBe('/fi/kassa')
    expect(screen.getByRole('heading', { name: 'Kassasivu' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Kassa' }).getAttribute('aria-current')).toBe('page')
  })

  it('leaves clicks with a modifier key to the browser (new tab or window)', () => {
    const { router } = renderRoutes(routes(), { path: '/fi/' })
    fireEvent.click(screen.getByRole('link', { name: 'Kassa' }), { ctrlKey: true })
    expect(router.state.location.pathname).toBe('/fi/')
  })
})
