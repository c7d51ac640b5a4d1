/**
 * The pickup_points table (migration 1090) as this service's own Kysely type, and its two reads
 * and one write.
 */
import type { Generated, Kysely } from 'kysely'
import type { DB, Json } from '../../db/schema'
import { toJson } from '../../db/schema'
import type { OpeningHours, PickupPoint } from '../../contracts/pickup-points'

export interface PickupPointsTable {
  point_id: string
  market_alias: string
  carrier: string
  kind: PickupPoint['kind']
  name: string
  street: string
  postcode: string
  city: string
  latitude: number
  longitude: number
  opening_hours: Json<OpeningHours[]>
  is_active: Generated<boolean>
}

export interface PickupPointsDB extends DB {
  pickup_points: PickupPointsTable
}

type Row = Pick<
  PickupPointsTable,
  | 'point_id'
  | 'market_alias'
  | 'carrier'
  | 'kind'
  | 'name'
  | 'street'
  | 'postcode'
  | 'city'
  | 'latitude'
  | 'longitude'
> & { opening_hours: OpeningHours[] }

const COLUMNS = [
  'point_id',
  'market_alias',
  'carrier',
  'kind',
  'name',
  'street',
  'postcode',
  'city',
  'latitude',
  'longitude',
  'opening_hours',
] as const

function fromRow(row: Row): PickupPoint {
  return {
    id: row.point_id,
    market: row.market_alias,
    carrier: row.carrier,
    kind: row.kind,
    name: row.name,
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    // double precision may come back as a string from some drivers
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    openingHours: row.opening_hours,
  }
}

/** Inserts the directory's points that are not there yet (a known id is left as it is). */
export async function fillDirectory(
  db: Kysely<PickupPointsDB>,
  points: readonly PickupPoint[],
): Promise<void> {
  const chunk = 200
  for (let start = 0; start < points.length; start += chunk) {
    await db
      .insertInto('pickup_points')
      .values(
        points.slice(start, start + chunk).map((point) => ({
          point_id: point.id,
          market_alias: point.market,
          carrier: point.carrier,
          kind: point.kind,
          name: point.name,
          street: point.street,
          postcode: point.postcode,
          city: point.city,
          latitude: point.latitude,
          longitude: point.longitude,
          opening_hours: toJson(point.openingHours),
          is_active: true,
        })),
      )
      .onConflict((conflict) => conflict.column('point_id').doNothing())
      .execute()
  }
}

/** The market's active points, of one carrier or of all. */
export async function marketPoints(
  db: Kysely<PickupPointsDB>,
  market: string,
  carrier: string | undefined,
): Promise<PickupPoint[]> {
  let query = db
    .selectFrom('pickup_points')
    .select(COLUMNS)
    .where('market_alias', '=', market)
    .where('is_active', '=', true)
  if (carrier) query = query.where('carrier', '=', carrier)
  return (await query.execute()).map(fromRow)
}

export async function pointById(db: Kysely<PickupPointsDB>, id: string): Promise<PickupPoint | null> {
  const row = await db
    .selectFrom('pickup_points')
    .select(COLUMNS)
    .where('point_id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst()
  return row ? fromRow(row) : null
}
