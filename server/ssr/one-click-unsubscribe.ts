/**
 * One-click unsubscribe (RFC 8058) for the newsletter and back-in-stock mails: their
 * `List-Unsubscribe` header names the unsubscribe page's URL and `List-Unsubscribe-Post` says a
 * POST to it with the body `List-Unsubscribe=One-Click` unsubscribes at once, so a mail program's
 * own button works without opening the page. A GET of the same URL stays the page, which asks
 * nothing either (docs/adr/0031-stock-mails.md).
 *
 * The signed token in the URL is the whole authority (it names the list and the address, and
 * cannot be made for another), so the POST needs neither a session nor a CSRF header: RFC 8058
 * forbids cookies on it, and a forged request could only do what the link's holder can.
 */
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { PRIVATE_NO_STORE } from '../security-headers'
import { callUpstream } from './upstream'

/** What RFC 8058 §3.2 says the POST carries. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click'
const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe'
/** The page's path under each URL mode: no prefix, a market, or a market and a language. */
const PATHS = [UNSUBSCRIBE_PATH, `/:market${UNSUBSCRIBE_PATH}`, `/:market/:language${UNSUBSCRIBE_PATH}`]
const API_TIMEOUT_MS = 10_000

const UNSUBSCRIBE = `mutation ($token: String!) { unsubscribeFromMails(token: $token) { outcome } }`

/** The body of a one-click POST, form-encoded or as a multipart form (RFC 8058 allows both). */
export function isOneClick(body: unknown): boolean {
  if (typeof body !== 'string') return false
  return (
    body.split('&').includes(ONE_CLICK_BODY) ||
    /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(
      body,
    )
  )
}

interface OneClickOptions {
  config: Pick<Config, 'apiKey' | 'services'>
  serviceFetch: typeof fetch
}

export default async function oneClickUnsubscribe(
  app: FastifyInstance,
  { config, serviceFetch }: OneClickOptions,
): Promise<void> {
  // RFC 8058 allows either form encoding; the body is read as text and only looked at
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) =>
      done(null, body),
    )
  }

  for (const url of PATHS) {
    app.post<{ Querystring: { token?: string }; Body: unknown }>(url, async (request, reply) => {
      reply.header('cache-control', PRIVATE_NO_STORE).type('text/plain; charset=utf-8')
      const token = typeof request.query.token === 'string' ? request.query.token : ''
      if (!token || !isOneClick(request.body)) {
        return reply.code(400).send(`Send ${ONE_CLICK_BODY} to the link of a mail to unsubscribe.`)
      }
      const upstream = await callUpstream(
        serviceFetch,
        config.services.api,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-apikey': config.apiKey },
          body: JSON.stringify({ query: UNSUBSCRIBE, variables: { token } }),
        },
        API_TIMEOUT_MS,
        request.log,
      )
      if (!upstream.ok) return reply.code(upstream.status).send('Please try again later.')
      const body = (await upstream.response.json().catch(() => null)) as {
        data?: { unsubscribeFromMails?: { outcome?: string } | null }
      } | null
      const outcome = body?.data?.unsubscribeFromMails?.outcome
      if (outcome === 'DONE' || outcome === 'ALREADY_DONE') return reply.code(200).send('Unsubscribed.')
      if (outcome === 'INVALID' || outcome === 'EXPIRED')
        return reply.code(400).send('This unsubscribe link is not valid.')
      request.log.warn({ status: upstream.response.status }, 'one-click unsubscribe: the API failed')
      return reply.code(502).send('Please try again later.')
    })
  }
}
