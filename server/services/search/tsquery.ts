/**
 * PostgreSQL's text-search matching and ranking in TypeScript, for the in-memory index
 * (memory-index.ts): the text forms of tsvector and tsquery as PostgreSQL prints them, `@@` over
 * lexeme presence and ts_rank with a weight array, ported from src/backend/utils/adt/tsrank.c
 * (calc_rank_or, calc_rank_and, word_distance; normalisation 0) with its float4 arithmetic.
 * The stemming stays PostgreSQL's: the query text given here is `to_tsquery(…)::text`.
 */

/** A lexeme's positions packed as PostgreSQL's WordEntryPos: weight (A=3 … D=0) << 14 | position. */
export type PackedPosition = number

const MAX_ENTRY_POS = 1 << 14
const WEIGHT_CODE: Record<string, number> = { A: 3, B: 2, C: 1, D: 0 }

export const weightOf = (position: PackedPosition) => position >> 14
export const positionOf = (position: PackedPosition) => position & (MAX_ENTRY_POS - 1)

export interface VectorEntry {
  lexeme: string
  /** empty when the vector was stored without positions */
  positions: PackedPosition[]
}

function readQuoted(text: string, start: number): { value: string; end: number } {
  // text[start] is the opening quote; '' is a quote inside, \ escapes the next character
  let value = ''
  let i = start + 1
  while (i < text.length) {
    const char = text[i]!
    if (char === '\\' && i + 1 < text.length) {
      value += text[i + 1]
      i += 2
    } else if (char === "'") {
      if (text[i + 1] === "'") {
        value += "'"
        i += 2
      } else return { value, end: i + 1 }
    } else {
      value += char
      i++
    }
  }
  throw new Error(`unterminated quote in ${text}`)
}

/** `'mekko':1A,5B 'musta':2A` → entries in the vector's own (sorted) order. */
export function parseTsvector(text: string): VectorEntry[] {
  const entries: VectorEntry[] = []
  let i = 0
  while (i < text.length) {
    if (text[i] === ' ') {
      i++
      continue
    }
    const { value, end } = readQuoted(text, i)
    i = end
    const positions: PackedPosition[] = []
    if (text[i] === ':') {
      i++
      const match = /^[0-9A-D,]+/.exec(text.slice(i, i + 4096))
      const list = match?.[0] ?? ''
      i += list.length
      for (const item of list.split(',')) {
        const weight = /[A-D]$/.exec(item)?.[0] ?? 'D'
        const position = Number.parseInt(item, 10)
        positions.push((WEIGHT_CODE[weight]! << 14) | Math.min(position, MAX_ENTRY_POS - 1))
      }
    }
    entries.push({ lexeme: value, positions })
  }
  return entries
}

export type QueryNode =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'not'; operand: QueryNode }

type Token = { type: 'term'; lexeme: string; prefix: boolean } | { type: '&' | '|' | '!' | '(' | ')' }

function tokenise(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]!
    if (char === ' ') i++
    else if (char === "'") {
      const { value, end } = readQuoted(text, i)
      i = end
      let prefix = false
      if (text[i] === ':') {
        const flags = /^:[*A-D]+/.exec(text.slice(i))?.[0] ?? ':'
        prefix = flags.includes('*')
        i += flags.length
      }
      tokens.push({ type: 'term', lexeme: value, prefix })
    } else if (char === '<') {
      // a phrase operator (<->, <N>): matched as AND, which it implies
      const close = text.indexOf('>', i)
      tokens.push({ type: '&' })
      i = close + 1
    } else if (char === '&' || char === '|' || char === '!' || char === '(' || char === ')') {
      tokens.push({ type: char })
      i++
    } else throw new Error(`unexpected ${char} in tsquery ${text}`)
  }
  return tokens
}

/** The tree of `to_tsquery(…)::text`; null for the empty query (only stop words). */
export function parseTsquery(text: string): QueryNode | null {
  const tokens = tokenise(text)
  let i = 0
  // precedence as PostgreSQL's: ! over & over |
  const parseOr = (): QueryNode => {
    let node = parseAnd()
    while (tokens[i]?.type === '|') {
      i++
      node = { kind: 'or', left: node, right: parseAnd() }
    }
    return node
  }
  const parseAnd = (): QueryNode => {
    let node = parseUnary()
    while (tokens[i]?.type === '&') {
      i++
      node = { kind: 'and', left: node, right: parseUnary() }
    }
    return node
  }
  const parseUnary = (): QueryNode => {
    const token = tokens[i++]
    if (!token) throw new Error(`incomplete tsquery ${text}`)
    if (token.type === '!') return { kind: 'not', operand: parseUnary() }
    if (token.type === '(') {
      const node = parseOr()
      if (tokens[i++]?.type !== ')') throw new Error(`unbalanced tsquery ${text}`)
      return node
    }
    if (token.type === 'term') return { kind: 'term', lexeme: token.lexeme, prefix: token.prefix }
    throw new Error(`unexpected ${token.type} in tsquery ${text}`)
  }
  if (tokens.length === 0) return null
  const tree = parseOr()
  if (i !== tokens.length) throw new Error(`trailing tokens in tsquery ${text}`)
  return tree
}

