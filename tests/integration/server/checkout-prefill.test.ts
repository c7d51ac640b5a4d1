/**
 * Checkout for a customer (issue #10 item 7) on the production app: a customer logged in through
 * /api/session, with an address and a personal id on the account, opens the checkout with a
 * cart, and the server-rendered form already holds the account's e-mail, address and personal id.
 * A guest's checkout holds none of it.
 */
import { sql } from 'kysely'
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

const EMAIL = 'kassa-asiakas@example.fi'
const ACCOUNT = {
  personalId: '131052-308T',
  address: {
    firstName: 'Kaisa',
    lastName: 'Kassanen',
    addressLine1: 'Prefillinkatu 7',
    zip: '00150',
    city: 'Helsinki',
    mobile: '0401234567',
  },
}

function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
}

async function gql<T>(query: string, variables: Record<string, unknown>, cookie = '') {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/graphql',
    headers: { 'x-lumo-csrf': '1', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: { query, variables },
  })
  const body = response.json() as { data?: T; errors?: unknown }
  expect(body.errors).toBeUndefined()
  return body.data as T
}

async function cartWithItem(): Promise<string> {
  const skus = await sql<{ sku_id: number }>`
    SELECT sku_id FROM skus WHERE stock_in_stock > 20 ORDER BY sku_id LIMIT 1`.execute(shop.database.db)
  const cart = (await gql<{ getCart: { id: string } }>('query { getCart { id } }', {})).getCart.id
  await gql(
    'mutation ($id: String!, $sku: Int!) { addToCart(id: $id, item: { skuId: $sku, quantity: 1 }) { id } }',
    {
      id: cart,
      sku: skus.rows[0]!.sku_id,
    },
  )
  return cart
}

describe('the checkout of a logged-in customer', () => {
  it("is filled from the account on the server; a guest's is empty", async () => {
    const registered = await registerAndLogInThroughShop(shop.app, {
      headers: { 'x-lumo-csrf': '1' },
      payload: { username: EMAIL, password: await passwordDigest('salasana1'), rememberMe: true },
    })
    expect(registered.statusCode).toBe(200)
    const session = cookiesOf(registered)
    await gql(
      'mutation ($user: UserInputType!) { updateUser(user: $user) { id } }',
      { user: ACCOUNT },
      session,
    )

    const cart = await cartWithItem()
    const page = await shop.app.inject({
      method: 'GET',
      url: '/fi/kassa',
      headers: { cookie: `${session}; lumo-cart=${cart}` },
    })
    expect(page.statusCode).toBe(200)
    for (const value of [EMAIL, ACCOUNT.personalId, 'Prefillinkatu 7', '00150', 'Kassanen', '0401234567'])
      expect(page.body).toContain(`value="${value}"`)

    const guest = await shop.app.inject({
      method: 'GET',
      url: '/fi/kassa',
      headers: { cookie: `lumo-cart=${cart}` },
    })
    expect(guest.statusCode).toBe(200)
    expect(guest.body).not.toContain(EMAIL)
    expect(guest.body).not.toContain('Prefillinkatu 7')
  })
})
