/**
 * The storefront's HTTP side: static files (hashed assets cached for a year), the Vite dev server
 * in development, and the streaming React render for every page.
 */
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { ViteDevServer } from 'vite'
import type { Config } from '../config'
import { shopOrigin } from '../shop-origin'
import type { Database } from '../db'
import type { EntryServer } from '../../src/shared/server-entry'
import { renderPage } from './render'
import { handleQaParam } from './qa-access'
import { createPageCache, sharedPageEntry, type PageCache } from './page-cache'
import { loadAssetManifest, devAssets, type AssetManifest } from './assets'
import { HASHED_ASSETS_DIR, IMMUTABLE, registerHashedAssets } from './hashed-assets'
import sitemap from './sitemap'
import oneClickUnsubscribe from './one-click-unsubscribe'
import { REPO_ROOT } from '../repo-root'
import { selfOrigin } from '../services/shared/service-fetch'
import type { TokenVerifier } from '../services/shared/auth-tokens'

export interface SsrOptions {
  config: Config
  serviceFetch: typeof fetch
  dev: boolean
  database: Database
  /** verifies the shopper's session token for the render (server/ssr/session.ts) */
  verifier: TokenVerifier
  /** Receives the shared page cache, so the app can expose it (tests, operators). */
  onPageCache?: (cache: PageCache) => void
}

const root = REPO_ROOT
export const clientDist = path.join(root, 'dist/client')
const serverEntry = path.join(root, 'dist/server/entry-server.js')

export default async function ssr(
  app: FastifyInstance,
  { config, serviceFetch, dev, database, verifier, onPageCache }: SsrOptions,
) {
  let vite: ViteDevServer | undefined
  let entry: EntryServer | undefined
  let manifest: AssetManifest | undefined

  if (dev) {
    const { createServer } = await import('vite')
    vite = await createServer({
      root,
      server: { middlewareMode: true, hmr: { port: config.port + 1000 } },
      appType: 'custom',
    })
    await app.register((await import('@fastify/middie')).default)
    app.use(vite.middlewares)
    app.addHook('onClose', async () => vite?.close())
  } else {
    manifest = await loadAssetManifest(clientDist)
    entry = (await import(serverEntry)) as EntryServer
    // Hashed assets never change under their name: sent from memory, cached for a year.
    await registerHashedAssets(app, clientDist)
    // The rest of the build output: the service worker must always be revalidated to see
    // updates; the rest of public/ (manifest, icons) keeps its names and gets a short cache.
    // The build wrote brotli and gzip copies beside each text file (scripts/precompress.ts):
    // they are sent as they are, with Content-Encoding and Vary set, so @fastify/compress leaves
    // them alone. The copies are reached only through their original's URL.
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      globIgnore: [`${HASHED_ASSETS_DIR}/**`],
      allowedPath: (pathname) => !pathname.startsWith('/.vite') && !isPrecompressedCopy(pathname),
      setHeaders(reply, filePath) {
        const relative = path.relative(clientDist, filePath)
        reply.header('cache-control', cacheControlFor(relative))
      },
    })
  }

  // Served by the app, not from public/: a static file would need to know the public URL.
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(shopOrigin(request, config))),
  )
  await app.register(sitemap, { config, serviceFetch })
  await app.register(oneClickUnsubscribe, { config, serviceFetch })

  // Server-side queries run in process when the commerce API is this process's own /graphql.
  const graphqlExecutor =
    isOwnApi(config) && app.hasDecorator('graphqlExecutor')
      ? (headers: Record<string, string>) => app.graphqlExecutor(headers)
      : undefined

  const render = async (request: FastifyRequest, reply: FastifyReply, sharedPage: boolean) => {
    if (vite) {
      entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServer
      manifest = devAssets()
    }
    const pageEntry = sharedPage ? sharedPageEntry(entry!, reply) : entry!
    return renderPage(request, reply, {
      entry: pageEntry,
      manifest: manifest!,
      config,
      serviceFetch,
      graphqlExecutor,
      verifier,
      dev,
    })
  }
  // Pages every shopper sees alike come from the shared page cache (not in development: Vite
  // serves changing modules there).
  const pageCache =
    !dev && config.pageCache.enabled ? await createPageCache({ app, config, database, render }) : null
  if (pageCache) onPageCache?.(pageCache.cache)
  app.get('/*', (request, reply) => {
    // `?qa=` turns the QA console on or off for this browser, then comes back without it
    if (handleQaParam(request, reply, { qaKey: config.qaKey, publicUrl: config.publicUrl })) return reply
    return pageCache ? pageCache.handle(request, reply) : render(request, reply, false)
  })
}

/** Whether API_URL is the commerce API embedded in this process (the default configuration). */
export function isOwnApi(config: Pick<Config, 'host' | 'port' | 'services'>): boolean {
  const api = new URL(config.services.api)
  return api.origin === selfOrigin(config) && api.pathname === '/graphql' && api.search === ''
}

/** Everything shoppers see may be crawled; the API, BFF and payment pages may not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /graphql',
    'Disallow: /pay/',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n')
}

const PRECOMPRESSED_COPY = /\.(br|gz)$/

function isPrecompressedCopy(pathname: string): boolean {
  return PRECOMPRESSED_COPY.test(pathname)
}

/** The caching of a built file, by the path of its original (sw.js.br is cached as sw.js). */
export function cacheControlFor(relativePath: string): string {
  const original = relativePath.replace(PRECOMPRESSED_COPY, '')
  if (original.startsWith(`${HASHED_ASSETS_DIR}${path.sep}`)) return IMMUTABLE
  if (original === 'sw.js') return 'no-cache'
  return 'public, max-age=3600'
}
