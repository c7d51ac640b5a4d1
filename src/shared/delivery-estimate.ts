/**
 * When a parcel arrives (issue 29 item 5, docs/adr/0079-pickup-points-and-delivery-estimates.md):
 * an order placed before the shop's cut-off on a business day leaves that day, otherwise on the
 * next business day; the carrier then takes its option's business days. Business days are
 * Monday–Friday except the market's public holidays (fixed dates and the Easter-based ones,
 * computed per year). Isomorphic and pure: the caller passes the instant and the market's time
 * zone. The per-market rules are keyed by the market alias here; they could move into the shop
 * definition (src/shared/shop-definition.ts) with the rest of each market's data.
 */

/** Orders placed before this local hour leave the same business day. */
export const CUT_OFF_HOUR = 14

/** A calendar day, 'YYYY-MM-DD'. */
export type IsoDate = string

export interface DeliveryEstimate {
  /** the day the parcel leaves the warehouse */
  dispatch: IsoDate
  earliest: IsoDate
  latest: IsoDate
}

export interface ShippingTransit {
  market: string
  /** the shipping option's internal name (shipping_options.name) */
  option: string
  carrier: string
  /** delivered to a pickup point or locker the shopper chooses */
  pickup: boolean
  /** business days after dispatch */
  minDays: number
  maxDays: number
}

/** The carriers' transit times per market and shipping option. */
export const SHIPPING_TRANSIT: readonly ShippingTransit[] = [
  { market: 'fi', option: 'posti-pickup', carrier: 'posti', pickup: true, minDays: 1, maxDays: 2 },
  { market: 'fi', option: 'posti-home', carrier: 'posti', pickup: false, minDays: 1, maxDays: 3 },
  { market: 'se', option: 'postnord-pickup', carrier: 'postnord', pickup: true, minDays: 2, maxDays: 3 },
  { market: 'se', option: 'home-delivery', carrier: 'postnord', pickup: false, minDays: 2, maxDays: 4 },
  { market: 'no', option: 'posten-pickup', carrier: 'bring', pickup: true, minDays: 2, maxDays: 4 },
  { market: 'no', option: 'home-delivery', carrier: 'bring', pickup: false, minDays: 3, maxDays: 5 },
  { market: 'dk', option: 'gls-parcelshop', carrier: 'gls', pickup: true, minDays: 1, maxDays: 3 },
  { market: 'dk', option: 'home-delivery', carrier: 'gls', pickup: false, minDays: 2, maxDays: 3 },
]

export function shippingTransit(market: string, option: string): ShippingTransit | undefined {
  return SHIPPING_TRANSIT.find((entry) => entry.market === market && entry.option === option)
}

// ---------------------------------------------------------------- calendar days

const DAY_MS = 86_400_000

function toDay(iso: IsoDate): number {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
  return Date.UTC(year, month - 1, day) / DAY_MS
}

function toIso(day: number): IsoDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

