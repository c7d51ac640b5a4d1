/**
 * Build step: writes brotli (`.br`) and gzip (`.gz`) copies beside every compressible file of the
 * client build, at the strongest levels, once. The server sends these files as they are
 * (@fastify/static `preCompressed`), so no request pays for compressing a script again.
 */
import path from 'node:path'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { brotliCompress, constants } from 'node:zlib'
import { gzipAsync as zopfliGzip } from '@gfx/zopfli'

const brotli = promisify(brotliCompress)
/**
 * Zopfli's passes over each block: 5 gets all but about 0.1 % of what its default 15 gets on the
 * entry script, in two thirds of the time.
 */
const ZOPFLI_ITERATIONS = 5

/** Text formats worth compressing; images and fonts are compressed by their own format already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.xml',
  '.txt',
  '.map',
  '.ico',
])

export interface PrecompressSummary {
  /** Compressible files looked at. */
  files: number
  /** Compressed copies written (a file may get a .br, a .gz, both or neither). */
  written: number
  originalBytes: number
  brotliBytes: number
  gzipBytes: number
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name))
}

export function compressBrotli(content: Buffer): Promise<Buffer> {
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  })
}

/**
 * gzip written by Zopfli: the same format every gzip reader takes, 3–4 % smaller than zlib's
 * strongest level on the entry script (what a browser without brotli downloads; issue #9's
 * first-load budget is counted in gzip).
 */
export async function compressGzip(content: Buffer): Promise<Buffer> {
  return Buffer.from(await zopfliGzip(content, { numiterations: ZOPFLI_ITERATIONS }))
}

/**
 * Compresses every compressible file under the directory. A copy is written only when it is
 * smaller than the original: otherwise the server sends the original, as it would anyway.
 */
export async function precompressDirectory(directory: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, written: 0, originalBytes: 0, brotliBytes: 0, gzipBytes: 0 }
  const files = (await filesUnder(directory)).filter(isCompressible)
  // brotli (zlib) runs on libuv's thread pool, in parallel; Zopfli (WebAssembly) on this thread.
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      const [brotliCopy, gzipCopy] = await Promise.all([compressBrotli(content), compressGzip(content)])
      summary.files += 1
      summary.originalBytes += content.length
      for (const [copy, extension] of [
        [brotliCopy, '.br'],
        [gzipCopy, '.gz'],
      ] as const) {
        const kept = copy.length < content.length
        if (kept) {
          await writeFile(`${file}${extension}`, copy)
          summary.written += 1
        }
        const sent = kept ? copy.length : content.length
        if (extension === '.br') summary.brotliBytes += sent
        else summary.gzipBytes += sent
      }
    }),
  )
  return summary
}
