import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PGLITE_PARSERS } from './pglite-options'
import { PreparedStatements } from './pglite-statements'

describe('PreparedStatements (the database worker’s named statements)', () => {
  let pglite: PGlite
  let statements: PreparedStatements

  /** The connection's named statements, read past the cache (an unnamed statement). */
  async function namedOnConnection(): Promise<number> {
    const { rows } = await pglite.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'lumo_%'`,
    )
    return rows[0]?.n ?? 0
  }

  // one in-memory database (it takes seconds to start on a loaded machine), a fresh table per test
  beforeAll(async () => {
    pglite = await PGlite.create({ parsers: PGLITE_PARSERS })
  }, 120_000)

  afterAll(async () => {
    await pglite?.close()
  })

  beforeEach(async () => {
    await pglite.exec(`
      DEALLOCATE ALL;
      DROP TABLE IF EXISTS items;
      CREATE TABLE items (
        id int PRIMARY KEY, name text NOT NULL, price bigint, on_sale boolean, added date,
        seen timestamptz, tags text[], data jsonb
      );
      INSERT INTO items VALUES (1, 'satin dress', 4990, true, '2026-11-01', '2026-11-02T10:00:00Z',
        '{red,new}', '{"size": "M"}');`)
    statements = new PreparedStatements(pglite)
  })

  it('answers as pglite.query does, parameters and value parsers included', async () => {
    const select = `SELECT * FROM items WHERE id = $1 AND on_sale = $2 AND added <= $3 AND seen < $4 AND tags && $5`
    const parameters = [1, true, '2026-11-26', new Date('2026-11-26T00:00:00Z'), ['red']]
    const expected = await pglite.query(select, parameters)
    const result = await statements.query(select, parameters)
    expect(result.rows).toEqual(expected.rows)
    expect(result.rows).toEqual([
      {
        id: 1,
        name: 'satin dress',
        price: 4990,
        on_sale: true,
        added: '2026-11-01',
        seen: new Date('2026-11-02T10:00:00Z'),
        tags: ['red', 'new'],
        data: { size: 'M' },
      },
    ])
  })

  it('writes with null, JSON and array parameters and reports the rows it changed', async () => {
    const insert = `INSERT INTO items (id, name, price, tags, data) VALUES ($1, $2, $3, $4, $5)`
    expect(await statements.query(insert, [2, 'linen shirt', null, ['blue'], { size: 'L' }])).toEqual({
      rows: [],
      affectedRows: 1,
    })
    const update = await statements.query(
      `UPDATE items SET price = $1 WHERE price IS NULL OR id = $2`,
      [100, 1],
    )
    expect(update.affectedRows).toBe(2)
    const { rows } = await statements.query(`SELECT data, tags FROM items WHERE id = $1`, [2])
    expect(rows).toEqual([{ data: { size: 'L' }, tags: ['blue'] }])
  })

  it('parses a text once and runs it from its named statement after that', async () => {
    const select = `SELECT name FROM items WHERE id = $1`
    for (let i = 0; i < 7; i++)
      expect((await statements.query(select, [1])).rows).toEqual([{ name: 'satin dress' }])
    expect(await namedOnConnection()).toBe(1)
    await statements.query(`SELECT price FROM items WHERE id = $1`, [1])
    expect(await namedOnConnection()).toBe(2)
    expect(statements.size).toBe(2)
  })

  it('closes the least recently used statement at its limit', async () => {
    const small = new PreparedStatements(pglite, 2)
    await small.query(`SELECT 1 AS a`, [])
    await small.query(`SELECT 2 AS b`, [])
    await small.query(`SELECT 1 AS a`, []) // now the most recently used
    await small.query(`SELECT 3 AS c`, [])
    expect(small.size).toBe(2)
    expect(await namedOnConnection()).toBe(2)
    const { rows } = await pglite.query<{ statement: string }>(
      `SELECT statement FROM pg_prepared_statements WHERE name LIKE 'lumo_%' ORDER BY statement`,
    )
    expect(rows.map((row) => row.statement)).toEqual(['SELECT 1 AS a', 'SELECT 3 AS c'])
  })

  it('throws PostgreSQL’s error, keeps no statement that does not parse, and goes on afterwards', async () => {
    await expect(statements.query(`SELEC name FROM items`, [])).rejects.toMatchObject({ code: '42601' })
    expect(await namedOnConnection()).toBe(0)
    const insert = `INSERT INTO items (id, name) VALUES ($1, $2)`
    await expect(statements.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' })
    await statements.query(insert, [3, 'wool coat'])
    expect((await statements.query(`SELECT count(*)::int AS n FROM items`, [])).rows).toEqual([{ n: 2 }])
  })

  it('runs transactions through its statements', async () => {
    await statements.query('BEGIN', [])
    await statements.query(`INSERT INTO items (id, name) VALUES ($1, $2)`, [4, 'rolled back'])
    await statements.query('ROLLBACK', [])
    await statements.query('BEGIN', [])
    await statements.query(`INSERT INTO items (id, name) VALUES ($1, $2)`, [5, 'kept'])
    await statements.query('COMMIT', [])
    const { rows } = await statements.query(`SELECT id FROM items ORDER BY id`, [])
    expect(rows).toEqual([{ id: 1 }, { id: 5 }])
  })

  it('parses a statement again when its table changed under it or it was deallocated', async () => {
    const select = `SELECT * FROM items WHERE id = $1`
    await statements.query(select, [1])
    await pglite.exec(`ALTER TABLE items ADD COLUMN colour text DEFAULT 'navy'`)
    const [row] = (await statements.query(select, [1])).rows as { colour?: string }[]
    expect(row?.colour).toBe('navy')
    await pglite.exec('DEALLOCATE ALL')
    expect((await statements.query(select, [1])).rows).toHaveLength(1)
  })

  it('delivers the notifications its statements cause', async () => {
    const payloads: string[] = []
    await pglite.listen('items_changed', (payload) => payloads.push(payload))
    await statements.query(`SELECT pg_notify($1, $2)`, ['items_changed', 'listing'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(payloads).toEqual(['listing'])
  })
})
