/**
 * Named prepared statements for the database worker (ADR 0041). `pglite.query()` sends every
 * statement as an unnamed one, so PostgreSQL parses, analyses and plans it again each time, and
 * on PGlite (WASM) planning is most of a catalogue statement's cost: a product page's product
 * statement took about 10 ms of CPU, 9 of them planning, to run in 1. Here each distinct SQL text
 * is parsed once into a named statement of the worker's one connection, and runs from then on
 * with a Bind/Execute: PostgreSQL's plan cache plans it per call for the first five runs and then
 * keeps a generic plan when that costs no more than the custom ones (plan_cache_mode 'auto', as
 * every driver with named statements gets), and replans on its own after DDL or ANALYZE.
 *
 * The statements live in an LRU of the connection: the least recently used is closed when the
 * limit is reached (a text with an IN list per length is a statement of its own). A statement
 * whose result columns changed under it (ALTER TABLE on a `SELECT *`) or that is gone (a
 * DEALLOCATE ALL) is parsed again once.
 */
import { parse as protocolResults, protocol, type PGlite } from '@electric-sql/pglite'
import type { QueryResult } from './pglite-protocol'

/** How many named statements the connection keeps (the shop sends a few hundred distinct texts). */
export const STATEMENT_CACHE_SIZE = 300

const { serialize } = protocol

/** PostgreSQL's codes for a named statement that must be parsed again. */
const RESULT_TYPE_CHANGED = '0A000' // cached plan must not change result type
const NO_SUCH_STATEMENT = '26000' // prepared statement "…" does not exist

interface Prepared {
  name: string
  /** The parameters' type ids, from the statement's description, for PGlite's serialisers. */
  parameterTypes: number[]
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export class PreparedStatements {
  private readonly statements = new Map<string, Prepared>()
  private nextName = 1

  constructor(
    private readonly pglite: PGlite,
    private readonly capacity = STATEMENT_CACHE_SIZE,
  ) {}

  /** How many named statements the connection holds now. */
  get size(): number {
    return this.statements.size
  }

  /** Runs one statement as `pglite.query(sql, parameters)` would, from its named statement. */
  query(sqlText: string, parameters: readonly unknown[]): Promise<QueryResult> {
    return this.pglite.runExclusive(async () => {
      try {
        return await this.run(sqlText, parameters)
      } catch (error) {
        const code = codeOf(error)
        if (code !== RESULT_TYPE_CHANGED && code !== NO_SUCH_STATEMENT) throw error
        // parse it again: the table changed under it, or the statement is gone
        if (code === NO_SUCH_STATEMENT) this.statements.clear()
        else await this.close(sqlText)
        return this.run(sqlText, parameters)
      }
    })
  }

  private async run(sqlText: string, parameters: readonly unknown[]): Promise<QueryResult> {
    const prepared = await this.prepared(sqlText)
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null
      const serializer = this.pglite.serializers[prepared.parameterTypes[index] ?? 0]
      return serializer ? serializer(value) : String(value)
    })
    // one round trip into PostgreSQL: bind, describe the result, run, and end the exchange
    const { messages } = await this.pglite.execProtocol(
      concat([
        serialize.bind({ statement: prepared.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    )
    const result = protocolResults.parseResults(messages, this.pglite.parsers)[0]
    return { rows: result?.rows ?? [], affectedRows: result?.affectedRows ?? 0 }
  }

  private async prepared(sqlText: string): Promise<Prepared> {
    const known = this.statements.get(sqlText)
    if (known) {
      // most recently used last
      this.statements.delete(sqlText)
      this.statements.set(sqlText, known)
      return known
    }
    if (this.statements.size >= this.capacity) {
      const oldest = this.statements.keys().next().value
      if (oldest !== undefined) await this.close(oldest)
    }
    const name = `lumo_${this.nextName++}`
    // a statement that does not parse throws here and is not kept
    const { messages } = await this.pglite.execProtocol(
      concat([
        serialize.parse({ name, text: sqlText }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const description = messages.find((message) => message.name === 'parameterDescription') as
      { dataTypeIDs: number[] } | undefined
    const prepared = { name, parameterTypes: description?.dataTypeIDs ?? [] }
    this.statements.set(sqlText, prepared)
    return prepared
  }

  private async close(sqlText: string): Promise<void> {
    const prepared = this.statements.get(sqlText)
    if (!prepared) return
    this.statements.delete(sqlText)
    await this.pglite.execProtocol(
      concat([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]),
      { syncToFs: false, throwOnError: false },
    )
  }
}
