/**
 * The database's row types are written by hand in one place per owner: server/db/schema.ts (the
 * shared `DB` interface), plus the tables a service owns beside its code (the payments and mail
 * services' tables, the cart's gift code column). They stay hand-written because they say more
 * than the catalog can: which text column holds a market alias or a locale, the shape of each
 * jsonb column, how timestamps and bigints read. This test keeps them honest against the migrated
 * database, column by column: the same tables and columns, nullability, insert-optional exactly
 * where the column has a default, and the type family of booleans, numbers, timestamps, dates,
 * jsonb and arrays.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import ts from 'typescript'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const ROOT = path.resolve(import.meta.dirname, '../../..')

/** Every table type the code declares: the shared DB with what each service adds to it. */
const ALL_TABLES = `
import type { CommerceDB } from '${ROOT}/server/services/graphql/cart/db'
import type { PaymentsDB } from '${ROOT}/server/services/payments/db'
import type { MailDB } from '${ROOT}/server/services/mail/index'
import type { AuthDB } from '${ROOT}/server/services/auth/db'
import type { LikesDB } from '${ROOT}/server/services/likes/db'
import type { SearchDB } from '${ROOT}/server/services/search/db'
import type { UsersDB } from '${ROOT}/server/services/graphql/users/db'
import type { AdminDB } from '${ROOT}/server/services/shared/admin'
import type { RevocationDB } from '${ROOT}/server/services/shared/session-revocations'
import type { PickupPointsDB } from '${ROOT}/server/services/pickup-points/store'
import type { ParcelColumns } from '${ROOT}/server/services/graphql/checkout/parcels'
export type AllTables = Omit<PaymentsDB & MailDB & AuthDB & LikesDB & SearchDB, 'carts'> & Pick<CommerceDB, 'carts'> &
  Pick<UsersDB, 'password_reset_keys'> & Pick<AdminDB, 'admin_audit_log'> &
  Pick<RevocationDB, 'auth_revoked_sessions'> & Pick<PickupPointsDB, 'pickup_points'> & ParcelColumns
`

/** table → column → the column's TypeScript type as written where it is declared */
type DeclaredTables = Map<string, Map<string, string>>

function declaredTables(): DeclaredTables {
  const dir = mkdtempSync(path.join(tmpdir(), 'lumo-schema-types-'))
  try {
    const entry = path.join(dir, 'all-tables.ts')
    writeFileSync(entry, ALL_TABLES)
    const program = ts.createProgram([entry], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
    })
    const checker = program.getTypeChecker()
    const source = program.getSourceFile(entry)!
    const alias = source.statements.find(ts.isTypeAliasDeclaration)!
    const tables: DeclaredTables = new Map()
    for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(alias))) {
      const tableType = checker.getTypeOfSymbol(table)
      const columns = new Map<string, string>()
      for (const column of checker.getPropertiesOfType(tableType)) {
        const declaration = column.valueDeclaration
        const written =
          declaration && ts.isPropertySignature(declaration) && declaration.type
            ? declaration.type.getText().replace(/\s+/g, ' ')
            : checker.typeToString(checker.getTypeOfSymbol(column))
        columns.set(column.name, written)
      }
      tables.set(table.name, columns)
    }
    return tables
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

interface ColumnRow {
  table_name: string
  column_name: string
  data_type: string
  is_nullable: 'YES' | 'NO'
  column_default: string | null
  is_identity: 'YES' | 'NO'
  is_generated: string
}

/** Whether Kysely lets an insert leave the column out. */
function optionalOnInsert(type: string): boolean {
  if (/^Generated</.test(type) || type === 'GeneratedTimestamp' || type === 'TextArray') return true
  const columnType = /^ColumnType<(.+)>$/.exec(type)
  return columnType !== null && splitTypeArguments(columnType[1]!)[1]?.includes('undefined') === true
}

