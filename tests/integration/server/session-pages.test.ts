/**
 * The production server decides who is logged in from the VERIFIED session token only: the
 * login-required and members-only middlewares cannot be opened with cookies a browser can write
 * (a hand-made `lumo-user` plus any `lumo-auth`), and a real login through /api/session does
 * open them, with the user in the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { passwordDigest } from '../../../src/shared/password-digest'
import { startProductionApp, type ProductionApp } from './production-app'
import { registerAndLogInThroughShop } from '../helpers/auth'

let shop: ProductionApp

beforeAll(async () => {
  shop = await startProductionApp()
}, 300_000)
afterAll(async () => {
  await shop?.close()
})

const ORDERS = '/fi/tilini/tilaukset'
const LOGIN_REDIRECT = `/fi/?action=login&returnTo=${encodeURIComponent(ORDERS)}`

const forged = [
  'lumo-auth=eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.junk',
  `lumo-user=${encodeURIComponent(JSON.stringify({ id: '1', email: 'x@example.fi', customerType: 'PERSON', memberType: 'GOLD' }))}`,
  `lumo-persisted-states=${encodeURIComponent(JSON.stringify({ loyalty: { isMember: true, membershipLevel: 'GOLD' } }))}`,
].join('; ')

function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

describe('login-required and members-only pages', () => {
  it('a hand-made lumo-user cookie with a junk token does not open a login-required page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: ORDERS, headers: { cookie: forged } })
    expect(response.statusCode).toBe(302)
    expect(response.headers.location).toBe(LOGIN_REDIRECT)
  })

  it('nor the members-only page', async () => {
    const response = await shop.app.inject({
      method: 'GET',
      url: '/fi/lumostyle',
      headers: { cookie: forged },
    })
    expect(response.statusCode).toBe(404)
  })

  it('nor does the page show the forged user', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/fi/', headers: { cookie: forged } })
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('x@example.fi')
  })

  it('a real login through /api/session opens it, with the verified user in the page', async () => {
    const registered = await registerAndLogInThroughShop(shop.app, {
      headers: { 'x-lumo-csrf': '1' },
      payload: { username: 'sivu@example.fi', password: await passwordDigest('salasana1'), rememberMe: true },
    })
    expect(registered.statusCode).toBe(200)
    const response = await shop.app.inject({
      method: 'GET',
      url: ORDERS,
      headers: { cookie: cookiesOf(registered) },
    })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('sivu@example.fi')

    // a customer who is not a member does not become one with a hand-made loyalty cookie
    const memberCookie = `lumo-persisted-states=${encodeURIComponent(JSON.stringify({ loyalty: { isMember: true, membershipLevel: 'GOLD' } }))}`
    const gallery = await shop.app.inject({
      method: 'GET',
      url: '/fi/lumostyle',
      headers: { cookie: `${cookiesOf(registered)}; ${memberCookie}` },
    })
    expect(gallery.statusCode).toBe(404)

    // the same user's readable cookie with a junk token is not enough
    const junk = cookiesOf(registered).replace(/lumo-auth=[^;]+/, 'lumo-auth=junk')
    const refused = await shop.app.inject({ method: 'GET', url: ORDERS, headers: { cookie: junk } })
    expect(refused.statusCode).toBe(302)
  })

  it('a member (the token carries a member id) opens the members-only page', async () => {
    const email = 'jasen@example.fi'
    const digest = await passwordDigest('salasana1')
    const registered = await registerAndLogInThroughShop(shop.app, {
      headers: { 'x-lumo-csrf': '1' },
      payload: { username: email, password: digest, rememberMe: true },
    })
    expect(registered.statusCode).toBe(200)
    await shop.database.db
      .updateTable('users')
      .set({ member_id: 'M-1001' })
      .where('email', '=', email)
      .execute()
    const loggedIn = await shop.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { 'x-lumo-csrf': '1' },
      payload: { username: email, password: digest, rememberMe: true },
    })
    expect(loggedIn.statusCode).toBe(200)
    expect((loggedIn.json() as { user: { isMember: boolean } }).user.isMember).toBe(true)
    const gallery = await shop.app.inject({
      method: 'GET',
      url: '/fi/lumostyle',
      headers: { cookie: cookiesOf(loggedIn) },
    })
    expect(gallery.statusCode).toBe(200)
  })
})
