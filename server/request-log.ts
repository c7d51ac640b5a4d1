/**
 * One JSON line per request (issue 29): written when the answer is complete, with the method, the
 * URL without query secrets, the status, the time taken, the request id (`reqId`, Fastify's child
 * logger) and the page cache's state. Fastify's own "incoming request" line is not written.
 *
 * A browser that goes away mid-answer is not the shop's error: its line says status 499 ("client
 * closed request") at `info`, without a stack. Expected 4xx answers carry no stack either; only a
 * 5xx the shop caused is logged at `error` with the error inside the JSON object (`err`).
 */
import { LogController } from 'fastify'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { CACHE_STATE_HEADER } from './ssr/page-cache'
import { isInternalRequest } from './internal-requests'

/** nginx's status for a request the client closed before the answer was complete. */
export const CLIENT_CLOSED_STATUS = 499

/**
 * Query parameters whose values never reach a log line; `oid` is an order's public id, which opens
 * its confirmation page.
 */
const SECRET_PARAM =
  /token|key|secret|pass|code|sig|auth|session|email|hash|otp|nonce|voucher|ssn|personal|^oid$/i

/** The URL as logged: the path as asked, each query value whose name looks secret replaced. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?')
  if (mark < 0) return url
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals < 0 ? pair : pair.slice(0, equals)
      return equals >= 0 && SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair
    })
    .join('&')
  return `${url.slice(0, mark)}?${query}`
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

export interface CompletionFields {
  req: { method: string; url: string }
  res: { statusCode: number }
  responseTime: number
  cache?: string
}

/** The fields of a request's one completion line. */
export function completionFields(
  request: Pick<FastifyRequest, 'method' | 'url'>,
  reply: Pick<FastifyReply, 'statusCode' | 'elapsedTime' | 'getHeader'>,
  { clientClosed = false }: { clientClosed?: boolean } = {},
): CompletionFields {
  const cache = reply.getHeader(CACHE_STATE_HEADER)
  return {
    req: { method: request.method, url: loggableUrl(request.url) },
    res: { statusCode: clientClosed ? CLIENT_CLOSED_STATUS : reply.statusCode },
    responseTime: Math.round(reply.elapsedTime * 10) / 10,
    ...(typeof cache === 'string' ? { cache } : {}),
  }
}

/** Whether the client's socket went away before the answer was complete. */
export function closedByClient(request: FastifyRequest, reply: FastifyReply): boolean {
  // writableEnded, not writableFinished: an in-process request (app.inject) ends without a socket
  return !reply.raw.writableEnded && (request.raw.destroyed || reply.raw.destroyed)
}

function isPrematureClose(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE'
}

// Requests whose line is already written (an abort can reach more than one of the hooks below).
const logged = new WeakSet<object>()

/** Fastify's request log lines, replaced (`logController`, Fastify ≥ 5.8). */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (logged.has(request) || isInternalRequest(request)) return
    logged.add(request)
    // without an error the answer went out whole ('finish'); with one, the client may have left
    const clientClosed = !!error && (isPrematureClose(error) || closedByClient(request, reply))
    const fields = completionFields(request, reply, { clientClosed })
    if (error && !clientClosed) reply.log.error({ ...fields, err: error }, 'request errored')
    else reply.log.info(fields, clientClosed ? 'client closed request' : 'request completed')
  }

  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (isPrematureClose(error) || closedByClient(request, reply)) {
      // the browser went away while the page was streaming: this is the request's line
      if (logged.has(request)) return
      logged.add(request)
      reply.log.info(completionFields(request, reply, { clientClosed: true }), 'client closed request')
      return
    }
    reply.log.warn({ err: error }, 'response terminated with an error with headers already sent')
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (isPrematureClose(error) || closedByClient(request, reply)) {
      if (logged.has(request)) return
      logged.add(request)
      reply.log.info(completionFields(request, reply, { clientClosed: true }), 'client closed request')
      return
    }
    // an expected refusal (4xx): the completion line says the status; no stack
    if (reply.statusCode < 500) reply.log.debug({ code: (error as { code?: unknown }).code }, error.message)
    else reply.log.error({ err: error }, error.message)
  }
}
