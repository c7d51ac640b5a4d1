import { describe, expect, it } from 'vitest'
import {
  isValidDanishOrganisationId,
  isValidFinnishOrganisationId,
  isValidNorwegianOrganisationId,
  isValidOrganisationId,
  isValidSwedishOrganisationId,
} from './organisation-id'

const TODAY = new Date('2026-11-23T12:00:00Z')

describe('Finnish Y-tunnus', () => {
  it.each([
    ['0112038-9', 'Nokia Oyj'],
    ['0737546-2', 'remainder 9'],
    ['2617416-4', 'remainder 7'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidFinnishOrganisationId(id)).toBe(true)
  })

  it.each([
    ['0112038-8', 'wrong check digit'],
    ['01120389', 'no hyphen'],
    ['112038-9', 'six digits'],
    ['1234568-0', 'remainder 1: never issued'],
    ['1234568-1', 'remainder 1: never issued, whatever the check digit'],
    ['FI01120389', 'VAT number form'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidFinnishOrganisationId(id)).toBe(false)
  })
})

describe('Swedish organisationsnummer', () => {
  it.each([
    ['556012-5790', 'Volvo AB'],
    ['5560125790', 'without hyphen'],
    ['16556012-5790', 'twelve digits with the 16 prefix'],
    ['202100-5307', 'a public authority (group 2)'],
    ['811218-9876', "a sole trader's personnummer"],
  ])('accepts %s (%s)', (id) => {
    expect(isValidSwedishOrganisationId(id, TODAY)).toBe(true)
  })

  it.each([
    ['556012-5791', 'Luhn check digit wrong'],
    ['551012-5790', 'digits changed'],
    ['17556012-5790', 'prefix other than 16'],
    ['55601-25790', 'hyphen in the wrong place'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidSwedishOrganisationId(id, TODAY)).toBe(false)
  })
})

describe('Norwegian organisasjonsnummer', () => {
  it.each([
    ['923609016', 'Equinor ASA'],
    ['984851006', 'DNB Bank ASA'],
    ['974 760 673', 'Brønnøysundregistrene, with spaces'],
    ['923609016MVA', 'with the MVA suffix'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidNorwegianOrganisationId(id)).toBe(true)
  })

  it.each([
    ['923609017', 'wrong check digit'],
    ['723609016', 'does not start with 8 or 9'],
    ['92360901', 'eight digits'],
    ['9236090160', 'ten digits'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidNorwegianOrganisationId(id)).toBe(false)
  })
})

describe('Danish CVR-nummer', () => {
  it.each([
    ['24256790', 'Novo Nordisk A/S'],
    ['22756214', 'A.P. Møller - Mærsk A/S'],
    ['10 15 08 17', 'with spaces'],
  ])('accepts %s (%s)', (id) => {
    expect(isValidDanishOrganisationId(id)).toBe(true)
  })

  it.each([
    ['24256791', 'weighted sum not divisible by 11'],
    ['04256790', 'starts with 0'],
    ['2425679', 'seven digits'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidDanishOrganisationId(id)).toBe(false)
  })
})

describe('isValidOrganisationId', () => {
  it('checks the number against the rules of the market country', () => {
    expect(isValidOrganisationId('FI', '0112038-9', TODAY)).toBe(true)
    expect(isValidOrganisationId('SE', '556012-5790', TODAY)).toBe(true)
    expect(isValidOrganisationId('NO', '923609016', TODAY)).toBe(true)
    expect(isValidOrganisationId('DK', '24256790', TODAY)).toBe(true)
    expect(isValidOrganisationId('DK', '923609016', TODAY)).toBe(false)
    expect(isValidOrganisationId('NO', '24256790', TODAY)).toBe(false)
    expect(isValidOrganisationId('FI', '556012-5790')).toBe(false)
  })
})
