/**
 * Parcels through the commerce API on a real database, with the pickup-point service reached
 * over its HTTP contract (in process, as PICKUP_POINTS_URL's default): each shipping option's
 * carrier and delivery estimate, the points near a postcode for a pickup option, and an order
 * placed with a point — stored with its estimate, shown on the order, and refused for a point of
 * another carrier or market.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config'
import authService from '../../../server/services/auth'
import graphqlService from '../../../server/services/graphql'
import pickupPointsService from '../../../server/services/pickup-points'
import { FIXTURE_PRODUCTS } from '../../../server/db/seed/fixtures'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const API_KEY = 'pickup-test-api-key'
/** Seeded options: Finland's 1 posti-pickup (default) and 2 posti-home; 3 is Sweden's postnord-pickup. */
const FI = { pickup: 1, home: 2, invoice: 2 }
const SE_PICKUP = 3
// a fixed clock: Friday 4 December 2026, 15:00 in Helsinki (after the cut-off)
const NOW = new Date('2026-12-04T13:00:00Z')

interface GraphQLAnswer<T> {
  data?: T
  errors?: { message: string; extensions?: { code?: string } }[]
}

const OPTIONS = `mutation ($cartId: String!, $checkout: CheckoutInputType) {
  createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
    shippingOptions { id name carrier isPickup deliveryEstimate { earliest latest } } } }`
const POINTS = `query ($shippingId: Int!, $postcode: String!, $limit: Int, $marketId: String) {
  pickupPoints(shippingId: $shippingId, postcode: $postcode, limit: $limit, marketId: $marketId) {
    id carrier kind name street postcode city distanceMeters openingHours { fromDay toDay opens closes } } }`
const PLACE = `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
  placeOrder(cartId: $cartId, checkout: $checkout) { orderId publicId status } }`
const ORDER = `query ($id: Guid!) { getOrderPublic(publicOrderId: $id) {
  pickupPoint { id carrier name street postcode city distanceMeters openingHours { fromDay opens } }
  deliveryEstimate { earliest latest } } }`

