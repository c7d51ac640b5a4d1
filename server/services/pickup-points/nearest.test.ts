import { describe, expect, it } from 'vitest'
import { distanceMeters, nearestPoints, normalisePostcode, placeOfPostcode } from './nearest'
import { pickupPointDirectory } from './directory'
import { CITIES, PLACE_MARKETS } from './cities'

describe('normalisePostcode', () => {
  it('keeps the digits of the market length and removes spaces', () => {
    expect(normalisePostcode('00100', 5)).toBe('00100')
    expect(normalisePostcode('111 20', 5)).toBe('11120')
    expect(normalisePostcode('0150', 4)).toBe('0150')
  })
  it('refuses a wrong length or letters', () => {
    expect(normalisePostcode('0010', 5)).toBeNull()
    expect(normalisePostcode('001000', 5)).toBeNull()
    expect(normalisePostcode('00a00', 5)).toBeNull()
    expect(normalisePostcode('', 4)).toBeNull()
  })
})

describe('placeOfPostcode', () => {
  it('is the city whose range holds the postcode', () => {
    expect(placeOfPostcode('fi', '00100')?.name).toBe('Helsinki')
    expect(placeOfPostcode('fi', '33720')?.name).toBe('Tampere')
    expect(placeOfPostcode('se', '41319')?.name).toBe('Göteborg')
    expect(placeOfPostcode('no', '5003')?.name).toBe('Bergen')
    expect(placeOfPostcode('dk', '8000')?.name).toBe('Aarhus')
  })
  it('is the city with the nearest range when no range holds it', () => {
    // 34100 (Kuru) is 140 past Tampere's range and far below Jyväskylä's
    expect(placeOfPostcode('fi', '34100')?.name).toBe('Tampere')
    // 99990 is after Rovaniemi's range, the last in Finland's table
    expect(placeOfPostcode('fi', '99990')?.name).toBe('Rovaniemi')
    expect(placeOfPostcode('dk', '9990')?.name).toBe('Aalborg')
  })
  it('looks only at the market’s own cities', () => {
    // 90100 is Oulu in Finland and Umeå in Sweden
    expect(placeOfPostcode('fi', '90100')?.name).toBe('Oulu')
    expect(placeOfPostcode('se', '90100')?.name).toBe('Umeå')
    expect(placeOfPostcode('xx', '90100')).toBeUndefined()
  })
})

describe('distanceMeters', () => {
  it('is the great-circle distance', () => {
    const helsinki = { latitude: 60.1699, longitude: 24.9384 }
    const tampere = { latitude: 61.4978, longitude: 23.761 }
    // about 160 km as the crow flies
    expect(distanceMeters(helsinki, tampere)).toBeGreaterThan(155_000)
    expect(distanceMeters(helsinki, tampere)).toBeLessThan(165_000)
    expect(distanceMeters(helsinki, helsinki)).toBe(0)
  })
})

describe('nearestPoints', () => {
  const base = {
    market: 'fi',
    carrier: 'posti',
    kind: 'service-point' as const,
    street: 's',
    postcode: '00100',
    city: 'c',
    openingHours: [],
  }
  const place = { latitude: 60, longitude: 25 }
  const points = [
    { ...base, id: 'far', name: 'far', latitude: 60.1, longitude: 25 },
    { ...base, id: 'near', name: 'near', latitude: 60.001, longitude: 25 },
    { ...base, id: 'b-mid', name: 'mid', latitude: 60.01, longitude: 25 },
    { ...base, id: 'a-mid', name: 'mid', latitude: 60.01, longitude: 25 },
  ]
  it('sorts by distance, ties by id, and cuts at the limit', () => {
    const nearest = nearestPoints(place, points, 3)
    expect(nearest.map((point) => point.id)).toEqual(['near', 'a-mid', 'b-mid'])
    expect(nearest[0]!.distanceMeters).toBe(111)
  })
})

describe('pickupPointDirectory', () => {
  const directory = pickupPointDirectory()
  it('is the same on every call (stored ids keep their place)', () => {
    expect(pickupPointDirectory()).toEqual(directory)
    expect(new Set(directory.map((point) => point.id)).size).toBe(directory.length)
  })
  it('has a few hundred points per market, only of the carriers operating there', () => {
    for (const { market, carriers, postcodeLength } of PLACE_MARKETS) {
      const points = directory.filter((point) => point.market === market)
      expect(points.length).toBeGreaterThanOrEqual(140)
      expect(new Set(points.map((point) => point.carrier))).toEqual(new Set(carriers))
      for (const point of points) {
        expect(point.postcode).toMatch(new RegExp(`^\\d{${postcodeLength}}$`))
        const city = CITIES.find((entry) => entry.market === market && entry.name === point.city)!
        expect(Number(point.postcode)).toBeGreaterThanOrEqual(city.from)
        expect(Number(point.postcode)).toBeLessThanOrEqual(city.to)
        // within ~10 km of the city's centre
        expect(distanceMeters(city, point)).toBeLessThan(10_000)
        expect(point.openingHours.length).toBeGreaterThan(0)
      }
    }
  })
  it('has lockers open round the clock', () => {
    const lockers = directory.filter((point) => point.kind === 'locker')
    expect(lockers.length).toBeGreaterThan(0)
    expect(lockers.every((point) => point.openingHours[0]!.closes === '24:00')).toBe(true)
  })
})
