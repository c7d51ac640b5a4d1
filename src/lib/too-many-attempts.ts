/**
 * An abuse limit's refusal as the shopper reads it (ADR 0024, issue #15): "too many attempts, try
 * again in N minutes" in their language, instead of the generic error. The commerce API refuses
 * with a GraphQL error coded TOO_MANY_REQUESTS carrying `extensions.retryAfter` (seconds) and
 * answers HTTP 429 with Retry-After; the Apollo link turns that status into a ServerError whose
 * `bodyText` is the answer and whose `response` has the header.
 */
export const TOO_MANY_ATTEMPTS_MESSAGE = 'error.tooManyAttempts'
const CODE = 'TOO_MANY_REQUESTS'

/** Whole minutes until another try, from Retry-After seconds (at least 1; 15 when unknown). */
export function retryMinutes(retryAfterSeconds: number | undefined): number {
  return Math.max(1, Math.ceil((retryAfterSeconds ?? 900) / 60))
}

function errorsOf(error: unknown): unknown[] {
  const direct = (error as { errors?: unknown } | null)?.errors
  if (Array.isArray(direct)) return direct
  const bodyText = (error as { bodyText?: unknown } | null)?.bodyText
  if (typeof bodyText !== 'string') return []
  try {
    const body = JSON.parse(bodyText) as { errors?: unknown }
    return Array.isArray(body.errors) ? body.errors : []
  } catch {
    return []
  }
}

function retryAfterHeader(error: unknown): number | undefined {
  const response = (error as { response?: { status?: unknown; headers?: { get?: unknown } } } | null)
    ?.response
  if (response?.status !== 429 || typeof response.headers?.get !== 'function') return undefined
  const value = Number((response.headers as Headers).get('retry-after'))
  return Number.isFinite(value) && value >= 0 ? value : undefined
}

/**
 * The seconds to wait when `error` is an abuse limit's refusal (the error's retryAfter, else the
 * Retry-After header, else unknown: undefined); null when it is any other failure.
 */
export function tooManyAttemptsRetryAfter(error: unknown): number | undefined | null {
  const limited = errorsOf(error).find(
    (entry) => (entry as { extensions?: { code?: unknown } } | null)?.extensions?.code === CODE,
  ) as { extensions: { retryAfter?: unknown } } | undefined
  const fromHeader = retryAfterHeader(error)
  if (!limited && fromHeader === undefined) return null
  const retryAfter = limited?.extensions.retryAfter
  return typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : fromHeader
}

export interface FailureMessage {
  id: string
  values?: { minutes: number }
}

/** The message for a failed call: the abuse limit's with its minutes, else `fallbackId`. */
export function failureMessage(error: unknown, fallbackId: string): FailureMessage {
  const retryAfter = tooManyAttemptsRetryAfter(error)
  if (retryAfter === null) return { id: fallbackId }
  return { id: TOO_MANY_ATTEMPTS_MESSAGE, values: { minutes: retryMinutes(retryAfter) } }
}
