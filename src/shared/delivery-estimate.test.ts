import { describe, expect, it } from 'vitest'
import {
  addBusinessDays,
  deliveryEstimate,
  dispatchDay,
  easterSunday,
  formatDeliveryDay,
  formatEstimateRange,
  formatOpeningHours,
  holidaysOf,
  isBusinessDay,
  localDayAndHour,
  shippingTransit,
  weekday,
} from './delivery-estimate'

const HELSINKI = 'Europe/Helsinki'
const STOCKHOLM = 'Europe/Stockholm'
const OSLO = 'Europe/Oslo'
const COPENHAGEN = 'Europe/Copenhagen'

describe('calendar', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31')
    expect(easterSunday(2025)).toBe('2025-04-20')
    expect(easterSunday(2026)).toBe('2026-04-05')
    expect(easterSunday(2027)).toBe('2027-03-28')
    expect(easterSunday(2038)).toBe('2038-04-25')
    expect(easterSunday(2285)).toBe('2285-03-22')
  })
  it('knows the weekday', () => {
    expect(weekday('2026-12-02')).toBe(3)
    expect(weekday('2026-12-06')).toBe(7)
    expect(weekday('2026-12-07')).toBe(1)
  })
})

describe('public holidays', () => {
  it('has the Easter-based days of each market', () => {
    const fi = holidaysOf('fi', 2026)
    expect(fi.has('2026-04-03')).toBe(true) // Good Friday
    expect(fi.has('2026-04-06')).toBe(true) // Easter Monday
    expect(fi.has('2026-05-14')).toBe(true) // Ascension
    expect(fi.has('2026-04-02')).toBe(false) // Maundy Thursday is a working day in Finland
    const no = holidaysOf('no', 2026)
    expect(no.has('2026-04-02')).toBe(true) // skjærtorsdag
    expect(no.has('2026-05-25')).toBe(true) // Whit Monday
    expect(no.has('2026-05-17')).toBe(true)
    const dk = holidaysOf('dk', 2026)
    expect(dk.has('2026-04-02') && dk.has('2026-05-25') && dk.has('2026-06-05')).toBe(true)
    // Great Prayer Day: a holiday until 2023 only
    expect(holidaysOf('dk', 2023).has('2023-05-05')).toBe(true)
    expect(holidaysOf('dk', 2024).has('2024-04-26')).toBe(false)
  })
  it('has Midsummer Eve on the Friday from 19 to 25 June in Finland and Sweden', () => {
    expect(holidaysOf('fi', 2026).has('2026-06-19')).toBe(true)
    expect(holidaysOf('fi', 2025).has('2025-06-20')).toBe(true)
    expect(holidaysOf('se', 2027).has('2027-06-25')).toBe(true)
    expect(holidaysOf('no', 2026).has('2026-06-19')).toBe(false)
  })
  it('has the national days and Christmas', () => {
    expect(isBusinessDay('fi', '2027-12-06')).toBe(false)
    expect(isBusinessDay('se', '2025-06-06')).toBe(false)
    expect(isBusinessDay('fi', '2026-12-24')).toBe(false)
    expect(isBusinessDay('no', '2026-12-24')).toBe(true)
    expect(isBusinessDay('se', '2026-12-31')).toBe(false)
    expect(isBusinessDay('fi', '2026-12-31')).toBe(true)
    expect(isBusinessDay('fi', '2026-12-05')).toBe(false) // a Saturday
  })
  it('counts business days over weekends and holidays', () => {
    expect(addBusinessDays('fi', '2026-12-23', 1)).toBe('2026-12-28')
    expect(addBusinessDays('fi', '2026-12-05', 0)).toBe('2026-12-07')
  })
})

describe('dispatch and cut-off', () => {
  it('reads the local day and hour in the market’s time zone', () => {
    expect(localDayAndHour(new Date('2026-12-04T12:30:00Z'), HELSINKI)).toEqual({
      day: '2026-12-04',
      hour: 14,
    })
    expect(localDayAndHour(new Date('2026-12-04T23:30:00Z'), STOCKHOLM)).toEqual({
      day: '2026-12-05',
      hour: 0,
    })
  })
  it('sends before 14:00 local time the same business day, after it the next', () => {
    // 12:30 UTC is 14:30 in Helsinki but 13:30 in Stockholm
    expect(dispatchDay('fi', new Date('2026-12-04T12:30:00Z'), HELSINKI)).toBe('2026-12-07')
    expect(dispatchDay('se', new Date('2026-12-04T12:30:00Z'), STOCKHOLM)).toBe('2026-12-04')
    expect(dispatchDay('fi', new Date('2026-12-02T11:59:00Z'), HELSINKI)).toBe('2026-12-02')
    expect(dispatchDay('fi', new Date('2026-12-02T12:00:00Z'), HELSINKI)).toBe('2026-12-03')
  })
  it('sends a weekend order on Monday', () => {
    expect(dispatchDay('fi', new Date('2026-12-05T08:00:00Z'), HELSINKI)).toBe('2026-12-07')
  })
})