/** The top-level arguments of a generic's argument list ("A<B, C>, D" → ["A<B, C>", "D"]). */
function splitTypeArguments(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const char of list) {
    if ('<({['.includes(char)) depth++
    if ('>)}]'.includes(char)) depth--
    if (char === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += char
  }
  if (current.trim()) parts.push(current.trim())
  return parts
}

function isNullableType(type: string): boolean {
  return /(^|[\s|<,])null([\s|>,]|$)/.test(type) || /^JsonNullable</.test(type)
}

/** The TypeScript type family a PostgreSQL type reads as (see the conventions in schema.ts). */
function typeFamilyProblem(dataType: string, type: string): string | null {
  const expect = (ok: boolean, wanted: string) => (ok ? null : `${dataType} should read as ${wanted}`)
  switch (dataType) {
    case 'boolean':
      return expect(/\bboolean\b/.test(type), 'boolean')
    case 'integer':
    case 'bigint':
    case 'smallint':
    case 'numeric':
      return expect(/\bnumber\b/.test(type), 'number')
    case 'timestamp with time zone':
      return expect(/Timestamp|\bDate\b/.test(type), 'Timestamp / GeneratedTimestamp (a Date)')
    case 'date':
      return expect(/DateString|\bstring\b/.test(type), 'DateString')
    case 'jsonb':
      return expect(/^Json(Nullable)?</.test(type), 'Json<T> / JsonNullable<T>')
    case 'ARRAY':
      return expect(/\[\]|TextArray|Array</.test(type), 'an array')
    default:
      return null
  }
}

describeEachDatabase('server/db/schema.ts against the migrated database (%s)', (kind) => {
  let database: TestDatabase
  let columns: ColumnRow[]
  const declared = declaredTables()

  beforeAll(async () => {
    database = await createTestDatabase({ kind })
    const result = await sql<ColumnRow>`
      SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity, is_generated
      FROM information_schema.columns
      WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`.execute(database.db)
    columns = result.rows
  })

  afterAll(async () => {
    await database?.close()
  })

  it('declares exactly the migrated tables', () => {
    const migrated = [...new Set(columns.map((column) => column.table_name))].sort()
    expect([...declared.keys()].sort()).toEqual(migrated)
  })

  it('declares exactly the migrated columns of every table', () => {
    const problems: string[] = []
    for (const [table, declaredColumns] of declared) {
      const migrated = columns
        .filter((column) => column.table_name === table)
        .map((column) => column.column_name)
      for (const name of migrated)
        if (!declaredColumns.has(name)) problems.push(`${table}.${name} is not declared`)
      for (const name of declaredColumns.keys())
        if (!migrated.includes(name)) problems.push(`${table}.${name} is declared but not migrated`)
    }
    expect(problems).toEqual([])
  })

  it('matches every column on nullability, defaults and type family', () => {
    const problems: string[] = []
    for (const column of columns) {
      const type = declared.get(column.table_name)?.get(column.column_name)
      if (type === undefined) continue // reported by the test above
      const where = `${column.table_name}.${column.column_name}: ${type}`
      const nullable = column.is_nullable === 'YES'
      if (nullable !== isNullableType(type))
        problems.push(`${where} — the column is ${nullable ? 'nullable' : 'NOT NULL'}`)
      const hasDefault =
        column.column_default !== null || column.is_identity === 'YES' || column.is_generated === 'ALWAYS'
      if (hasDefault && !nullable && !optionalOnInsert(type))
        problems.push(`${where} — the column has a default: wrap it in Generated<…>`)
      // a nullable column defaults to NULL, so Generated<T | null> is right there too
      if (!hasDefault && !nullable && optionalOnInsert(type))
        problems.push(`${where} — declared Generated, but the column has no default`)
      const family = typeFamilyProblem(column.data_type, type)
      if (family) problems.push(`${where} — ${family}`)
    }
    expect(problems).toEqual([])
  })
})
