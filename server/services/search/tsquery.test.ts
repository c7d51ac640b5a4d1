import { describe, expect, it } from 'vitest'
import {
  parseTsquery,
  parseTsvector,
  positionOf,
  tsRank,
  uniqueOperands,
  weightOf,
  type QueryNode,
  type RankedDocument,
} from './tsquery'

/** A document from a tsvector's text, as the in-memory index answers ts_rank. */
function documentOf(vector: string): RankedDocument {
  const entries = parseTsvector(vector)
  return {
    entriesOf: (operand) =>
      entries
        .filter((entry) =>
          operand.prefix ? entry.lexeme.startsWith(operand.lexeme) : entry.lexeme === operand.lexeme,
        )
        .map((entry) => entry.positions),
  }
}

const WEIGHTS = [0.05, 0.2, 0.5, 1.0]
const rank = (vector: string, query: string) => {
  const tree = parseTsquery(query) as QueryNode
  return tsRank(WEIGHTS, documentOf(vector), tree, uniqueOperands(tree))
}

describe('parseTsvector', () => {
  it('reads lexemes with weighted positions, quotes and unweighted (D) positions', () => {
    const entries = parseTsvector(`'-34':17A 'it''s':3 'meko':3A,11B 'mus':1A,8B`)
    expect(entries.map((entry) => entry.lexeme)).toEqual(['-34', "it's", 'meko', 'mus'])
    const meko = entries[2]!.positions
    expect(meko.map(positionOf)).toEqual([3, 11])
    expect(meko.map(weightOf)).toEqual([3, 2])
    expect(weightOf(entries[1]!.positions[0]!)).toBe(0)
  })
})

describe('parseTsquery', () => {
  it('binds & tighter than |, reads prefixes and parentheses', () => {
    expect(parseTsquery(`'a' | 'b' & 'c':*`)).toEqual({
      kind: 'or',
      left: { kind: 'term', lexeme: 'a', prefix: false },
      right: {
        kind: 'and',
        left: { kind: 'term', lexeme: 'b', prefix: false },
        right: { kind: 'term', lexeme: 'c', prefix: true },
      },
    })
    expect(parseTsquery(`( 'a' | 'b' ) & !'c'`)?.kind).toBe('and')
  })

  it('gives null for the empty query of only stop words', () => {
    expect(parseTsquery('')).toBeNull()
  })

  it('lists each operand once, in byte order', () => {
    const tree = parseTsquery(`'neul' & ( 'villa' | 'neul' ) & 'ark':*`) as QueryNode
    expect(uniqueOperands(tree).map((operand) => operand.lexeme)).toEqual(['ark', 'neul', 'villa'])
  })
})

describe('tsRank', () => {
  const vector = `'meko':3A,11B 'mus':1A,8B 'sati':4B,9B 'studio':7B,14B`

  it('ranks a weight-A match above a weight-B one', () => {
    expect(rank(vector, `'meko'`)).toBeGreaterThan(rank(vector, `'sati'`))
  })

  it('ranks words near each other above words far apart for an AND query', () => {
    const near = `'meko':2A 'mus':1A`
    const far = `'meko':60A 'mus':1A`
    expect(rank(near, `'mus' & 'meko'`)).toBeGreaterThan(rank(far, `'mus' & 'meko'`))
  })

  it('gives the floor 1e-20 to an AND query whose words never meet', () => {
    expect(rank(vector, `'mus' & 'puuttuu'`)).toBe(1e-20)
  })

  it('counts every lexeme a prefix stands for', () => {
    expect(rank(`'meko':3A 'mekot':5A`, `'mek':*`)).toBeGreaterThan(rank(`'meko':3A`, `'mek':*`))
  })
})
