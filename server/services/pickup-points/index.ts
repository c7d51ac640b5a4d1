/**
 * The pickup-point service (issue 29 item 5, docs/adr/0079-pickup-points-and-delivery-estimates.md),
 * mounted at /pickup-points (PICKUP_POINTS_URL); the contract is server/contracts/pickup-points.ts.
 * The commerce API asks it for the points near a shopper's postcode and for the point an order
 * names; nothing else reads its table.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Database } from '../../db'
import type { DB } from '../../db/schema'
import {
  PICKUP_POINTS_DEFAULT_LIMIT,
  PICKUP_POINTS_MAX_LIMIT,
  type PickupPointsAnswer,
  type PickupPointsError,
} from '../../contracts/pickup-points'
import { marketPlaces } from './cities'
import { pickupPointDirectory } from './directory'
import { nearestPoints, normalisePostcode, placeOfPostcode } from './nearest'
import { fillDirectory, marketPoints, pointById, type PickupPointsDB } from './store'

export const PICKUP_POINTS_PREFIX = '/pickup-points'

export interface PickupPointsServiceOptions {
  database: Database
}

// reference data: the same for every shopper, it changes only with a new directory
const PUBLIC_CACHE = 'public, max-age=300'

function refuse(reply: FastifyReply, parameter: string, message: string) {
  const body: PickupPointsError = { error: 'invalid_parameter', parameter, message }
  return reply.code(400).header('cache-control', 'no-store').send(body)
}

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export default async function pickupPointsService(app: FastifyInstance, options: PickupPointsServiceOptions) {
  const db = options.database.db.withTables<Omit<PickupPointsDB, keyof DB>>()
  await fillDirectory(db, pickupPointDirectory())

  await app.register(
    async (scope) => {
      scope.get('/points', async (request, reply) => {
        const query = request.query as Record<string, unknown>
        const market = single(query.market)?.toLowerCase()
        const places = market ? marketPlaces(market) : undefined
        if (!market || !places)
          return refuse(reply, 'market', 'market must be one of the markets with pickup points')
        const rawPostcode = single(query.postcode)
        const postcode = rawPostcode ? normalisePostcode(rawPostcode, places.postcodeLength) : null
        if (!postcode) return refuse(reply, 'postcode', `postcode must be ${places.postcodeLength} digits`)
        const carrier = single(query.carrier)?.toLowerCase()
        if (query.carrier !== undefined && (!carrier || !places.carriers.includes(carrier))) {
          return refuse(
            reply,
            'carrier',
            `carrier must be one of ${places.carriers.join(', ')} in this market`,
          )
        }
        let limit = PICKUP_POINTS_DEFAULT_LIMIT
        if (query.limit !== undefined) {
          const text = single(query.limit) ?? ''
          limit = /^\d{1,3}$/.test(text) ? Number(text) : 0
          if (limit < 1 || limit > PICKUP_POINTS_MAX_LIMIT) {
            return refuse(reply, 'limit', `limit must be a whole number from 1 to ${PICKUP_POINTS_MAX_LIMIT}`)
          }
        }
        const city = placeOfPostcode(market, postcode)!
        const answer: PickupPointsAnswer = {
          market,
          postcode,
          place: { city: city.name, latitude: city.latitude, longitude: city.longitude },
          points: nearestPoints(city, await marketPoints(db, market, carrier), limit),
        }
        return reply.header('cache-control', PUBLIC_CACHE).send(answer)
      })

      scope.get('/points/:id', async (request, reply) => {
        const { id } = request.params as { id: string }
        const point = id.length <= 100 ? await pointById(db, id) : null
        if (!point) {
          const body: PickupPointsError = { error: 'not_found', message: 'no such pickup point' }
          return reply.code(404).header('cache-control', 'no-store').send(body)
        }
        return reply.header('cache-control', PUBLIC_CACHE).send(point)
      })
    },
    { prefix: PICKUP_POINTS_PREFIX },
  )
}
