/**
 * How the storefront's same-origin endpoints (the BFF) call a service for the browser and pass
 * its answer on: a bounded wait (502 when the service fails, 504 when it does not answer in
 * time), and only the status, the content type and the body back to the browser — a service's
 * cookies and other headers never reach it.
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import { PRIVATE_NO_STORE } from '../security-headers'

export type UpstreamResult = { ok: true; response: Response } | { ok: false; status: 502 | 504 }

export async function callUpstream(
  serviceFetch: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<UpstreamResult> {
  try {
    return {
      ok: true,
      response: await serviceFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }),
    }
  } catch (error) {
    log.warn({ err: error, url }, 'upstream service failed')
    return { ok: false, status: error instanceof Error && error.name === 'TimeoutError' ? 504 : 502 }
  }
}

/** The service's status and body (and its content type), never cached by the browser. */
export async function relayUpstream(reply: FastifyReply, upstream: Response): Promise<FastifyReply> {
  const body = upstream.status === 204 ? undefined : await upstream.text()
  reply.code(upstream.status).header('cache-control', PRIVATE_NO_STORE)
  const type = upstream.headers.get('content-type')
  if (type) reply.type(type)
  else if (body !== undefined) reply.type('application/json')
  // an abuse limit's answer (429) says when to try again (ADR 0024)
  const retryAfter = upstream.headers.get('retry-after')
  if (retryAfter) reply.header('retry-after', retryAfter)
  return reply.send(body)
}