/** The query's operands, unique by lexeme, in PostgreSQL's byte order (SortAndUniqItems). */
export function uniqueOperands(node: QueryNode): { lexeme: string; prefix: boolean }[] {
  const all: { lexeme: string; prefix: boolean }[] = []
  const walk = (current: QueryNode) => {
    if (current.kind === 'term') all.push({ lexeme: current.lexeme, prefix: current.prefix })
    else if (current.kind === 'not') walk(current.operand)
    else {
      walk(current.left)
      walk(current.right)
    }
  }
  walk(node)
  all.sort((a, b) => compareLexemes(a.lexeme, b.lexeme))
  return all.filter((item, index) => index === 0 || all[index - 1]!.lexeme !== item.lexeme)
}

/** PostgreSQL's tsCompareString: bytes, then length (UTF-16 order equals UTF-8 byte order here). */
export function compareLexemes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** One document as the ranking reads it: the positions of each lexeme matching an operand. */
export interface RankedDocument {
  /** the positions of every entry matching the operand, in the vector's order (prefix: several) */
  entriesOf(operand: { lexeme: string; prefix: boolean }): ArrayLike<PackedPosition>[]
}

const f = Math.fround

function wordDistance(distance: number): number {
  if (distance > 100) return 1e-30
  return f(1.0 / (1.005 + 0.05 * Math.exp(f(distance) / 1.5 - 2)))
}

/** The stand-in positions of an entry stored without any (tsrank.c's POSNULL). */
const NULL_OR_POSITIONS: readonly PackedPosition[] = [0]
const NULL_AND_POSITIONS: readonly PackedPosition[] = [MAX_ENTRY_POS - 1]

function rankOr(weights: readonly number[], document: RankedDocument, operands: QueryOperands): number {
  let result = 0
  for (const operand of operands) {
    for (const entry of document.entriesOf(operand)) {
      const positions = entry.length > 0 ? entry : NULL_OR_POSITIONS
      let sum = 0
      let maxWeight = -1
      let maxAt = 0
      for (let j = 0; j < positions.length; j++) {
        const weight = weights[weightOf(positions[j]!)]!
        sum = f(sum + f(weight / ((j + 1) * (j + 1))))
        if (weight > maxWeight) {
          maxWeight = weight
          maxAt = j
        }
      }
      result = f(result + (maxWeight + sum - maxWeight / ((maxAt + 1) * (maxAt + 1))) / 1.64493406685)
    }
  }
  return operands.length > 0 ? f(result / operands.length) : result
}

function rankAnd(weights: readonly number[], document: RankedDocument, operands: QueryOperands): number {
  if (operands.length < 2) return rankOr(weights, document, operands)
  const seen: (ArrayLike<PackedPosition> | null)[] = operands.map(() => null)
  let result = -1
  operands.forEach((operand, i) => {
    for (const entry of document.entriesOf(operand)) {
      const mine = entry.length > 0 ? entry : NULL_AND_POSITIONS
      seen[i] = mine
      for (let k = 0; k < i; k++) {
        const theirs = seen[k]
        if (!theirs) continue
        for (let l = 0; l < mine.length; l++) {
          const a = mine[l]!
          for (let p = 0; p < theirs.length; p++) {
            const b = theirs[p]!
            let distance = Math.abs(positionOf(a) - positionOf(b))
            if (distance !== 0 || mine === NULL_AND_POSITIONS || theirs === NULL_AND_POSITIONS) {
              if (distance === 0) distance = MAX_ENTRY_POS
              const current = f(
                Math.sqrt(weights[weightOf(a)]! * weights[weightOf(b)]! * wordDistance(distance)),
              )
              result = result < 0 ? current : f(1.0 - f(1.0 - result) * f(1.0 - current))
            }
          }
        }
      }
    }
  })
  return result
}

type QueryOperands = readonly { lexeme: string; prefix: boolean }[]

/**
 * ts_rank(weights, vector, query) with normalisation 0. `weights` is PostgreSQL's array order:
 * {D, C, B, A}. `operands` is uniqueOperands(query), computed once per query.
 */
export function tsRank(
  weights: readonly number[],
  document: RankedDocument,
  query: QueryNode,
  operands: QueryOperands,
): number {
  const result =
    query.kind === 'and' ? rankAnd(weights, document, operands) : rankOr(weights, document, operands)
  return result < 0 ? 1e-20 : result
}
