/**
 * The schema's custom scalars. Decimal amounts are JSON numbers in major units (49.95): the
 * database keeps integer minor units and converts at the boundary (pricing/money.ts).
 */
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql'
import { ERROR_CODES } from './errors'
import { isUuid } from '../../../src/shared/validation/ids'

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ERROR_CODES.BAD_USER_INPUT } })
}

function finiteNumber(value: unknown, name: string): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) throw invalid(`${name} must be a finite number`)
  return parsed
}

function numberLiteral(ast: ValueNode, name: string): number {
  if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT || ast.kind === Kind.STRING)
    return finiteNumber(ast.value, name)
  throw invalid(`${name} must be a number`)
}

export const DecimalScalar = new GraphQLScalarType({
  name: 'Decimal',
  description: 'A decimal amount in major currency units, sent as a JSON number.',
  serialize: (value) => finiteNumber(value, 'Decimal'),
  parseValue: (value) => finiteNumber(value, 'Decimal'),
  parseLiteral: (ast) => numberLiteral(ast, 'Decimal'),
})

function safeInteger(value: unknown): number {
  const parsed = finiteNumber(value, 'Long')
  if (!Number.isSafeInteger(parsed)) throw invalid('Long must be an integer')
  return parsed
}

export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'A 64-bit integer (within the safe JSON number range).',
  serialize: safeInteger,
  parseValue: safeInteger,
  parseLiteral: (ast) => safeInteger(numberLiteral(ast, 'Long')),
})

function toIsoDateTime(value: unknown): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid('DateTime is not a valid date')
    return value.toISOString()
  }
  if (typeof value === 'string') {
    const date = new Date(value)
    if (Number.isNaN(date.getTime())) throw invalid('DateTime must be an ISO-8601 date-time')
    // A plain date ('2026-11-23') stays a date: no time zone may shift a calendar day.
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : date.toISOString()
  }
  throw invalid('DateTime must be an ISO-8601 string')
}

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  description: 'An ISO-8601 date-time string.',
  serialize: toIsoDateTime,
  parseValue: toIsoDateTime,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw invalid('DateTime must be an ISO-8601 string')
    return toIsoDateTime(ast.value)
  },
})

function toGuid(value: unknown): string {
  if (typeof value !== 'string' || !isUuid(value)) throw invalid('Guid must be a UUID')
  return value.toLowerCase()
}

export const GuidScalar = new GraphQLScalarType({
  name: 'Guid',
  description: 'A UUID string.',
  serialize: toGuid,
  parseValue: toGuid,
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw invalid('Guid must be a UUID string')
    return toGuid(ast.value)
  },
})

export const scalarResolvers = {
  Decimal: DecimalScalar,
  Long: LongScalar,
  DateTime: DateTimeScalar,
  Guid: GuidScalar,
}
