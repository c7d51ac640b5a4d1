/**
 * Streams one page: asks the app's server entry to resolve the URL and run the route loaders, then
 * writes the document head at once and pipes React's stream into the body.
 */
import { randomBytes } from 'node:crypto'
import { Transform } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { PipeableStream, RenderToPipeableStreamOptions } from 'react-dom/server'
import type { Config } from '../config'
import type { AssetManifest } from './assets'
import type { UrlSettings } from '../../src/lib/paths'

export interface PrepareContext {
  urlSettings: UrlSettings
  publicUrl: string
  apiUri: string
  apiHeaders: Record<string, string>
  fetch: typeof fetch
  cookies: Record<string, string>
  host: string
  userAgent: string
  nonce: string
  isProduction: boolean
  /** Rendered for the shared page cache: the shopper's own state is left to the browser. */
  sharedPage?: boolean
}

export type Prepared =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page'
      status: number
      /** Escaped tags for <head>: title, meta, links. */
      headHtml: string
      lang: string
      /** The JSON the client boots from, already escaped for a script element. */
      bootJson: string
      /** The page's route module source path (for preloading its chunk). */
      routeModule?: string
      /** Errors the route loaders threw (the page shows the error page); logged when ≥ 500. */
      errors: unknown[]
      /** A public page the service worker may keep for offline reading (no checkout or account page). */
      offlineCacheable: boolean
      /** What the page shows, for the page cache's invalidation (src/app/cache-tags.ts). */
      cacheTags: string[]
      render(options: RenderToPipeableStreamOptions): PipeableStream
    }

export interface EntryServer {
  prepare(request: Request, context: PrepareContext): Promise<Prepared>
}

interface RenderOptions {
  entry: EntryServer
  manifest: AssetManifest
  config: Config
  serviceFetch: typeof fetch
  dev: boolean
}

const ABORT_AFTER_MS = 10_000
/** Tells the service worker (sw/sw.ts) a page may be kept for offline reading. */
export const OFFLINE_CACHE_HEADER = 'x-lumo-offline'
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

export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  if (dev) return ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ')
}

export async function renderPage(request: FastifyRequest, reply: FastifyReply, options: RenderOptions) {
  const { entry, manifest, config, serviceFetch, dev } = options
  const nonce = randomBytes(16).toString('base64')
  const cookies = request.cookies as Record<string, string>
  const apiHeaders: Record<string, string> = { 'X-ApiKey': config.apiKey }
  const token = cookies['lumo-auth']
  if (token) apiHeaders.Authorization = `Bearer ${token}`

  const prepared = await entry.prepare(toWebRequest(request), {
    urlSettings: { mode: config.urlMode, marketDomains: config.marketDomains },
    publicUrl: config.publicUrl,
    apiUri: config.services.api,
    apiHeaders,
    fetch: serviceFetch,
    cookies,
    host: request.host,
    userAgent: request.headers['user-agent'] ?? '',
    nonce,
    isProduction: config.isProduction,
  })

  if (prepared.kind === 'redirect') {
    return reply
      .code(prepared.status)
      .header('location', prepared.location)
      .header('cache-control', 'no-store')
      .send()
  }

  if (prepared.status >= 500)
    for (const error of prepared.errors) request.log.error({ err: error }, 'route error')
  const assets = manifest.forRoute(prepared.routeModule)
  const head = [
    '<!doctype html>',
    `<html lang="${attr(prepared.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    prepared.headHtml,
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${attr(href)}">`),
    ...assets.modulepreload.map((href) => `<link rel="modulepreload" href="${attr(href)}">`),
    assets.devHead ?? '',
    '</head>',
    '<body>',
    '<div id="root">',
  ].join('')
  const tail = [
    '</div>',
    `<script nonce="${nonce}">window.__LUMO__=${prepared.bootJson}</script>`,
    `<script type="module" nonce="${nonce}" src="${attr(assets.entry)}"></script>`,
    '</body></html>',
  ].join('')

  const csp = contentSecurityPolicy(nonce, dev)
  return new Promise<FastifyReply>((resolve, reject) => {
    // React ends the stream it pipes into; the document's tail follows its last chunk.
    const body = new Transform({
      transform(chunk, _encoding, callback) {
        callback(null, chunk)
      },
      flush(callback) {
        this.push(tail)
        callback()
      },
    })
    let status = prepared.status
    const stream = prepared.render({
      nonce,
      onShellReady() {
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'strict-origin-when-cross-origin')
        if (csp) reply.header('content-security-policy', csp)
        if (prepared.offlineCacheable) reply.header(OFFLINE_CACHE_HEADER, 'cache')
        body.push(head)
        stream.pipe(body)
        resolve(reply.send(body))
      },
      onShellError(error) {
        reject(error)
      },
      onError(error) {
        status = 500
        request.log.error(error)
      },
    })
    setTimeout(() => stream.abort(), ABORT_AFTER_MS).unref()
  })
}
