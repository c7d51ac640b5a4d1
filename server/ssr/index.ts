/**
 * The storefront's HTTP side: static files (hashed assets cached for a year), the Vite dev server
 * in development, and the streaming React render for every page.
 */
import path from 'node:path'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import type { ViteDevServer } from 'vite'
import type { Config } from '../config'
import { renderPage, type EntryServer } from './render'
import { loadAssetManifest, devAssets, type AssetManifest } from './assets'

export interface SsrOptions {
  config: Config
  serviceFetch: typeof fetch
  dev: boolean
}

const root = path.resolve(import.meta.dirname, '../..')
export const clientDist = path.join(root, 'dist/client')
const serverEntry = path.join(root, 'dist/server/entry-server.js')

export default async function ssr(app: FastifyInstance, { config, serviceFetch, dev }: SsrOptions) {
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
    // Hashed build output never changes under its name: cache it for a year.
    await app.register(fastifyStatic, {
      root: path.join(clientDist, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
      wildcard: true,
    })
    // Files copied from public/ (manifest, icons, favicon): short cache, they keep their names.
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      maxAge: '1h',
      allowedPath: (pathname) => !pathname.startsWith('/.vite') && !pathname.endsWith('.html'),
    })
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (vite) {
      entry = (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServer
      manifest = devAssets()
    }
    return renderPage(request, reply, { entry: entry!, manifest: manifest!, config, serviceFetch, dev })
  }
  app.get('/*', handler)

  // The service worker must be served from the root with no caching, so updates are seen at once.
  if (!dev) {
    app.get('/sw.js', async (_request, reply) => {
      const file = path.join(clientDist, 'sw.js')
      const body = await readFile(file).catch(() => null)
      if (!body) return reply.code(404).send()
      return reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(body)
    })
  }
}
