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

export const compressionOptions: FastifyCompressOptions = {
  global: true,
  threshold: 1024,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
}
