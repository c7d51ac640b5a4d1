import { describe, expect, it } from 'vitest'
import {
  isValidDanishPersonalId,
  isValidFinnishPersonalId,
  isValidNorwegianPersonalId,
  isValidPersonalId,
  isValidSwedishPersonalId,
  luhnValid,
  mod11CheckDigit,
} from './personal-id'

const TODAY = new Date('2026-11-23T12:00:00Z')

describe('Finnish henkilötunnus', () => {
  it.each([
    ['131052-308T', 'DVV example, 1900s with -'],
    ['311299+456X', '1800s with +'],
    ['020304A123P', '2000s with A'],
    ['010100A002H', 'lowest individual number 002'],
    ['010594Y123W', '2023 sign Y (1900s)'],
    ['010150X111X', '2023 sign X'],
    ['101010W010D', '2023 sign W'],
    ['050505V505U', '2023 sign V'],
    ['010180U2228', '2023 sign U'],
    ['150623B789W', '2023 sign B (2000s)'],
    ['121212C121D', '2023 sign C'],
    ['070707D707S', '2023 sign D'],
    ['080808E808R', '2023 sign E'],
    ['290204F5558', '2023 sign F, 29 February of a leap year'],
    ['131052-308t', 'lower-case check character'],
    [' 131052-308T ', 'surrounding spaces'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidFinnishPersonalId(id, TODAY)).toBe(true)
  })

  it.each([
    ['131052-308A', 'wrong check character'],
    ['131052-309T', 'individual number changed'],
    ['131052Z308T', 'unknown century sign'],
    ['131052G308T', 'G is not a century sign'],
    ['290223A1237', '29 February 2023 does not exist'],
    ['320152-3089', 'day 32'],
    ['011352-3089', 'month 13'],
    ['010100A001G', 'individual number 001 is not issued'],
    ['010100A9021', 'individual numbers 900-999 are temporary'],
    ['010130A1234', 'born in 2030: in the future'],
    ['131052308T', 'no century sign'],
    ['131052-308', 'no check character'],
    ['', 'empty'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidFinnishPersonalId(id, TODAY)).toBe(false)
  })
})

describe('Swedish personnummer', () => {
  it.each([
    ['811218-9876', 'ten digits with -'],
    ['8112189876', 'ten digits without separator'],
    ['198112189876', 'twelve digits'],
    ['19811218-9876', 'twelve digits with -'],
    ['190303-1233', 'born 2019'],
    ['701063-2391', 'samordningsnummer (day + 60)'],
    ['000229-1235', '29 February 2000 with -'],
    ['121212+1212', 'centenarian with +: 1912'],
    ['811218 9876', 'space instead of hyphen'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidSwedishPersonalId(id, TODAY)).toBe(true)
  })

  it.each([
    ['811218-9875', 'Luhn check digit wrong'],
    ['811218-9867', 'digits swapped'],
    ['000229+1235', '+ makes it 1900, which had no 29 February'],
    ['010229-1234', '29 February 2001 does not exist'],
    ['811318-9876', 'month 13'],
    ['701093-2391', 'samordningsnummer day 33'],
    ['201812189872', 'twelve digits in the future'],
    ['19811218+9876', '+ with a twelve-digit number'],
    ['81121-89876', 'hyphen in the wrong place'],
    ['abcdefghij', 'letters'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidSwedishPersonalId(id, TODAY)).toBe(false)
  })
})

describe('Norwegian fødselsnummer', () => {
  it.each([
    ['15076500565', '1965 (individual 000-499)'],
    ['01010750160', '2007 (individual 500-999, year 00-39)'],
    ['01011550076', '2015'],
    ['01018550063', '1885 (individual 500-749, year 54-99)'],
    ['12056060055', '1860'],
    ['01019590042', '1995 (individual 900-999, year 40-99)'],
    ['01018340069', '1983'],
    ['41010750154', 'D-nummer (day + 40)'],
    ['150765 00565', 'with a space'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidNorwegianPersonalId(id, TODAY)).toBe(true)
  })

  it.each([
    ['15076500564', 'second check digit wrong'],
    ['15076500575', 'first check digit wrong'],
    ['29029900157', 'check digits right, but 29 February 1999 does not exist'],
    ['01019975068', 'check digits right, but individual 750 with year 99 names no century'],
    ['01450750103', 'H-nummer (month + 40)'],
    ['1507650056', 'ten digits'],
    ['150765005651', 'twelve digits'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidNorwegianPersonalId(id, TODAY)).toBe(false)
  })

  it('knows that a weighted remainder of 1 leaves no check digit', () => {
    // 010101003: the first check digit would be 10, so no number starts with these nine digits
    expect(mod11CheckDigit('010101003', [3, 7, 6, 1, 8, 9, 4, 5, 2])).toBeUndefined()
    expect(mod11CheckDigit('010101002', [3, 7, 6, 1, 8, 9, 4, 5, 2])).toBe(1)
  })
})

describe('Danish CPR-nummer', () => {
  it.each([
    ['070761-4285', 'CPR office example, 1961'],
    ['0707614285', 'without hyphen'],
    ['010101-1000', 'fails modulus 11, yet valid: not required since 2007'],
    ['311299-1000', 'seventh digit 0-3: 1900s'],
    ['010120-4000', 'seventh digit 4, year ≤ 36: 2020'],
    ['010160-4000', 'seventh digit 4, year > 36: 1960'],
    ['010190-5000', 'seventh digit 5-8, year > 57: 1890'],
    ['010110-9000', 'seventh digit 9, year ≤ 36: 2010'],
    ['290200-4000', '29 February 2000'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidDanishPersonalId(id, TODAY)).toBe(true)
  })

  it.each([
    ['310299-1234', '31 February'],
    ['011399-1234', 'month 13'],
    ['290201-4000', '29 February 2001'],
    ['010130-5000', 'seventh digit 5, year 30: 2030, in the future'],
    ['070761-428', 'nine digits'],
    ['070761/4285', 'unknown separator'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidDanishPersonalId(id, TODAY)).toBe(false)
  })
})

describe('isValidPersonalId', () => {
  it('checks the number against the rules of the market country', () => {
    expect(isValidPersonalId('FI', '131052-308T', TODAY)).toBe(true)
    expect(isValidPersonalId('SE', '131052-308T', TODAY)).toBe(false)
    expect(isValidPersonalId('SE', '811218-9876', TODAY)).toBe(true)
    expect(isValidPersonalId('NO', '811218-9876', TODAY)).toBe(false)
    expect(isValidPersonalId('NO', '15076500565', TODAY)).toBe(true)
    expect(isValidPersonalId('DK', '070761-4285', TODAY)).toBe(true)
    expect(isValidPersonalId('FI', '070761-4285', TODAY)).toBe(false)
  })

  it('uses today when no date is given', () => {
    expect(isValidPersonalId('FI', '131052-308T')).toBe(true)
  })
})

describe('luhnValid', () => {
  it('accepts a number whose Luhn sum ends in 0 and refuses one digit off', () => {
    expect(luhnValid('8112189876')).toBe(true)
    expect(luhnValid('8112189877')).toBe(false)
    expect(luhnValid('')).toBe(false)
  })
})
