/**
 * The pickup-point service's place table: each market's main cities with the postcode range they
 * hold and their centre's coordinates. A postcode is placed in the city whose range holds it (or
 * the nearest range), and the seeded directory (directory.ts) puts each carrier's points around
 * these centres. Ranges are compared as numbers of the market's postcode length.
 */
export interface City {
  market: string
  name: string
  /** first and last postcode of the city's range, inclusive */
  from: number
  to: number
  latitude: number
  longitude: number
  /** a few of the city's streets, for the seeded points' addresses */
  streets: readonly string[]
}

/** Each market's postcode length (digits, spaces removed) and the carriers with points there. */
export interface MarketPlaces {
  market: string
  postcodeLength: number
  carriers: readonly string[]
}

export const PLACE_MARKETS: readonly MarketPlaces[] = [
  { market: 'fi', postcodeLength: 5, carriers: ['posti', 'budbee'] },
  { market: 'se', postcodeLength: 5, carriers: ['postnord', 'budbee', 'instabox'] },
  { market: 'no', postcodeLength: 4, carriers: ['bring'] },
  { market: 'dk', postcodeLength: 4, carriers: ['postnord', 'dao', 'gls', 'budbee'] },
]

const FI_STREETS = ['Mannerheimintie', 'Hämeenkatu', 'Kauppakatu', 'Asemakatu', 'Koulukatu', 'Puistokatu']
const SE_STREETS = ['Drottninggatan', 'Storgatan', 'Kungsgatan', 'Vasagatan', 'Östra Långgatan', 'Skolgatan']
const NO_STREETS = ['Storgata', 'Kirkegata', 'Kongens gate', 'Torggata', 'Strandgata', 'Parkveien']
const DK_STREETS = ['Vestergade', 'Østergade', 'Nørregade', 'Søndergade', 'Jernbanegade', 'Algade']

export const CITIES: readonly City[] = [
  {
    market: 'fi',
    name: 'Helsinki',
    from: 100,
    to: 990,
    latitude: 60.1699,
    longitude: 24.9384,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Vantaa',
    from: 1300,
    to: 1770,
    latitude: 60.2934,
    longitude: 25.0378,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Espoo',
    from: 2100,
    to: 2980,
    latitude: 60.2055,
    longitude: 24.6559,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Lahti',
    from: 15100,
    to: 15950,
    latitude: 60.9827,
    longitude: 25.6612,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Turku',
    from: 20100,
    to: 20960,
    latitude: 60.4518,
    longitude: 22.2666,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Tampere',
    from: 33100,
    to: 33960,
    latitude: 61.4978,
    longitude: 23.761,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Jyväskylä',
    from: 40100,
    to: 40950,
    latitude: 62.2426,
    longitude: 25.7473,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Kuopio',
    from: 70100,
    to: 70950,
    latitude: 62.8924,
    longitude: 27.677,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Oulu',
    from: 90100,
    to: 90950,
    latitude: 65.0121,
    longitude: 25.4651,
    streets: FI_STREETS,
  },
  {
    market: 'fi',
    name: 'Rovaniemi',
    from: 96100,
    to: 96960,
    latitude: 66.5039,
    longitude: 25.7294,
    streets: FI_STREETS,
  },

  {
    market: 'se',
    name: 'Stockholm',
    from: 11100,
    to: 12999,
    latitude: 59.3293,
    longitude: 18.0686,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Malmö',
    from: 21100,
    to: 21799,
    latitude: 55.605,
    longitude: 13.0038,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Lund',
    from: 22100,
    to: 22699,
    latitude: 55.7047,
    longitude: 13.191,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Göteborg',
    from: 41100,
    to: 41899,
    latitude: 57.7089,
    longitude: 11.9746,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Linköping',
    from: 58100,
    to: 58599,
    latitude: 58.4108,
    longitude: 15.6214,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Örebro',
    from: 70100,
    to: 70599,
    latitude: 59.2741,
    longitude: 15.2066,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Västerås',
    from: 72100,
    to: 72599,
    latitude: 59.6099,
    longitude: 16.5448,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Uppsala',
    from: 75100,
    to: 75799,
    latitude: 59.8586,
    longitude: 17.6389,
    streets: SE_STREETS,
  },
  {
    market: 'se',
    name: 'Umeå',
    from: 90100,
    to: 90799,
    latitude: 63.8258,
    longitude: 20.263,
    streets: SE_STREETS,
  },

  {
    market: 'no',
    name: 'Oslo',
    from: 1,
    to: 1299,
    latitude: 59.9139,
    longitude: 10.7522,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Fredrikstad',
    from: 1601,
    to: 1639,
    latitude: 59.2181,
    longitude: 10.9298,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Drammen',
    from: 3001,
    to: 3049,
    latitude: 59.7439,
    longitude: 10.2045,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Stavanger',
    from: 4001,
    to: 4099,
    latitude: 58.97,
    longitude: 5.7331,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Kristiansand',
    from: 4601,
    to: 4699,
    latitude: 58.1599,
    longitude: 8.0182,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Bergen',
    from: 5003,
    to: 5499,
    latitude: 60.3913,
    longitude: 5.3221,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Trondheim',
    from: 7010,
    to: 7099,
    latitude: 63.4305,
    longitude: 10.3951,
    streets: NO_STREETS,
  },
  {
    market: 'no',
    name: 'Tromsø',
    from: 9006,
    to: 9020,
    latitude: 69.6492,
    longitude: 18.9553,
    streets: NO_STREETS,
  },

  {
    market: 'dk',
    name: 'København',
    from: 1000,
    to: 2499,
    latitude: 55.6761,
    longitude: 12.5683,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Roskilde',
    from: 4000,
    to: 4099,
    latitude: 55.6415,
    longitude: 12.0803,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Odense',
    from: 5000,
    to: 5270,
    latitude: 55.4038,
    longitude: 10.4024,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Kolding',
    from: 6000,
    to: 6099,
    latitude: 55.4904,
    longitude: 9.4722,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Esbjerg',
    from: 6700,
    to: 6715,
    latitude: 55.4765,
    longitude: 8.4594,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Aarhus',
    from: 8000,
    to: 8270,
    latitude: 56.1629,
    longitude: 10.2039,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Randers',
    from: 8900,
    to: 8960,
    latitude: 56.4607,
    longitude: 10.0364,
    streets: DK_STREETS,
  },
  {
    market: 'dk',
    name: 'Aalborg',
    from: 9000,
    to: 9220,
    latitude: 57.0488,
    longitude: 9.9217,
    streets: DK_STREETS,
  },
]

export function marketPlaces(market: string): MarketPlaces | undefined {
  return PLACE_MARKETS.find((entry) => entry.market === market)
}