describeEachDatabase('pickup points at checkout (%s)', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let buyers = 0

  beforeAll(async () => {
    database = await createTestDatabase({ kind, seed: { products: 10 } })
    const config = loadConfig({
      NODE_ENV: 'test',
      API_KEY,
      SESSION_SECRET: 'pickup-test-session-secret-0123456789abcdef',
      DATA_DIR: '/tmp/lumo-pickup-tests',
      PORT: '0',
    })
    app = Fastify({ logger: false })
    await app.register(authService, { database, config })
    await app.register(graphqlService, {
      database,
      config,
      expirySweepMs: 0,
      backInStockMs: 0,
      clock: () => NOW,
    })
    await app.register(pickupPointsService, { database })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  async function gql<T>(query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
    buyers += 1
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-apikey': API_KEY },
      payload: { query, variables },
      remoteAddress: `198.18.7.${buyers}`,
    })
    return response.json() as GraphQLAnswer<T>
  }

  async function cart(): Promise<string> {
    const created = await gql<{ getCart: { id: string } }>(`query { getCart(marketId: "fi") { id } }`, {})
    const id = created.data!.getCart.id
    const added = await gql(
      `mutation ($id: String!) { addToCart(id: $id, item: { skuId: ${FIXTURE_PRODUCTS.satinDress.skus.inStock}, quantity: 1 }) { id } }`,
      { id },
    )
    expect(added.errors).toBeUndefined()
    return id
  }

  function checkout(overrides: Record<string, unknown>) {
    return {
      email: `noutaja+${buyers}@example.com`,
      paymentId: FI.invoice,
      shippingId: FI.pickup,
      customerType: 'PERSON',
      billingAddress: {
        firstName: 'Maija',
        lastName: 'Noutaja',
        addressLine1: 'Kauppakatu 1',
        zip: '33100',
        city: 'Tampere',
        country: 'FI',
      },
      ...overrides,
    }
  }

  async function nearest(shippingId: number, postcode: string, limit = 5) {
    type Point = { id: string; carrier: string; city: string; distanceMeters: number }
    return gql<{ pickupPoints: Point[] }>(POINTS, { shippingId, postcode, limit })
  }

  it('gives each shipping option its carrier, pickup flag and estimate', async () => {
    const answer = await gql<{ createOrUpdateCheckout: { shippingOptions: Record<string, unknown>[] } }>(
      OPTIONS,
      {
        cartId: await cart(),
      },
    )
    expect(answer.errors).toBeUndefined()
    // a Friday order after 14:00 leaves on Monday 7 December
    expect(answer.data!.createOrUpdateCheckout.shippingOptions).toEqual([
      {
        id: FI.pickup,
        name: 'posti-pickup',
        carrier: 'posti',
        isPickup: true,
        deliveryEstimate: { earliest: '2026-12-08', latest: '2026-12-09' },
      },
      {
        id: FI.home,
        name: 'posti-home',
        carrier: 'posti',
        isPickup: false,
        deliveryEstimate: { earliest: '2026-12-08', latest: '2026-12-10' },
      },
    ])
  })

  it('lists the pickup option carrier’s points nearest to the postcode, none for home delivery', async () => {
    const answer = await nearest(FI.pickup, '33100')
    expect(answer.errors).toBeUndefined()
    const points = answer.data!.pickupPoints
    expect(points).toHaveLength(5)
    expect(points.every((point) => point.carrier === 'posti' && point.city === 'Tampere')).toBe(true)
    const distances = points.map((point) => point.distanceMeters)
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect((await nearest(FI.home, '33100')).data!.pickupPoints).toEqual([])
    // a postcode being typed
    expect((await nearest(FI.pickup, '331')).data!.pickupPoints).toEqual([])
    // another market's option
    expect((await nearest(SE_PICKUP, '33100')).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
  })

  it('stores the chosen point and the estimate with the order', async () => {
    const point = (await nearest(FI.pickup, '33100', 1)).data!.pickupPoints[0]!
    const placed = await gql<{ placeOrder: { orderId: string; publicId: string } }>(PLACE, {
      cartId: await cart(),
      checkout: checkout({ pickupPoint: point.id }),
    })
    expect(placed.errors).toBeUndefined()
    const order = await gql<{ getOrderPublic: Record<string, unknown> }>(ORDER, {
      id: placed.data!.placeOrder.publicId,
    })
    expect(order.errors).toBeUndefined()
    expect(order.data!.getOrderPublic).toEqual({
      pickupPoint: {
        id: point.id,
        carrier: 'posti',
        name: expect.stringContaining('Tampere'),
        street: expect.any(String),
        postcode: expect.stringMatching(/^33\d{3}$/),
        city: 'Tampere',
        distanceMeters: null,
        openingHours: [expect.objectContaining({ fromDay: 1 }), expect.anything(), expect.anything()],
      },
      deliveryEstimate: { earliest: '2026-12-08', latest: '2026-12-09' },
    })
  })

  it('stores the estimate of a home delivery without a point', async () => {
    const placed = await gql<{ placeOrder: { publicId: string } }>(PLACE, {
      cartId: await cart(),
      checkout: checkout({ shippingId: FI.home }),
    })
    expect(placed.errors).toBeUndefined()
    const order = await gql<{ getOrderPublic: Record<string, unknown> }>(ORDER, {
      id: placed.data!.placeOrder.publicId,
    })
    expect(order.data!.getOrderPublic).toEqual({
      pickupPoint: null,
      deliveryEstimate: { earliest: '2026-12-08', latest: '2026-12-10' },
    })
  })

  it('refuses a point of another carrier, another market, an unknown one, or with home delivery', async () => {
    const orders = async () =>
      Number(
        (
          await database.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await orders()
    const finnishBudbee = 'budbee-fi-tampere-01'
    const swedishPostnord = 'postnord-se-stockholm-01'
    const posti = (await nearest(FI.pickup, '00100', 1)).data!.pickupPoints[0]!.id
    for (const [overrides, message] of [
      [{ pickupPoint: finnishBudbee }, /carrier/],
      [{ pickupPoint: swedishPostnord }, /carrier/],
      [{ pickupPoint: 'posti-fi-nowhere-01' }, /no such pickup point/],
      [{ pickupPoint: posti, shippingId: FI.home }, /no pickup points/],
    ] as const) {
      const refused = await gql(PLACE, { cartId: await cart(), checkout: checkout(overrides) })
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT')
      expect(refused.errors?.[0]?.message).toMatch(message)
    }
    expect(await orders()).toBe(before)
  })
})
