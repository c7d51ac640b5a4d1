/**
 * Postcode → place → nearest points: the service's one piece of logic, pure so it is tested
 * without a database. A postcode is placed at the centre of the city whose range holds it, or of
 * the city with the nearest range (the table covers the main cities, not every postcode).
 */
import type { NearPickupPoint, PickupPoint } from '../../contracts/pickup-points'
import { CITIES, type City } from './cities'

/** The postcode's digits, spaces removed; null unless it has exactly `length` digits. */
export function normalisePostcode(postcode: string, length: number): string | null {
  const digits = postcode.replace(/\s+/g, '')
  return new RegExp(`^\\d{${length}}$`).test(digits) ? digits : null
}

function rangeDistance(city: City, code: number): number {
  if (code < city.from) return city.from - code
  if (code > city.to) return code - city.to
  return 0
}

/** The city of the market whose range holds the postcode, else the one whose range is nearest. */
export function placeOfPostcode(market: string, postcode: string): City | undefined {
  const code = Number(postcode)
  let best: City | undefined
  for (const city of CITIES) {
    if (city.market !== market) continue
    if (!best || rangeDistance(city, code) < rangeDistance(best, code)) best = city
  }
  return best
}

const EARTH_RADIUS_METERS = 6_371_000

/** Great-circle distance (haversine), metres, rounded. */
export function distanceMeters(
  from: { latitude: number; longitude: number },
  to: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(to.latitude - from.latitude)
  const dLon = radians(to.longitude - from.longitude)
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.sqrt(a)))
}

/** The `limit` points nearest to the place, nearest first (ties by id, so the order is stable). */
export function nearestPoints(
  place: { latitude: number; longitude: number },
  points: readonly PickupPoint[],
  limit: number,
): NearPickupPoint[] {
  return points
    .map((point) => ({ ...point, distanceMeters: distanceMeters(place, point) }))
    .sort((a, b) => a.distanceMeters - b.distanceMeters || a.id.localeCompare(b.id))
    .slice(0, limit)
}
