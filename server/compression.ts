/**
 * How responses are compressed on their way out (@fastify/compress, registered for the whole app).
 * Pages and API answers are compressed per response, so at fast levels, stated here rather than
 * left to the plugin's defaults (brotli at zlib's own default would be quality 11, far slower than
 * the render). Static files come precompressed at the strongest levels from the build
 * (scripts/precompress.ts). A response that already carries a Content-Encoding (a precompressed
 * file, a page stored compressed by a cache) is passed through as it is: that header is the
 * whole contract for code that compresses its own responses.
 */
import { constants as zlibConstants } from 'node:zlib'
import type { FastifyCompressOptions } from '@fastify/compress'

/** log2 of the brotli window for responses compressed on the fly. */
export const BROTLI_WINDOW_BITS = 18

export const compressionOptions: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  brotliOptions: {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
      // A 256 KiB window holds a whole page. Brotli's default window (4 MiB) is allocated for
      // every response compressed on the fly: side by side at 50 concurrent checkout renders,
      // 159 → 177–185 req/s and p99 859 → 457–472 ms (docs/benchmarks.md).
      [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
    },
  },
  zlibOptions: { level: 6 },
}

/** The encodings the server stores copies in (static files, cached pages). */
export type ContentCoding = 'br' | 'gzip'

/**
 * The first of `available` (in the server's order of preference) that an Accept-Encoding header
 * accepts: named with a q above 0, or covered by `*`. undefined: send the content as it is.
 */
export function preferredEncoding(
  header: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding | undefined {
  if (!header || available.length === 0) return undefined
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [coding = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='))
    const weight = q === undefined ? 1 : Number.parseFloat(q.slice(2))
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isNaN(weight) ? 0 : weight)
  }
  const wildcard = weights.get('*')
  return available.find((coding) => (weights.get(coding) ?? wildcard ?? 0) > 0)
}