function isoOf(year: number, month: number, day: number): IsoDate {
  return toIso(Date.UTC(year, month - 1, day) / DAY_MS)
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function weekday(iso: IsoDate): number {
  return ((((toDay(iso) + 3) % 7) + 7) % 7) + 1
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return toIso(toDay(iso) + days)
}

/** Easter Sunday of the Gregorian calendar (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return isoOf(year, month, day)
}

/** The day of `wanted` weekday within month/first..first+6. */
function weekdayFrom(year: number, month: number, first: number, wanted: number): IsoDate {
  const start = isoOf(year, month, first)
  return addDays(start, (wanted - weekday(start) + 7) % 7)
}

// ---------------------------------------------------------------- holidays per market

interface MarketHolidays {
  market: string
  /** the year's public holidays (and days the carriers do not work), 'YYYY-MM-DD' */
  holidays(year: number): IsoDate[]
}

function easterBased(year: number, offsets: readonly number[]): IsoDate[] {
  const easter = easterSunday(year)
  return offsets.map((offset) => addDays(easter, offset))
}

const MAUNDY_THURSDAY = -3
const GOOD_FRIDAY = -2
const EASTER_MONDAY = 1
const ASCENSION = 39
const WHIT_MONDAY = 50
const FRIDAY = 5

export const MARKET_HOLIDAYS: readonly MarketHolidays[] = [
  {
    market: 'fi',
    holidays: (year) => [
      isoOf(year, 1, 1),
      isoOf(year, 1, 6),
      ...easterBased(year, [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION]),
      isoOf(year, 5, 1),
      // Midsummer Eve: the Friday from 19 to 25 June
      weekdayFrom(year, 6, 19, FRIDAY),
      isoOf(year, 12, 6),
      isoOf(year, 12, 24),
      isoOf(year, 12, 25),
      isoOf(year, 12, 26),
    ],
  },
  {
    market: 'se',
    holidays: (year) => [
      isoOf(year, 1, 1),
      isoOf(year, 1, 6),
      ...easterBased(year, [GOOD_FRIDAY, EASTER_MONDAY, ASCENSION]),
      isoOf(year, 5, 1),
      isoOf(year, 6, 6),
      weekdayFrom(year, 6, 19, FRIDAY),
      isoOf(year, 12, 24),
      isoOf(year, 12, 25),
      isoOf(year, 12, 26),
      isoOf(year, 12, 31),
    ],
  },
  {
    market: 'no',
    holidays: (year) => [
      isoOf(year, 1, 1),
      ...easterBased(year, [MAUNDY_THURSDAY, GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY]),
      isoOf(year, 5, 1),
      isoOf(year, 5, 17),
      isoOf(year, 12, 25),
      isoOf(year, 12, 26),
    ],
  },
  {
    market: 'dk',
    holidays: (year) => [
      isoOf(year, 1, 1),
      ...easterBased(year, [MAUNDY_THURSDAY, GOOD_FRIDAY, EASTER_MONDAY, ASCENSION, WHIT_MONDAY]),
      // Great Prayer Day (fourth Friday after Easter) was abolished from 2024
      ...(year < 2024 ? easterBased(year, [26]) : []),
      isoOf(year, 6, 5),
      isoOf(year, 12, 24),
      isoOf(year, 12, 25),
      isoOf(year, 12, 26),
    ],
  },
]

const holidayCache = new Map<string, Set<IsoDate>>()

export function holidaysOf(market: string, year: number): Set<IsoDate> {
  const key = `${market}:${year}`
  let days = holidayCache.get(key)
  if (!days) {
    days = new Set(MARKET_HOLIDAYS.find((entry) => entry.market === market)?.holidays(year) ?? [])
    holidayCache.set(key, days)
  }
  return days
}

export function isBusinessDay(market: string, iso: IsoDate): boolean {
  return weekday(iso) <= 5 && !holidaysOf(market, Number(iso.slice(0, 4))).has(iso)
}

/** The `count`th business day after `iso` (0: `iso` itself when it is one, else the next). */
export function addBusinessDays(market: string, iso: IsoDate, count: number): IsoDate {
  let day = iso
  while (!isBusinessDay(market, day)) day = addDays(day, 1)
  for (let left = count; left > 0;) {
    day = addDays(day, 1)
    if (isBusinessDay(market, day)) left -= 1
  }
  return day
}

/** The local calendar day and hour of an instant in a time zone. */
export function localDayAndHour(instant: Date, timeZone: string): { day: IsoDate; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) }
}

/** The day an order placed at `orderedAt` leaves: today before the cut-off on a business day. */
export function dispatchDay(market: string, orderedAt: Date, timeZone: string): IsoDate {
  const { day, hour } = localDayAndHour(orderedAt, timeZone)
  if (isBusinessDay(market, day) && hour < CUT_OFF_HOUR) return day
  return addBusinessDays(market, addDays(day, 1), 0)
}

/**
 * The estimate of a shipping option of the market for an order placed at `orderedAt`; null for
 * an option without known transit times.
 */
export function deliveryEstimate(input: {
  market: string
  option: string
  orderedAt: Date
  timeZone: string
}): DeliveryEstimate | null {
  const transit = shippingTransit(input.market, input.option)
  if (!transit) return null
  const dispatch = dispatchDay(input.market, input.orderedAt, input.timeZone)
  return {
    dispatch,
    earliest: addBusinessDays(input.market, dispatch, transit.minDays),
    latest: addBusinessDays(input.market, dispatch, transit.maxDays),
  }
}

/** A day as the shopper reads it, e.g. 'ti 8.12.' in Finnish. */
export function formatDeliveryDay(iso: IsoDate, localeIso: string): string {
  return new Intl.DateTimeFormat(localeIso, {
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T12:00:00Z`))
}

/** An estimate's days as the shopper reads them: 'ti 8.12.–ke 9.12.', one day when they are the same. */
export function formatEstimateRange(
  estimate: { earliest: IsoDate; latest: IsoDate },
  localeIso: string,
): string {
  const earliest = formatDeliveryDay(estimate.earliest, localeIso)
  return estimate.earliest === estimate.latest
    ? earliest
    : `${earliest}–${formatDeliveryDay(estimate.latest, localeIso)}`
}

/** A pickup point's opening hours in one line: 'ma–pe 08:00–21:00, la 09:00–18:00'. */
export function formatOpeningHours(
  rows: readonly { fromDay: number; toDay: number; opens: string; closes: string }[],
  localeIso: string,
): string {
  const dayName = (isoWeekday: number) =>
    new Intl.DateTimeFormat(localeIso, { weekday: 'short', timeZone: 'UTC' }).format(
      // 2024-01-01 was a Monday
      new Date(Date.UTC(2024, 0, isoWeekday)),
    )
  return rows
    .map((row) => {
      const days =
        row.fromDay === row.toDay ? dayName(row.fromDay) : `${dayName(row.fromDay)}–${dayName(row.toDay)}`
      return `${days} ${row.opens}–${row.closes}`
    })
    .join(', ')
}
