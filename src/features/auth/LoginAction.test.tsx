// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { Outlet } from 'react-router'
import { renderRoutes } from '../../ui/test-helpers'
import { ModalRoot } from '../modal/ModalRoot'
import { SHOP_MODALS } from '../../app/layouts/shop-modals'
import { LoginAction } from './LoginAction'
import { AccountLink } from './AccountLink'
import { connected } from './slice'

const user = {
  id: 'u-1',
  email: 'anna@example.fi',
  customerType: 'PERSON' as const,
  memberType: null,
  isMember: false,
}

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ user, maxAge: 900 }), { status: 200 }))
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Shell() {
  return (
    <>
      <AccountLink />
      <LoginAction />
      <ModalRoot modals={SHOP_MODALS} />
      <Outlet />
    </>
  )
}

const routes = [
  {
    path: '/',
    element: <Shell />,
    children: [
      { index: true, element: <p>Etusivu</p> },
      { path: 'tilini/tilaukset', element: <p>Tilaukset-sivu</p> },
    ],
  },
]

describe('?action=login', () => {
  it('opens the login dialog and, after login, goes to returnTo', async () => {
    const { router } = renderRoutes(routes, {
      path: `/fi/?action=login&returnTo=${encodeURIComponent('/fi/tilini/tilaukset?sivu=2')}`,
    })
    const dialog = await screen.findByRole('dialog', { name: 'Kirjaudu sisään' })
    expect(dialog).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Sähköpostiosoite'), { target: { value: 'anna@example.fi' } })
    fireEvent.change(screen.getByLabelText('Salasana'), { target: { value: 'salasana1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    await screen.findByText('Tilaukset-sivu')
    expect(router.state.location.pathname).toBe('/fi/tilini/tilaukset')
    expect(router.state.location.search).toBe('?sivu=2')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('never goes to another site: a foreign returnTo only drops the parameters', async () => {
    const { router, store } = renderRoutes(routes, {
      path: `/fi/?action=login&returnTo=${encodeURIComponent('//evil.example/fi/')}`,
    })
    await screen.findByRole('dialog')
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.location.pathname).toBe('/fi')
  })

  it('the dialog switches to registration', async () => {
    renderRoutes(routes, { path: '/fi/?action=login' })
    await screen.findByRole('dialog', { name: 'Kirjaudu sisään' })
    fireEvent.click(screen.getByRole('button', { name: 'Uusi asiakas? Luo tili' }))
    expect(screen.getByRole('dialog', { name: 'Luo tili' })).toBeTruthy()
    expect(screen.getByLabelText('Vahvista salasana')).toBeTruthy()
  })
})

describe('the header account link', () => {
  it('opens the login dialog for a guest', async () => {
    renderRoutes(routes, { path: '/fi/' })
    fireEvent.click(screen.getByRole('link', { name: 'Oma tili' }))
    expect(await screen.findByRole('dialog', { name: 'Kirjaudu sisään' })).toBeTruthy()
  })

  it('names the logged-in customer and leaves logout to the account menu', async () => {
    const { store } = renderRoutes(routes, { path: '/fi/' })
    store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
    const link = await screen.findByRole('link', { name: 'Oma tili, kirjautuneena anna@example.fi' })
    expect(link.className).toContain('user-nav__link--signed-in')
    // no raw button beside the link (issue 27 part 7): logout is in AccountFrame's menu
    expect(screen.queryByRole('button', { name: 'Kirjaudu ulos' })).toBeNull()
  })
})
