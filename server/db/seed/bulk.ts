/**
 * Bulk loading for the seed: rows go to the database as one JSON document per statement
 * (`INSERT … SELECT … FROM json_to_recordset($1)`), which PostgreSQL and PGlite parse far faster
 * than thousands of bind parameters; secondary indexes and foreign keys are dropped for the load
 * and created again once at the end (one index build, one validating join per key).
 */
import { sql, type Insertable, type RawBuilder, type Transaction } from 'kysely'
import type { DB } from '../schema'

export type TableName = keyof DB

/** Rows per statement: large enough to amortise a statement, small enough to bound the JSON. */
const ROWS_PER_STATEMENT = 5000

/** Column name → SQL type (format_type) of each table, read once per transaction. */
const columnTypes = new WeakMap<Transaction<DB>, Map<string, Map<string, string>>>()

async function typesOf(trx: Transaction<DB>, table: TableName): Promise<Map<string, string>> {
  let tables = columnTypes.get(trx)
  if (!tables) {
    tables = new Map()
    columnTypes.set(trx, tables)
  }
  const known = tables.get(table)
  if (known) return known
  const { rows } = await sql<{ name: string; type: string }>`
    SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
    FROM pg_attribute a
    WHERE a.attrelid = ${table}::regclass AND a.attnum > 0 AND NOT a.attisdropped`.execute(trx)
  const types = new Map(rows.map((row) => [row.name, row.type]))
  tables.set(table, types)
  return types
}

/** The keys a row sets (an undefined value leaves the column to its default, as in Kysely). */
function keysOf(row: object): string[] {
  return Object.entries(row)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
}

/** Consecutive rows that set the same columns, in their order (identity columns keep counting in order). */
function runsByColumns<R extends object>(rows: readonly R[]): { columns: string[]; rows: R[] }[] {
  const runs: { columns: string[]; rows: R[]; key: string }[] = []
  for (const row of rows) {
    const columns = keysOf(row)
    const key = columns.join(',')
    const last = runs.at(-1)
    if (last?.key === key && last.rows.length < ROWS_PER_STATEMENT) last.rows.push(row)
    else runs.push({ columns, rows: [row], key })
  }
  return runs
}

/** Inserts the rows (any number) with one statement per run of up to ROWS_PER_STATEMENT rows. */
export async function bulkInsert<T extends TableName>(
  trx: Transaction<DB>,
  table: T,
  rows: readonly Insertable<DB[T]>[],
): Promise<void> {
  if (rows.length === 0) return
  const types = await typesOf(trx, table)
  for (const run of runsByColumns(rows)) {
    const definitions: RawBuilder<unknown>[] = []
    const values: RawBuilder<unknown>[] = []
    for (const column of run.columns) {
      const type = types.get(column)
      if (!type) throw new Error(`${table} has no column ${column}`)
      // JSON documents arrive as their text (Kysely's convention for json columns) and are parsed here.
      const isJson = type === 'json' || type === 'jsonb'
      definitions.push(sql`${sql.id(column)} ${sql.raw(isJson ? 'text' : type)}`)
      values.push(isJson ? sql`x.${sql.id(column)}::${sql.raw(type)}` : sql`x.${sql.id(column)}`)
    }
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(run.columns.map((column) => sql.id(column)))})
      SELECT ${sql.join(values)}
      FROM json_to_recordset(${JSON.stringify(run.rows)}::json) AS x(${sql.join(definitions)})`.execute(trx)
  }
}

/**
 * Drops the tables' plain secondary indexes (not those behind primary keys or unique
 * constraints, which guard the data) and returns a function that creates them again. Building
 * a GIN index once is far cheaper than updating it for every inserted row.
 */
export async function deferSecondaryIndexes(
  trx: Transaction<DB>,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef
    FROM pg_indexes i
    WHERE i.schemaname = current_schema()
      AND i.tablename IN (${sql.join(tables.map((table) => sql.lit(table)))})
      AND NOT EXISTS (
        SELECT 1 FROM pg_constraint c
        WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass
      )
  `.execute(trx)
  for (const row of rows) await sql`DROP INDEX ${sql.id(row.indexname)}`.execute(trx)
  return async () => {
    for (const row of rows) await sql.raw(row.indexdef).execute(trx)
  }
}

/**
 * Drops the foreign keys declared on the tables and returns a function that adds them again.
 * Re-adding a key checks every row in one join, where a loaded row would cost a lookup per key.
 */
export async function deferForeignKeys(
  trx: Transaction<DB>,
  tables: readonly TableName[],
): Promise<() => Promise<void>> {
  const { rows } = await sql<{ table_name: string; name: string; definition: string }>`
    SELECT c.conrelid::regclass::text AS table_name, c.conname AS name, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    WHERE c.contype = 'f'
      AND c.conrelid IN (${sql.join(tables.map((table) => sql`${table}::regclass`))})
    ORDER BY c.conrelid::regclass::text, c.conname
  `.execute(trx)
  for (const row of rows) {
    await sql`ALTER TABLE ${sql.raw(row.table_name)} DROP CONSTRAINT ${sql.id(row.name)}`.execute(trx)
  }
  return async () => {
    for (const row of rows) {
      await sql`ALTER TABLE ${sql.raw(row.table_name)} ADD CONSTRAINT ${sql.id(row.name)} ${sql.raw(row.definition)}`.execute(
        trx,
      )
    }
  }
}

/**
 * Disables the tables' triggers whose names end in `suffix` and returns a function that enables
 * them again: the listing triggers (migration 0700) would refresh a product for every loaded row.
 */
export async function pauseTriggers(
  trx: Transaction<DB>,
  tables: readonly TableName[],
  suffix: string,
): Promise<() => Promise<void>> {
  const { rows } = await sql<{ table_name: string; name: string }>`
    SELECT t.tgrelid::regclass::text AS table_name, t.tgname AS name
    FROM pg_trigger t
    WHERE NOT t.tgisinternal AND right(t.tgname, ${suffix.length}) = ${suffix}
      AND t.tgrelid IN (${sql.join(tables.map((table) => sql`${table}::regclass`))})
  `.execute(trx)
  const alter = (action: 'DISABLE' | 'ENABLE') =>
    Promise.all(
      rows.map((row) =>
        sql`ALTER TABLE ${sql.raw(row.table_name)} ${sql.raw(action)} TRIGGER ${sql.id(row.name)}`.execute(
          trx,
        ),
      ),
    )
  await alter('DISABLE')
  return async () => {
    await alter('ENABLE')
  }
}
