/**
 * The likes service (spec §7) on a real database: bearer-token authorisation (none, bad, another
 * customer's list), the round trip of a list in its order, validation and the 1,000 cap, the
 * migrated flag, and that a customer's favourites go with the account.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import likesService, { type BearerVerifier } from '../../../server/services/likes'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/db'

const AINO = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0001'
const BO = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0002'
const GONE = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0003'

/** Tokens of the test: an opaque string per user, as the auth service's verifier would answer. */
const TOKENS: Record<string, string> = { 'token-aino': AINO, 'token-bo': BO, 'token-gone': GONE }
const verifier: BearerVerifier = {
  verify: async (token) => (TOKENS[token] ? { id: TOKENS[token] } : null),
}

describe.each(databaseKinds())('likes service on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase({ kind })
    await database.db
      .insertInto('users')
      .values([
        { user_id: AINO, email: 'aino@example.com' },
        { user_id: BO, email: 'bo@example.com' },
      ])
      .execute()
    app = Fastify()
    await app.register(likesService, { database, verifier })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })
  beforeEach(async () => {
    await database.db.deleteFrom('user_favourites').execute()
    await database.db.deleteFrom('user_favourites_sync' as never).execute()
  })

  const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {})
  const get = (path: string, token: string | null = 'token-aino') =>
    app.inject({ method: 'GET', url: path, headers: as(token) })
  const post = (path: string, body?: unknown, token: string | null = 'token-aino') =>
    app.inject({
      method: 'POST',
      url: path,
      headers: as(token),
      ...(body === undefined ? {} : { payload: body as object }),
    })
  const products = (user = AINO) => `/likes/users/${user}/products`
  const migrated = (user = AINO) => `/likes/users/${user}/migrated`

  it('refuses a request without a token or with a bad one (401)', async () => {
    for (const response of [
      await get(products(), null),
      await get(products(), 'forged'),
      await post(products(), [1], null),
      await get(migrated(), 'forged'),
      await post(migrated(), undefined, null),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
    }
  })

  it("refuses another customer's list (403) and leaves it unchanged", async () => {
    expect((await post(products(BO), [7, 8], 'token-bo')).statusCode).toBe(200)
    expect((await get(products(BO), 'token-aino')).statusCode).toBe(403)
    expect((await post(products(BO), [1], 'token-aino')).statusCode).toBe(403)
    expect((await get(migrated(BO), 'token-aino')).statusCode).toBe(403)
    expect((await post(migrated(BO), undefined, 'token-aino')).statusCode).toBe(403)
    expect((await get(products('not-a-uuid'), 'token-aino')).statusCode).toBe(403)
    expect((await get(products(BO), 'token-bo')).json()).toEqual([7, 8])
    expect((await get(migrated(BO), 'token-bo')).json()).toBe(false)
  })

  it('keeps a list in its order and replaces it whole', async () => {
    expect((await get(products())).json()).toEqual([])
    expect((await get(products())).headers['last-modified']).toBeUndefined()

    const saved = await post(products(), [30, '10', 20, 10])
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual([30, 10, 20])

    const read = await get(products())
    expect(read.json()).toEqual([30, 10, 20])
    expect(read.headers['cache-control']).toBe('no-store')
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

  it('answers 404 for a token whose account is gone, and deleting an account removes its favourites', async () => {
    expect((await post(products(GONE), [1], 'token-gone')).statusCode).toBe(404)
    expect((await post(migrated(GONE), undefined, 'token-gone')).statusCode).toBe(404)

    const temp = '6f1c3a52-4f2a-4a39-9d0e-0c9b8a1e0004'
    TOKENS['token-temp'] = temp
    await database.db.insertInto('users').values({ user_id: temp, email: 'temp@example.com' }).execute()
    await post(products(temp), [3, 4], 'token-temp')
    await database.db.deleteFrom('users').where('user_id', '=', temp).execute()
    const left = await database.db
      .selectFrom('user_favourites')
      .select('product_id')
      .where('user_id', '=', temp)
      .execute()
    expect(left).toEqual([])
  })
})