describe('deliveryEstimate', () => {
  it('a Friday order after the cut-off arrives Tuesday to Wednesday with Posti’s pickup', () => {
    expect(
      deliveryEstimate({
        market: 'fi',
        option: 'posti-pickup',
        orderedAt: new Date('2026-12-04T13:00:00Z'),
        timeZone: HELSINKI,
      }),
    ).toEqual({ dispatch: '2026-12-07', earliest: '2026-12-08', latest: '2026-12-09' })
  })
  it('a Friday order before the cut-off arrives Monday to Tuesday', () => {
    expect(
      deliveryEstimate({
        market: 'fi',
        option: 'posti-pickup',
        orderedAt: new Date('2026-12-04T08:00:00Z'),
        timeZone: HELSINKI,
      }),
    ).toEqual({ dispatch: '2026-12-04', earliest: '2026-12-07', latest: '2026-12-08' })
  })
  it('skips Christmas', () => {
    expect(
      deliveryEstimate({
        market: 'fi',
        option: 'posti-home',
        orderedAt: new Date('2026-12-23T08:00:00Z'),
        timeZone: HELSINKI,
      }),
    ).toEqual({ dispatch: '2026-12-23', earliest: '2026-12-28', latest: '2026-12-30' })
    expect(
      deliveryEstimate({
        market: 'dk',
        option: 'gls-parcelshop',
        orderedAt: new Date('2026-12-23T15:00:00Z'),
        timeZone: COPENHAGEN,
      }),
    ).toEqual({ dispatch: '2026-12-28', earliest: '2026-12-29', latest: '2026-12-31' })
  })
  it('skips Easter: Good Friday and Easter Monday in Finland, Maundy Thursday too in Norway', () => {
    expect(
      deliveryEstimate({
        market: 'fi',
        option: 'posti-pickup',
        orderedAt: new Date('2026-04-02T14:00:00Z'),
        timeZone: HELSINKI,
      }),
    ).toEqual({ dispatch: '2026-04-07', earliest: '2026-04-08', latest: '2026-04-09' })
    expect(
      deliveryEstimate({
        market: 'no',
        option: 'posten-pickup',
        orderedAt: new Date('2026-04-01T10:00:00Z'),
        timeZone: OSLO,
      }),
    ).toEqual({ dispatch: '2026-04-01', earliest: '2026-04-08', latest: '2026-04-10' })
  })
  it('crosses New Year with Sweden’s New Year’s Eve and Epiphany', () => {
    expect(
      deliveryEstimate({
        market: 'se',
        option: 'postnord-pickup',
        orderedAt: new Date('2026-12-30T15:00:00Z'),
        timeZone: STOCKHOLM,
      }),
    ).toEqual({ dispatch: '2027-01-04', earliest: '2027-01-07', latest: '2027-01-08' })
  })
  it('is null for an option without transit times', () => {
    expect(
      deliveryEstimate({ market: 'fi', option: 'drone', orderedAt: new Date(), timeZone: HELSINKI }),
    ).toBeNull()
    expect(shippingTransit('fi', 'posti-pickup')).toMatchObject({ carrier: 'posti', pickup: true })
    expect(shippingTransit('dk', 'gls-parcelshop')).toMatchObject({ carrier: 'gls', pickup: true })
  })
})

describe('formatDeliveryDay', () => {
  it('writes the weekday and the day as the shopper reads it', () => {
    expect(formatDeliveryDay('2026-12-08', 'fi-FI')).toBe('ti 8.12.')
    expect(formatDeliveryDay('2026-12-09', 'fi-FI')).toBe('ke 9.12.')
  })
})

describe('formatEstimateRange and formatOpeningHours', () => {
  it('writes a range, or one day', () => {
    expect(formatEstimateRange({ earliest: '2026-12-08', latest: '2026-12-09' }, 'fi-FI')).toBe(
      'ti 8.12.–ke 9.12.',
    )
    expect(formatEstimateRange({ earliest: '2026-12-08', latest: '2026-12-08' }, 'fi-FI')).toBe('ti 8.12.')
  })
  it('writes the opening hours with the language’s weekday names', () => {
    const hours = [
      { fromDay: 1, toDay: 5, opens: '08:00', closes: '21:00' },
      { fromDay: 6, toDay: 6, opens: '09:00', closes: '18:00' },
    ]
    expect(formatOpeningHours(hours, 'fi-FI')).toBe('ma–pe 08:00–21:00, la 09:00–18:00')
    expect(formatOpeningHours(hours, 'en-GB')).toBe('Mon–Fri 08:00–21:00, Sat 09:00–18:00')
  })
})
