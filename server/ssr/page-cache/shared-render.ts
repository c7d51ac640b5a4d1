/**
 * The shared render: the page rendered by an internal request that carries only the cookies every
 * shopper of the key shares, and a secret proving it is this process's own.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { REQUEST_ID_HEADER } from '../../services/shared/request-context'
import { SERVICE_UNAVAILABLE_STATUS } from '../../../src/shared/service-unavailable'
import { CACHE_TAGS_HEADER, NOT_REPLAYED, SHARED_RENDER_HEADER } from './headers'
import { normaliseQuery, SHARED_RENDER_COOKIES } from './key'
import type { SharedRender } from './page-cache'
import { compileTemplate, withBrotli } from './template'

function cookieHeader(cookies: Record<string, string | undefined>): string {
  return SHARED_RENDER_COOKIES.flatMap((name) => {
    const value = cookies[name]
    return value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]
  }).join('; ')
}

export interface SharedRenderer {
  isSharedRender(request: FastifyRequest): boolean
  renderShared(request: FastifyRequest): Promise<SharedRender>
}

export function createSharedRenderer(app: FastifyInstance): SharedRenderer {
  // Proves an internal request is this process's own shared render, not a forged header.
  const sharedRenderSecret = randomBytes(32).toString('base64url')
  const isSharedRender = (request: FastifyRequest) => {
    const presented = request.headers[SHARED_RENDER_HEADER]
    if (typeof presented !== 'string' || presented.length !== sharedRenderSecret.length) return false
    return timingSafeEqual(Buffer.from(presented), Buffer.from(sharedRenderSecret))
  }

  async function renderShared(request: FastifyRequest): Promise<SharedRender> {
    const url = new URL(request.url, 'http://internal')
    const cookie = cookieHeader(request.cookies)
    const response = await app.inject({
      method: 'GET',
      url: url.pathname + normaliseQuery(url.search),
      headers: {
        host: request.host,
        'x-forwarded-proto': request.protocol,
        [SHARED_RENDER_HEADER]: sharedRenderSecret,
        // the render's log lines carry the asking request's id
        [REQUEST_ID_HEADER]: request.id,
        ...(cookie ? { cookie } : {}),
      },
    })
    const unavailable = response.statusCode === SERVICE_UNAVAILABLE_STATUS
    if (response.statusCode !== 200 && response.statusCode !== 404 && !unavailable)
      return { shareable: false, reason: `status ${response.statusCode}` }
    if (response.headers['set-cookie'] !== undefined) return { shareable: false, reason: 'set-cookie' }
    const csp = String(response.headers['content-security-policy'] ?? '')
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    if (!nonce) return { shareable: false, reason: 'no nonce' }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    // a service did not answer: everyone asking now gets this page, nobody later (never stored)
    if (unavailable) {
      const passing = {
        status: response.statusCode,
        headers,
        csp: csp.split(nonce),
        template: compileTemplate(response.rawPayload, nonce),
      }
      return { shareable: false, reason: `status ${response.statusCode}`, passing }
    }
    return {
      shareable: true,
      page: {
        status: response.statusCode,
        headers,
        csp: csp.split(nonce),
        template: await withBrotli(compileTemplate(response.rawPayload, nonce), nonce),
        tags: String(response.headers[CACHE_TAGS_HEADER] ?? '')
          .split(' ')
          .filter(Boolean),
      },
    }
  }

  return { isSharedRender, renderShared }
}
