/**
 * The build's hashed assets (dist/client/assets: scripts, styles, message catalogues) served
 * from memory (issue #9). A hashed file never changes under its name, so each one is read once at
 * start with the brotli and gzip copies the build wrote beside it (scripts/precompress.ts), and a
 * request costs one map look-up and one write: no stat, open, read stream or directory listing
 * per request (what @fastify/static does, and what made the largest script 0.07× /robots.txt).
 * The rest of the build output (service worker, manifest, icons) stays with @fastify/static.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { preferredEncoding, type ContentCoding } from '../compression'

/** Where the hashed assets are, under the build output and in URLs. */
export const HASHED_ASSETS_DIR = 'assets'
export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Content types of what Vite writes into assets/ (text types in UTF-8, as the build writes them). */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
}

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

export interface HashedAsset {
  contentType: string
  /** Weak: one validator for all encodings of the same content. */
  etag: string
  identity: Buffer
  /** The build's compressed copies, when it wrote them (only when smaller than the original). */
  encoded: Partial<Record<ContentCoding, Buffer>>
}

const COPY_EXTENSIONS: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' }
const IS_COPY = /\.(br|gz)$/

/** Every file of the directory (with its compressed copies), keyed by its file name. */
export async function loadHashedAssets(directory: string): Promise<Map<string, HashedAsset>> {
  const names = await readdir(directory, { withFileTypes: true }).then((entries) =>
    entries.filter((entry) => entry.isFile()).map((entry) => entry.name),
  )
  const present = new Set(names)
  const assets = new Map<string, HashedAsset>()
  await Promise.all(
    names
      .filter((name) => !IS_COPY.test(name))
      .map(async (name) => {
        const identity = await readFile(path.join(directory, name))
        const encoded: HashedAsset['encoded'] = {}
        for (const coding of Object.keys(COPY_EXTENSIONS) as ContentCoding[]) {
          const copy = `${name}${COPY_EXTENSIONS[coding]}`
          if (present.has(copy)) encoded[coding] = await readFile(path.join(directory, copy))
        }
        const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22)
        assets.set(name, { contentType: contentTypeOf(name), etag: `W/"${hash}"`, identity, encoded })
      }),
  )
  return assets
}

/** Weak comparison of If-None-Match against the asset's ETag (`*` matches any). */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = etag.replace(/^W\//, '')
  return ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque)
}

/** The response for one asset: the best encoding the browser accepts, or a 304. */
export function sendHashedAsset(request: FastifyRequest, reply: FastifyReply, asset: HashedAsset) {
  const codings = Object.keys(asset.encoded) as ContentCoding[]
  reply
    .header('content-type', asset.contentType)
    .header('cache-control', IMMUTABLE)
    .header('etag', asset.etag)
  // the body depends on Accept-Encoding only when there is a copy to choose
  if (codings.length > 0) reply.header('vary', 'Accept-Encoding')
  if (notModified(request.headers['if-none-match'], asset.etag)) return reply.code(304).send()
  const coding = preferredEncoding(request.headers['accept-encoding'], codings)
  if (coding) return reply.header('content-encoding', coding).send(asset.encoded[coding])
  return reply.send(asset.identity)
}

/**
 * GET (and HEAD) under /assets/, answered from memory. A name the build did not write (a copy's
 * own name, a script of an older build) is a plain 404, not a page.
 */
export async function registerHashedAssets(app: FastifyInstance, clientDist: string) {
  const directory = path.join(clientDist, HASHED_ASSETS_DIR)
  const assets = await loadHashedAssets(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return new Map<string, HashedAsset>()
    throw error
  })
  app.get<{ Params: { '*': string } }>(`/${HASHED_ASSETS_DIR}/*`, (request, reply) => {
    const asset = assets.get(request.params['*'])
    return asset ? sendHashedAsset(request, reply, asset) : reply.callNotFound()
  })
}
