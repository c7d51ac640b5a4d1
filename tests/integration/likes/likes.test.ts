/**
 * The likes service (docs/product-rules.md#favourites) on a real database with real tokens from the auth service:
 * bearer-token authorisation (none, forged, another customer's list), the round trip of a list
 * in its order, validation and the 1,000 cap, the migrated flag, and that a customer's
 * favourites go with the account.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { startLikesApp, type Customer, type LikesApp } from './likes-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('likes service on %s', (kind) => {
  let shop: LikesApp
  let aino: Customer
  let bo: Customer

  beforeAll(async () => {
    shop = await startLikesApp(kind)
    aino = await shop.customer('aino')
    bo = await shop.customer('bo')
  })
  afterAll(() => shop?.close())
  beforeEach(async () => {
    await shop.database.db.deleteFrom('user_favourites').execute()
    await shop.database.db.deleteFrom('user_favourites_sync' as never).execute()
  })

  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {})
  const get = (path: string, token: string | null = aino.token) =>
    shop.app.inject({ method: 'GET', url: path, headers: as(token) })
  const post = (path: string, body?: unknown, token: string | null = aino.token) =>
    shop.app.inject({
      method: 'POST',
      url: path,
      headers: as(token),
      ...(body === undefined ? {} : { payload: body as object }),
    })
  const products = (user = aino.userId) => `/likes/users/${user}/products`
  const migrated = (user = aino.userId) => `/likes/users/${user}/migrated`

  it('refuses a request without a token or with a forged one (401)', async () => {
    const forged = `${aino.token.slice(0, -4)}AAAA`
    for (const response of [
      await get(products(), null),
      await get(products(), forged),
      await post(products(), [1], null),
      await post(products(), [1], 'not-a-jwt'),
      await get(migrated(), forged),
      await post(migrated(), undefined, null),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
    }
  })

  it("refuses another customer's list (403) and leaves it unchanged", async () => {
    expect((await post(products(bo.userId), [7, 8], bo.token)).statusCode).toBe(200)
    expect((await get(products(bo.userId), aino.token)).statusCode).toBe(403)
    expect((await post(products(bo.userId), [1], aino.token)).statusCode).toBe(403)
    expect((await get(migrated(bo.userId), aino.token)).statusCode).toBe(403)
    expect((await post(migrated(bo.userId), undefined, aino.token)).statusCode).toBe(403)
    expect((await get(products('not-a-uuid'), aino.token)).statusCode).toBe(403)
    expect((await get(products(bo.userId), bo.token)).json()).toEqual([7, 8])
    expect((await get(migrated(bo.userId), bo.token)).json()).toBe(false)
  })

  it('keeps a list in its order and replaces it whole', async () => {
    expect((await get(products())).json()).toEqual([])
    expect((await get(products())).headers['last-modified']).toBeUndefined()

    const saved = await post(products(), [30, '10', 20, 10])
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual([30, 10, 20])

    const read = await get(products())
    expect(read.json()).toEqual([30, 10, 20])
    expect(read.headers['cache-control']).toBe('private, no-store')
    expect(Date.parse(String(read.headers['last-modified']))).not.toBeNaN()

    await post(products(), [40, 20, 30])
    expect((await get(products())).json()).toEqual([40, 20, 30])
    await post(products(), [])
    expect((await get(products())).json()).toEqual([])
  })

  it('refuses what is not a list of product ids, and more than 1,000', async () => {
    await post(products(), [1, 2])
    for (const body of [{ ids: [1] }, [1, 'dress'], [0], [1.5]]) {
      const response = await post(products(), body)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid-ids' })
    }
    const cap = Array.from({ length: 1000 }, (_, index) => index + 1)
    expect((await post(products(), [...cap, 1001])).statusCode).toBe(400)
    expect((await get(products())).json()).toEqual([1, 2])

    expect((await post(products(), cap)).statusCode).toBe(200)
    expect((await get(products())).json()).toEqual(cap)
  })

  it('remembers the migration once done', async () => {
    expect((await get(migrated())).json()).toBe(false)
    expect((await post(migrated())).statusCode).toBe(204)
    expect((await get(migrated())).json()).toBe(true)
    expect((await post(migrated())).statusCode).toBe(204)
    expect((await get(migrated())).json()).toBe(true)
    // saving the list afterwards keeps the flag
    await post(products(), [5])
    expect((await get(migrated())).json()).toBe(true)
  })

  it('removes the favourites with the account; its still valid token then finds no account (404)', async () => {
    const leaving = await shop.customer('leaving')
    await post(products(leaving.userId), [3, 4], leaving.token)
    await shop.database.db.deleteFrom('users').where('user_id', '=', leaving.userId).execute()
    const left = await shop.database.db
      .selectFrom('user_favourites')
      .select('product_id')
      .where('user_id', '=', leaving.userId)
      .execute()
    expect(left).toEqual([])
    expect((await post(products(leaving.userId), [1], leaving.token)).statusCode).toBe(404)
    expect((await post(migrated(leaving.userId), undefined, leaving.token)).statusCode).toBe(404)
  })
})
