/**
 * The seeded pickup-point directory: every carrier's points in each market's main cities
 * (cities.ts), generated deterministically (same ids, names, addresses and hours on every start)
 * so an order's stored point id keeps meaning the same place. It stands in for the carriers'
 * own point feeds, which the service would import the same way.
 */
import type { OpeningHours, PickupPoint } from '../../contracts/pickup-points'
import { CITIES, marketPlaces, type City } from './cities'

interface CarrierStyle {
  carrier: string
  kind: PickupPoint['kind']
  /** points per city */
  perCity: number
  /** the host shops or the locker's brand; the point is named `${host} ${street}` */
  hosts: readonly { market: string; names: readonly string[] }[]
  hours: readonly OpeningHours[]
}

const SHOP_HOURS: OpeningHours[] = [
  { fromDay: 1, toDay: 5, opens: '08:00', closes: '21:00' },
  { fromDay: 6, toDay: 6, opens: '09:00', closes: '18:00' },
  { fromDay: 7, toDay: 7, opens: '12:00', closes: '18:00' },
]
const KIOSK_HOURS: OpeningHours[] = [
  { fromDay: 1, toDay: 5, opens: '07:00', closes: '22:00' },
  { fromDay: 6, toDay: 7, opens: '09:00', closes: '22:00' },
]
const LOCKER_HOURS: OpeningHours[] = [{ fromDay: 1, toDay: 7, opens: '00:00', closes: '24:00' }]

const CARRIERS: readonly CarrierStyle[] = [
  {
    carrier: 'posti',
    kind: 'service-point',
    perCity: 14,
    hosts: [
      {
        market: 'fi',
        names: ['K-Market', 'R-kioski', 'S-market', 'Posti Pakettiautomaatti', 'Alepa', 'Sale'],
      },
    ],
    hours: SHOP_HOURS,
  },
  {
    carrier: 'postnord',
    kind: 'service-point',
    perCity: 12,
    hosts: [
      { market: 'se', names: ['ICA Nära', 'Pressbyrån', 'Coop', 'Hemköp'] },
      { market: 'dk', names: ['Netto', 'Føtex', 'SuperBrugsen', 'Lidl'] },
    ],
    hours: SHOP_HOURS,
  },
  {
    carrier: 'bring',
    kind: 'service-point',
    perCity: 20,
    hosts: [
      {
        market: 'no',
        names: ['Rema 1000', 'Kiwi', 'Coop Extra', 'Posten pakkeautomat', 'Joker', 'Narvesen'],
      },
    ],
    hours: SHOP_HOURS,
  },
  {
    carrier: 'dao',
    kind: 'service-point',
    perCity: 8,
    hosts: [{ market: 'dk', names: ['Kiosk', 'Shell', 'Circle K', 'Spar'] }],
    hours: KIOSK_HOURS,
  },
  {
    carrier: 'gls',
    kind: 'service-point',
    perCity: 8,
    hosts: [{ market: 'dk', names: ['GLS PakkeShop', 'Min Købmand', 'Meny', 'Rema 1000'] }],
    hours: SHOP_HOURS,
  },
  {
    carrier: 'budbee',
    kind: 'locker',
    perCity: 5,
    hosts: [
      { market: 'fi', names: ['Budbee Box'] },
      { market: 'se', names: ['Budbee Box'] },
      { market: 'dk', names: ['Budbee Box'] },
    ],
    hours: LOCKER_HOURS,
  },
  {
    carrier: 'instabox',
    kind: 'locker',
    perCity: 5,
    hosts: [{ market: 'se', names: ['Instabox'] }],
    hours: LOCKER_HOURS,
  },
]

/** A small deterministic generator (mulberry32) seeded from the point's city and carrier. */
function generator(seedText: string): () => number {
  let seed = 0
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
}

function cityPoints(style: CarrierStyle, city: City, postcodeLength: number): PickupPoint[] {
  const hosts = style.hosts.find((entry) => entry.market === city.market)?.names ?? []
  const random = generator(`${style.carrier}:${city.market}:${city.name}`)
  const points: PickupPoint[] = []
  for (let index = 1; index <= style.perCity; index += 1) {
    // up to ~6 km from the centre: a degree of longitude is shorter in the north
    const north = (random() - 0.5) * 0.11
    const east = ((random() - 0.5) * 0.11) / Math.cos((city.latitude * Math.PI) / 180)
    const street = city.streets[Math.floor(random() * city.streets.length)]!
    const host = hosts[(index - 1) % hosts.length]!
    const postcode = city.from + Math.floor(random() * (city.to - city.from + 1))
    points.push({
      id: `${style.carrier}-${city.market}-${slug(city.name)}-${String(index).padStart(2, '0')}`,
      market: city.market,
      carrier: style.carrier,
      kind: style.kind,
      name: `${host} ${city.name} ${street}`,
      street: `${street} ${1 + Math.floor(random() * 80)}`,
      postcode: String(postcode).padStart(postcodeLength, '0'),
      city: city.name,
      latitude: Math.round((city.latitude + north) * 1e6) / 1e6,
      longitude: Math.round((city.longitude + east) * 1e6) / 1e6,
      openingHours: [...style.hours],
    })
  }
  return points
}

/** The whole directory, in a stable order. */
export function pickupPointDirectory(): PickupPoint[] {
  const points: PickupPoint[] = []
  for (const city of CITIES) {
    const places = marketPlaces(city.market)
    if (!places) continue
    for (const style of CARRIERS) {
      if (places.carriers.includes(style.carrier))
        points.push(...cityPoints(style, city, places.postcodeLength))
    }
  }
  return points
}
