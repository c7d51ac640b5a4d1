/**
 * The pickup-point service's HTTP contract (server/services/pickup-points, PICKUP_POINTS_URL;
 * docs/adr/0079-pickup-points-and-delivery-estimates.md):
 *
 *   GET {base}/points?market=fi&postcode=00100[&carrier=posti][&limit=10]
 *        → 200 PickupPointsAnswer: the carrier's (or every carrier's) points of the market nearest
 *          to the postcode's place, nearest first; 400 PickupPointsError for a bad parameter
 *   GET {base}/points/{id} → 200 PickupPoint; 404 for an unknown id
 *
 * Postcodes are digits (spaces allowed, removed) of the market's length. The answers are public
 * reference data (Cache-Control: public).
 */
export const PICKUP_POINTS_DEFAULT_LIMIT = 10
export const PICKUP_POINTS_MAX_LIMIT = 50

/** One opening-hours row: ISO weekdays `fromDay`..`toDay` (1 = Monday … 7 = Sunday), local times. */
export interface OpeningHours {
  fromDay: number
  toDay: number
  /** 'HH:MM' */
  opens: string
  /** 'HH:MM'; '24:00' for a place open until midnight */
  closes: string
}

export interface PickupPoint {
  id: string
  market: string
  carrier: string
  /** a staffed service point or a parcel locker */
  kind: 'service-point' | 'locker'
  name: string
  street: string
  postcode: string
  city: string
  latitude: number
  longitude: number
  openingHours: OpeningHours[]
}

export interface NearPickupPoint extends PickupPoint {
  /** straight-line distance from the postcode's place, metres */
  distanceMeters: number
}

export interface PickupPointsAnswer {
  market: string
  postcode: string
  /** the place the postcode was mapped to (its city in the service's place table) */
  place: { city: string; latitude: number; longitude: number }
  points: NearPickupPoint[]
}

export interface PickupPointsError {
  error: 'invalid_parameter' | 'not_found'
  /** the parameter at fault */
  parameter?: string
  message: string
}
