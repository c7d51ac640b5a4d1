import { describe, expect, it } from 'vitest'
import { articleNumberOf, editDistance, highlight, queryWords, typoAllowance } from './text'
import { createTickets } from './tickets'

describe('query text', () => {
  it('splits words in any Nordic spelling, lower case', () => {
    expect(queryWords('  Musta  VILLANEULE ')).toEqual(['musta', 'villaneule'])
    expect(queryWords('Läderstövlar, röda')).toEqual(['läderstövlar', 'röda'])
    expect(queryWords('hvit t-skjorte')).toEqual(['hvit', 't', 'skjorte'])
    // a decomposed ä (a + combining diaeresis) is the same word
    expect(queryWords('kla\u0308nning')).toEqual(['klänning'])
  })

  it('counts typos with transpositions as one', () => {
    expect(editDistance('nuele', 'neule')).toBe(1)
    expect(editDistance('kjloe', 'kjole')).toBe(1)
    expect(editDistance('klänig', 'klänning')).toBe(2)
    expect(editDistance('saappat', 'saappaat')).toBe(1)
    expect(editDistance('mekko', 'takki', 1)).toBeGreaterThan(1)
    expect(typoAllowance('bh')).toBe(0)
    expect(typoAllowance('kjole')).toBe(1)
    expect(typoAllowance('klänig')).toBe(2)
  })

  it('reads article numbers typed short or long', () => {
    expect(articleNumberOf('LU000123')).toBe('lu000123')
    expect(articleNumberOf('lu123')).toBe('lu000123')
    expect(articleNumberOf('lumo')).toBeNull()
  })

  it('marks matched word starts with {…}', () => {
    expect(highlight('Musta villaneule', ['vill'])).toBe('Musta {vill}aneule')
    expect(highlight('musta mekko', ['mu', 'mek'])).toBe('{mu}sta {mek}ko')
  })
})

describe('tickets', () => {
  const tickets = createTickets('a-test-secret')
  it('round-trips the product, variant, source and phrase', () => {
    const ticket = tickets.issue({ productId: 12, skuId: 40, source: 'search', phrase: 'neule' })
    expect(tickets.read(ticket)).toEqual({ productId: 12, skuId: 40, source: 'search', phrase: 'neule' })
  })
  it('refuses a changed or foreign ticket', () => {
    const ticket = tickets.issue({ productId: 12, source: 'search' })
    const [body, signature] = ticket.split('.')
    const forged = Buffer.from(JSON.stringify({ p: 13, s: 'search' })).toString('base64url')
    expect(tickets.read(`${forged}.${signature}`)).toBeNull()
    expect(tickets.read(`${body}.AAAA`)).toBeNull()
    expect(createTickets('another-secret').read(ticket)).toBeNull()
    expect(tickets.read('not a ticket')).toBeNull()
  })
})
