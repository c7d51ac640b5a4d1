/**
 * Streams one page: asks the app's server entry to resolve the URL and run the route loaders, then
 * writes the document head at once and pipes React's stream into the body.
 */
import { Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config'
import type { AssetManifest, PageAssets } from './assets'
import type { EntryServer } from '../../src/shared/server-entry'
import type { GraphqlExecutor } from '../../src/shared/graphql-executor'
import type { TokenVerifier } from '../services/shared/auth-tokens'
import { sessionUserOf, verifiedSession } from './session'
import { qaConsoleEnabled } from './qa-access'
import { newNonce } from './nonce'
import { entryScriptTag } from './entry-script'
import { PRIVATE_NO_STORE } from '../security-headers'
import { tagManagerSources, type TagManagerConfig } from '../../src/shared/tag-manager'
import { OFFLINE_CACHE_HEADER } from '../../src/shared/storefront-api'
import { SHOP_ORIGIN_HEADER, shopOrigin } from '../shop-origin'
import { deadline, fetchWithin, untilAborted } from '../../src/shared/deadline'
import { SERVICE_UNAVAILABLE_STATUS } from '../../src/shared/service-unavailable'
import { DEFAULT_BREAKER } from '../services/shared/circuit-breaker'
import { closedByClient } from '../request-log'

interface RenderOptions {
  entry: EntryServer
  manifest: AssetManifest
  config: Config
  serviceFetch: typeof fetch
  /** Builds the in-process API for one page's headers; absent when API_URL is another server. */
  graphqlExecutor?: (headers: Record<string, string>) => GraphqlExecutor
  /** verifies the `lumo-auth` token: the page's user comes only from a verified one */
  verifier: TokenVerifier
  dev: boolean
}

const ABORT_AFTER_MS = 10_000
/**
 * A page that is 503 because a service did not answer: ask again once the service's circuit may
 * have closed (server/services/shared/circuit-breaker.ts).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = Math.ceil(DEFAULT_BREAKER.openMs / 1000)
/** Tells the service worker (sw/sw.ts) a page may be kept for offline reading. */
export { OFFLINE_CACHE_HEADER }
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function toWebRequest(request: FastifyRequest): Request {
  // Concatenated, not resolved: a path starting with '//' must stay a path, not become a host.
  const url = new URL(`${request.protocol}://${request.host}${request.url}`)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return new Request(url, { method: request.method === 'HEAD' ? 'GET' : request.method, headers })
}

/**
 * The `<link rel="preload" as="image">` tags at the very start of React's first chunk (React
 * writes the resources a render asked for before the markup), and the rest of the chunk.
 */
export function splitLeadingImagePreloads(html: string): [preloads: string, rest: string] {
  // React writes `as` before `href` for a preload() with a srcset, after it for one without
  const leading = /^(?:<link rel="preload"(?=[^>]*\sas="image")[^>]*>)+/.exec(html)
  return leading ? [leading[0], html.slice(leading[0].length)] : ['', html]
}

/**
 * The page's CSS inline in one <style> (no render-blocking request; it is a few KB gzip), each
 * file then named by a disabled <link>: the browser does not fetch it, but Vite's loader sees
 * it and does not load it again when a later route chunk lists it. Links when not inlined (dev).
 */
function stylesheetTags(assets: PageAssets): string[] {
  if (assets.inlineCss === undefined)
    return assets.stylesheets.map((href) => `<link rel="stylesheet" href="${attr(href)}">`)
  return [
    `<style>${assets.inlineCss.replace(/<\/style/gi, '<\\/style')}</style>`,
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${attr(href)}" disabled>`),
  ]
}

/**
 * The page's policy. With a tag manager (GTM_ID) its script origin and Google's measurement
 * hosts may load, fetch and send beacons; the page adds its script only after the shopper's
 * consent (src/features/consent, ADR 0035), and 'strict-dynamic' trusts it as inserted by the
 * page's own nonced script.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev: boolean,
  tagManager: TagManagerConfig | null = null,
): string {
  if (dev) return ''
  const tags = tagManager ? tagManagerSources(tagManager) : []
  const withTags = (...own: string[]) => [...own, ...tags].join(' ')
  return [
    "default-src 'self'",
    `script-src ${withTags("'self'", `'nonce-${nonce}'`, "'strict-dynamic'")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${withTags("'self'", 'data:', 'blob:')}`,
    "font-src 'self'",
    `connect-src ${withTags("'self'")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

export async function renderPage(request: FastifyRequest, reply: FastifyReply, options: RenderOptions) {
  const { entry, manifest, config, serviceFetch, graphqlExecutor, verifier, dev } = options
  const nonce = newNonce()
  const cookies = request.cookies as Record<string, string>
  // one host for the whole journey: the page's links and the API's (payment return pages, mails)
  const origin = shopOrigin(request, config)
  const apiHeaders: Record<string, string> = { 'X-ApiKey': config.apiKey, [SHOP_ORIGIN_HEADER]: origin }
  // One deadline for every outside service the page calls (PAGE_DEADLINE_MS): when it passes,
  // what has not come is left out, and the page goes out (docs/architecture.md, "Deadlines").
  const pageDeadline = deadline(
    config.pageDeadlineMs,
    [],
    `The page's services did not answer within ${config.pageDeadlineMs} ms`,
  )
  // a token that does not verify (junk, expired, forged) is no session: no user, no bearer; nor
  // is one the auth service's keys did not come to verify within half the page's deadline (the
  // first page after a start fetches them), so the page's data keeps the other half
  const sessionDeadline = deadline(config.pageDeadlineMs / 2, [pageDeadline.signal])
  const session = await untilAborted(
    verifiedSession(verifier, request.headers.cookie),
    sessionDeadline.signal,
    null,
  ).finally(() => sessionDeadline.done())
  if (session) apiHeaders.Authorization = `Bearer ${session.token}`

  const prepared = await entry
    .prepare(toWebRequest(request), {
      urlSettings: { mode: config.urlMode, marketDomains: config.marketDomains },
      publicUrl: origin,
      apiUri: config.services.api,
      apiHeaders,
      fetch: fetchWithin(serviceFetch, pageDeadline.signal),
      searchUri: config.services.search,
      executeGraphql: graphqlExecutor?.(apiHeaders),
      cookies,
      // a Host header is the client's to write: in path mode the page names only the shop's own host
      host: config.urlMode === 'domain' ? request.host : new URL(origin).host,
      userAgent: request.headers['user-agent'] ?? '',
      nonce,
      isProduction: config.isProduction,
      tagManager: config.tagManager,
      session: session
        ? { user: sessionUserOf(session.user), expiresAt: session.user.expiresAt.getTime() }
        : null,
      qaConsole: qaConsoleEnabled(request.headers.cookie, config.qaKey),
    })
    .finally(() => pageDeadline.done())

  if (prepared.kind === 'redirect') {
    return reply
      .code(prepared.status)
      .header('location', prepared.location)
      .header('cache-control', PRIVATE_NO_STORE)
      .send()
  }

  if (prepared.status >= 500)
    for (const error of prepared.errors) request.log.error({ err: error }, 'route error')
  const assets = manifest.forRoute(prepared.routeModule, prepared.messagesModule)
  // The head goes out in two parts so that the image preloads React emits for the page's LCP
  // image (ProductImage's `preload()`) can be moved in between, ahead of styles and scripts.
  const headStart = [
    '<!doctype html>',
    `<html lang="${attr(prepared.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
  ].join('')
  const headRest = [
    prepared.headHtml,
    ...stylesheetTags(assets),
    ...assets.modulepreload.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
    // crossorigin: the client's fetch() is a CORS-mode request, and a preload only serves its match
    prepared.messagesUrl
      ? `<link rel="preload" as="fetch" href="${attr(prepared.messagesUrl)}" crossorigin>`
      : '',
    assets.devHead ?? '',
    '</head>',
    '<body>',
    '<div id="root">',
  ].join('')
  const tail = [
    '</div>',
    `<script nonce="${nonce}">window.__LUMO__=${prepared.bootJson}</script>`,
    entryScriptTag(nonce, assets.entry),
    '</body></html>',
  ].join('')

  const csp = contentSecurityPolicy(nonce, dev, config.tagManager)
  return new Promise<FastifyReply>((resolve, reject) => {
    // React ends the stream it pipes into; the document's head goes before its first chunk
    // (taking the image preloads that chunk starts with) and the tail after its last.
    let headSent = false
    const body = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (headSent) return callback(null, chunk)
        headSent = true
        const [preloads, rest] = splitLeadingImagePreloads(chunk.toString('utf8'))
        callback(null, headStart + preloads + headRest + rest)
      },
      flush(callback) {
        if (!headSent) this.push(headStart + headRest)
        this.push(tail)
        callback()
      },
    })
    let status = prepared.status
    const stream = prepared.render({
      nonce,
      onShellReady() {
        reply.code(status).type('text/html; charset=utf-8').header('cache-control', PRIVATE_NO_STORE)
        if (status === SERVICE_UNAVAILABLE_STATUS)
          reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        if (csp) reply.header('content-security-policy', csp)
        if (prepared.offlineCacheable) reply.header(OFFLINE_CACHE_HEADER, 'cache')
        stream.pipe(body)
        resolve(reply.send(body))
      },
      onShellError(error) {
        reject(error)
      },
      onError(error) {
        // the browser went away: React stops rendering for nobody; not the shop's error
        if (closedByClient(request, reply)) {
          request.log.debug(
            { code: (error as { code?: unknown } | null)?.code },
            'render stopped: client closed request',
          )
          return
        }
        status = 500
        request.log.error({ err: error }, 'render error')
      },
    })
    setTimeout(() => stream.abort(), ABORT_AFTER_MS).unref()
  })
}
