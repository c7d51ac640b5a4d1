/**
 * The request a piece of server work belongs to (issue #15 item 7): the app enters it for every
 * request (server/observability.ts), and the service fetch passes its id on as `X-Request-Id`, so
 * one shopper's request can be followed through the services' logs.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export const REQUEST_ID_HEADER = 'x-request-id'

interface RequestContext {
  requestId: string
}

const storage = new AsyncLocalStorage<RequestContext>()

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work)
}

/** The id of the request this code runs for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/** An id a caller may hand us: short, and nothing a log line could be forged with. */
export function acceptableRequestId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(value)
}
