import type { FastifyReply, FastifyRequest } from 'fastify'
import { preferredEncoding } from '../../compression'
import { PRIVATE_NO_STORE } from '../../security-headers'
import { newNonce } from '../nonce'
import { CACHE_STATE_HEADER } from './headers'
import type { PassingPage } from './page-cache'
import type { CachedPage } from './store'
import { brotliWithNonce, gzipWithNonce, htmlWithNonce } from './template'

/** A kept page with this response's own nonce, compressed as the client takes it. */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  state: string,
  { freshSeconds, staleSeconds, now }: { freshSeconds: number; staleSeconds: number; now: () => number },
) {
  const nonce = newNonce()
  reply.code(page.status)
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value)
  reply
    .header('content-security-policy', page.csp.join(nonce))
    .header(
      'cache-control',
      `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${staleSeconds}`,
    )
    // the other parts of the key (market, language, customer type) are in the URL or in
    // cookies a CDN must key on explicitly: docs/deploy.md
    .header('vary', 'Accept-Encoding')
    .header('age', String(Math.max(0, Math.floor((now() - page.storedAt) / 1000))))
    .header(CACHE_STATE_HEADER, state)
  // brotli when the client takes it and the template has it, else gzip, else the plain page
  const accepted = request.headers['accept-encoding']
  const brotli =
    preferredEncoding(accepted, ['br', 'gzip']) === 'br' ? brotliWithNonce(page.template, nonce) : null
  if (brotli) return reply.header('content-encoding', 'br').send(brotli)
  if (preferredEncoding(accepted, ['gzip']))
    return reply.header('content-encoding', 'gzip').send(gzipWithNonce(page.template, nonce))
  return reply.send(htmlWithNonce(page.template, nonce))
}

/** A shared render's answer that is not kept (a 503), with this response's own nonce. */
export function sendPassing(reply: FastifyReply, page: PassingPage) {
  const nonce = newNonce()
  reply.code(page.status)
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value)
  return reply
    .header('content-security-policy', page.csp.join(nonce))
    .header('cache-control', PRIVATE_NO_STORE)
    .header(CACHE_STATE_HEADER, 'bypass')
    .send(htmlWithNonce(page.template, nonce))
}
