/**
 * The pickup-point service's HTTP contract (server/contracts/pickup-points.ts) on a real database:
 * the directory filled on start, validation, nearest-first order and the carriers of each market.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import pickupPointsService from '../../../server/services/pickup-points'
import type {
  NearPickupPoint,
  PickupPoint,
  PickupPointsAnswer,
} from '../../../server/contracts/pickup-points'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

describeEachDatabase('pickup-point service (%s)', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase({ kind })
    app = Fastify({ logger: false })
    await app.register(pickupPointsService, { database })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function points(query: string) {
    const response = await app.inject({ method: 'GET', url: `/pickup-points/points?${query}` })
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.json() as PickupPointsAnswer & { error?: string; parameter?: string },
    }
  }

  it('answers the nearest points of the carrier to the postcode, nearest first', async () => {
    const { status, body, headers } = await points('market=fi&postcode=00100&carrier=posti&limit=10')
    expect(status).toBe(200)
    expect(headers['cache-control']).toContain('public')
    expect(body.place.city).toBe('Helsinki')
    expect(body.points).toHaveLength(10)
    expect(body.points.every((point) => point.carrier === 'posti' && point.market === 'fi')).toBe(true)
    const distances = body.points.map((point) => point.distanceMeters)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    // the nearest are Helsinki's, not Espoo's or Vantaa's
    expect(body.points.slice(0, 3).every((point) => point.city === 'Helsinki')).toBe(true)
    const first = body.points[0]!
    expect(first.name).toBeTruthy()
    expect(first.street).toMatch(/\d+$/)
    expect(first.postcode).toMatch(/^\d{5}$/)
    expect(first.openingHours[0]).toEqual({
      fromDay: 1,
      toDay: 5,
      opens: expect.any(String),
      closes: expect.any(String),
    })
  })

  it('places a postcode outside every range in the nearest city', async () => {
    const { status, body } = await points('market=fi&postcode=34100&carrier=posti&limit=3')
    expect(status).toBe(200)
    expect(body.place.city).toBe('Tampere')
    expect(body.points.every((point) => point.city === 'Tampere')).toBe(true)
  })

  it('answers every carrier of the market without a carrier, and only that market’s', async () => {
    const { body } = await points('market=dk&postcode=8000&limit=50')
    const carriers = new Set(body.points.map((point: NearPickupPoint) => point.carrier))
    expect(carriers).toEqual(new Set(['postnord', 'dao', 'gls', 'budbee']))
    expect(body.points.every((point) => point.market === 'dk')).toBe(true)
    // Aarhus's 28 points come before any other city's
    expect(body.points.slice(0, 28).every((point) => point.city === 'Aarhus')).toBe(true)
    const se = await points('market=se&postcode=111%2020&carrier=instabox&limit=5')
    expect(se.status).toBe(200)
    expect(se.body.postcode).toBe('11120')
    expect(se.body.points.every((point) => point.kind === 'locker' && point.city === 'Stockholm')).toBe(true)
    expect((await points('market=no&postcode=0150&carrier=bring')).body.points).toHaveLength(10)
  })

  it('refuses bad parameters with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['postcode=00100', 'market'],
      ['market=xx&postcode=00100', 'market'],
      ['market=fi', 'postcode'],
      ['market=fi&postcode=0010', 'postcode'],
      ['market=no&postcode=00100', 'postcode'],
      ['market=fi&postcode=00100&carrier=bring', 'carrier'],
      ['market=no&postcode=0150&carrier=instabox', 'carrier'],
      ['market=fi&postcode=00100&carrier=', 'carrier'],
      ['market=fi&postcode=00100&limit=0', 'limit'],
      ['market=fi&postcode=00100&limit=51', 'limit'],
      ['market=fi&postcode=00100&limit=ten', 'limit'],
    ]
    for (const [query, parameter] of cases) {
      const { status, body } = await points(query)
      expect({ query, status, error: body.error, parameter: body.parameter }).toEqual({
        query,
        status: 400,
        error: 'invalid_parameter',
        parameter,
      })
    }
  })

  it('answers one point by id, and 404 for an unknown one', async () => {
    const { body } = await points('market=se&postcode=41319&carrier=postnord&limit=1')
    const id = body.points[0]!.id
    const one = await app.inject({ method: 'GET', url: `/pickup-points/points/${id}` })
    expect(one.statusCode).toBe(200)
    expect((one.json() as PickupPoint).city).toBe('Göteborg')
    expect(
      (await app.inject({ method: 'GET', url: '/pickup-points/points/posti-fi-nowhere-01' })).statusCode,
    ).toBe(404)
  })

  it('fills the directory once: a second start adds nothing', async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('pickup_points' as never)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    expect(before).toBeGreaterThan(600)
    const second = Fastify({ logger: false })
    await second.register(pickupPointsService, { database })
    await second.ready()
    await second.close()
    expect(await count()).toBe(before)
  })
})
