/**
 * Error masking. Errors a resolver throws on purpose carry a code from errors.ts and reach the
 * client as they are; query errors (syntax, validation, variables) describe the client's own
 * query and pass too. Anything else is a bug or an outage: in production the client sees only
 * 'Internal server error' (no message, no stack) and the original goes to the log.
 */
import { GraphQLError, type ExecutionResult } from 'graphql'
import type { FastifyReply } from 'fastify'
import mercurius, { type MercuriusContext } from 'mercurius'
import type { Config } from '../../config'
import { ERROR_CODES, PUBLIC_ERROR_CODES } from './errors'
import { DatabaseBudgetError } from '../../db/fair-share'

/** The request spent its database time (ADR 0060): the client's query was too heavy, not a bug. */
function budgetError(error: GraphQLError): GraphQLError | null {
  if (!(error.originalError instanceof DatabaseBudgetError)) return null
  return new GraphQLError(error.originalError.message, {
    nodes: error.nodes ?? null,
    path: error.path ?? null,
    extensions: { code: ERROR_CODES.QUERY_TOO_COMPLEX, budgetMs: error.originalError.budgetMs },
  })
}

/**
 * mercurius's persisted-query refusals, with the codes Apollo's PersistedQueryLink reads: a
 * client told NOT_FOUND sends the query text once and is then served by hash (ADR 0037).
 */
const PERSISTED_QUERY_CODES: Readonly<Record<string, string>> = {
  MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND: 'PERSISTED_QUERY_NOT_FOUND',
  MER_ERR_GQL_PERSISTED_QUERY_NOT_SUPPORTED: 'PERSISTED_QUERY_NOT_SUPPORTED',
  MER_ERR_GQL_PERSISTED_QUERY_MISMATCH: 'PERSISTED_QUERY_MISMATCH',
}

function persistedQueryCode(error: GraphQLError): string | undefined {
  const code = (error.originalError as { code?: unknown } | undefined)?.code
  return typeof code === 'string' ? PERSISTED_QUERY_CODES[code] : undefined
}

/** A persisted-query refusal as the client's link expects it: its message and code. */
function persistedQueryError(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { extensions: { code } })
}

/**
 * Fastify refused the request before GraphQL saw it (its codes start with FST_): a body over the
 * limit, a content type it cannot parse. The client's error, answered with Fastify's status.
 */
function refusedRequest(error: GraphQLError): { statusCode: number; code: string } | null {
  const original = error.originalError as { code?: unknown; statusCode?: unknown } | undefined
  const statusCode = original?.statusCode
  if (typeof original?.code !== 'string' || !original.code.startsWith('FST_')) return null
  if (typeof statusCode !== 'number' || statusCode < 400 || statusCode >= 500) return null
  return {
    statusCode,
    code: statusCode === 413 ? ERROR_CODES.PAYLOAD_TOO_LARGE : ERROR_CODES.BAD_USER_INPUT,
  }
}

function isExpected(error: GraphQLError): boolean {
  const original = error.originalError
  // No original error: graphql-js itself reported a problem with the query or its variables.
  if (!original) return true
  // mercurius wraps validation failures as an error holding the GraphQL errors.
  if (Array.isArray((original as { errors?: unknown }).errors)) return true
  const code = error.extensions['code']
  return original instanceof GraphQLError && typeof code === 'string' && PUBLIC_ERROR_CODES.has(code)
}

/**
 * graphql-js ends a validation message with the schema's nearest names (`Did you mean "price"?`).
 * With introspection off (production) that would hand the schema out one guess at a time.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/ Did you mean .+\?$/s, '')
}

export function maskError(error: GraphQLError): GraphQLError {
  if (isExpected(error)) return error
  return new GraphQLError('Internal server error', {
    nodes: error.nodes ?? null,
    path: error.path ?? null,
    extensions: { code: ERROR_CODES.INTERNAL_SERVER_ERROR },
  })
}

const silent = () => {}
const quietLog = { info: silent, debug: silent, trace: silent }

/** The context as mercurius' default formatter sees it: its own per-error log line muted. */
function quietContext(context: MercuriusContext): MercuriusContext {
  // the request's own reply with only its log replaced (a subscription's context may have none)
  const reply: FastifyReply = Object.create(context.reply ?? null, { log: { value: quietLog } })
  return { ...context, reply }
}

export function formatErrors(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
  config: Pick<Config, 'isProduction'>,
): ReturnType<typeof mercurius.defaultErrorFormatter> {
  const log = context.reply?.log ?? context.app.log
  const refusal = execution.errors.length === 1 ? refusedRequest(execution.errors[0]!) : null
  if (refusal) {
    const message = execution.errors[0]!.originalError?.message ?? 'Bad request'
    return {
      statusCode: refusal.statusCode,
      response: { data: null, errors: [{ message, extensions: { code: refusal.code } }] },
    }
  }
  const errors = execution.errors.map((error) => {
    const persistedQuery = persistedQueryCode(error)
    if (persistedQuery) return persistedQueryError(error, persistedQuery)
    const overBudget = budgetError(error)
    if (overBudget) return overBudget
    if (isExpected(error)) return error
    log.error({ err: error.originalError ?? error, path: error.path }, 'GraphQL resolver failed')
    return config.isProduction ? maskError(error) : error
  })
  // mercurius' formatter logs every error with its stack at info: an expected one ("no such
  // product") is not worth a line, and an unexpected one was logged above
  const defaults = mercurius.defaultErrorFormatter({ ...execution, errors }, quietContext(context))
  const formatted = config.isProduction
    ? {
        ...defaults,
        response: {
          ...defaults.response,
          errors: defaults.response.errors?.map((error) => ({
            ...error,
            message: withoutSuggestions(error.message),
          })),
        },
      }
    : defaults
  // "send me the text" is the protocol's normal first step, not a failed request: a 200, so the
  // browser logs nothing and a cache in between keeps nothing (the answer is never marked)
  if (execution.errors.every((error) => persistedQueryCode(error) !== undefined))
    return { ...formatted, statusCode: 200 }
  const retryAfter = retryAfterOfAll(execution.errors)
  if (retryAfter !== null) {
    // every error is an abuse limit's: the whole answer is 429 (ADR 0024)
    context.reply?.header('retry-after', String(retryAfter))
    return { ...formatted, statusCode: 429 }
  }
  // mercurius answers 200 when a rejected query has several validation errors and 400 for one;
  // a query that did not run is a bad request either way.
  const rejected =
    !execution.data && execution.errors.some((error) => statusCodeOf(error.originalError) === 400)
  return rejected ? { ...formatted, statusCode: 400 } : formatted
}

/** The longest extensions.retryAfter when every error is TOO_MANY_REQUESTS; null otherwise. */
function retryAfterOfAll(errors: readonly GraphQLError[]): number | null {
  let longest: number | null = null
  for (const error of errors) {
    const retryAfter = error.extensions['retryAfter']
    if (error.extensions['code'] !== ERROR_CODES.TOO_MANY_REQUESTS || typeof retryAfter !== 'number')
      return null
    longest = Math.max(longest ?? 0, retryAfter)
  }
  return longest
}

function statusCodeOf(error: Error | undefined): number | undefined {
  const statusCode = (error as { statusCode?: unknown } | undefined)?.statusCode
  return typeof statusCode === 'number' ? statusCode : undefined
}
