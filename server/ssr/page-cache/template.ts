/**
 * A cached page kept ready to send, with a fresh CSP nonce per response and no compression work
 * per response. The HTML is split where the render put its nonce, and compressed once in two
 * codings:
 *
 * - gzip: each segment as raw deflate ending on a full flush (byte-aligned, no back-reference
 *   into the next segment), so a response is the gzip header, the segments with the nonce
 *   between them as stored (uncompressed) deflate blocks, an empty final block and the trailer.
 *   The trailer's CRC-32 is combined from the segments' precomputed CRCs (zlib's crc32_combine),
 *   so sending a page never walks its bytes.
 * - brotli (ADR 0048): one stream over the whole page, compressed with a random placeholder of
 *   the nonce's shape where each nonce goes and flushed (byte-aligned) around it. The
 *   placeholder's compressed bytes are dropped; a response puts the nonce in their place as an
 *   uncompressed meta-block (RFC 7932 §9.2). Later segments may refer back across it, so the
 *   template is kept only once decoding it with two nonces that differ in every varying position
 *   gives the exact page both times: then no byte outside a nonce depends on the nonce.
 */
import { randomInt } from 'node:crypto'
import { brotliDecompressSync, constants, crc32, createBrotliCompress, deflateRawSync } from 'node:zlib'
import { BROTLI_WINDOW_BITS } from '../../compression'

export interface PageTemplate {
  /** The uncompressed segments between nonces (for clients that take no gzip). */
  segments: Buffer[]
  /** Each segment as raw deflate ending on a full flush. */
  deflated: Buffer[]
  /** CRC-32 of each segment. */
  crcs: number[]
  /** The page as brotli, when it could be stored so (see above); null: gzip only. */
  brotli: BrotliTemplate | null
}

export interface BrotliTemplate {
  /** Each segment's part of the one brotli stream, byte-aligned at both ends. */
  parts: Buffer[]
  /** The nonces this stream takes: this many bytes, ending in `nonceEnd`. */
  nonceLength: number
  /**
   * The nonce's last two bytes: brotli picks the code for a literal by the two bytes before it,
   * so the bytes after a nonce decode right only after the same two (base64 nonces of 16 bytes
   * all end in "==").
   */
  nonceEnd: string
}

/**
 * Brotli quality for a cached page: compressed once per fill, off the main thread, and sent
 * many times. Home (91 KB) on this machine: quality 5 gives 12.8 KiB in about 4 ms, 9 gives
 * 12.5 KiB in 20 ms, 10 gives 11.8 KiB in 40 ms, 11 gives 11.6 KiB in 75–90 ms.
 */
export const CACHED_PAGE_BROTLI_QUALITY = 10

/**
 * Splits `html` at every occurrence of `nonce` and compresses the segments once as gzip; the
 * brotli copy is `withBrotli`'s work.
 */
export function compileTemplate(html: Buffer, nonce: string): PageTemplate {
  const needle = Buffer.from(nonce)
  const segments: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    segments.push(Buffer.from(html.subarray(from, at)))
    from = at + needle.length
  }
  segments.push(Buffer.from(html.subarray(from)))
  return {
    segments,
    deflated: segments.map((segment) =>
      deflateRawSync(segment, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    ),
    crcs: segments.map((segment) => crc32(segment)),
    brotli: null,
  }
}

/**
 * The template with its brotli copy, for nonces shaped like `nonce` (the one it was split at).
 * `placeholder` makes the stand-ins for the nonce: random ones unless a test needs others.
 */
export async function withBrotli(
  template: PageTemplate,
  nonce: string,
  placeholder: (length: number, end: string) => string = nonceShaped,
): Promise<PageTemplate> {
  return { ...template, brotli: await compileBrotli(template.segments, nonce, placeholder) }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** Random base64 characters in front of `end`, `length` bytes in all. */
function nonceShaped(length: number, end: string): string {
  let text = ''
  while (text.length < length - end.length) text += BASE64[randomInt(BASE64.length)]
  return text + end
}

async function compileBrotli(
  segments: Buffer[],
  nonce: string,
  placeholder: (length: number, end: string) => string,
): Promise<BrotliTemplate | null> {
  // a page with no nonce, a nonce too short to have two fixed bytes and one that varies, or one
  // whose characters are not one byte each (the placeholders' bytes must line up with it)
  if (segments.length < 2 || nonce.length < 3 || Buffer.byteLength(nonce) !== nonce.length) return null
  const shape = { nonceLength: nonce.length, nonceEnd: nonce.slice(-2) }
  let parts: Buffer[]
  try {
    parts = await brotliParts(segments, () => placeholder(shape.nonceLength, shape.nonceEnd))
  } catch {
    return null // the page goes out as gzip
  }
  const template = { parts, ...shape }
  // two nonces that differ from each other in every byte that may vary
  const first = nonceShaped(shape.nonceLength, shape.nonceEnd)
  const second = [...first.slice(0, -2)]
    .map((char) => BASE64[(BASE64.indexOf(char) + 1) % BASE64.length])
    .join('')
    .concat(shape.nonceEnd)
  for (const probe of [first, second]) {
    const expected = Buffer.concat(
      segments.flatMap((segment, index) => (index ? [Buffer.from(probe), segment] : [segment])),
    )
    try {
      if (!brotliDecompressSync(brotliFromTemplate(template, probe)).equals(expected)) return null
    } catch {
      return null
    }
  }
  return template
}

/**
 * The brotli stream's part for each segment: written with a fresh placeholder before each
 * segment but the first, flushed after each, the placeholders' output dropped. Runs on zlib's
 * thread pool.
 */
function brotliParts(segments: Buffer[], placeholder: () => string): Promise<Buffer[]> {
  const encoder = createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: CACHED_PAGE_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: segments.reduce((total, segment) => total + segment.length, 0),
    },
  })
  const pending: Buffer[] = []
  encoder.on('data', (chunk: Buffer) => pending.push(chunk))
  const output = () => Buffer.concat(pending.splice(0))
  const flushed = (bytes: Buffer | string) =>
    new Promise<Buffer>((resolve, reject) => {
      encoder.once('error', reject)
      encoder.write(bytes)
      encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
        encoder.off('error', reject)
        resolve(output())
      })
    })
  return (async () => {
    const parts: Buffer[] = []
    for (const [index, segment] of segments.entries()) {
      if (index > 0) await flushed(placeholder())
      parts.push(await flushed(segment))
    }
    // the last, empty meta-block (ISLAST) ends the stream
    await new Promise<void>((resolve, reject) => {
      encoder.once('error', reject)
      encoder.once('end', resolve)
      encoder.end()
    })
    parts[parts.length - 1] = Buffer.concat([parts[parts.length - 1]!, output()])
    return parts
  })()
}

/** A non-last uncompressed brotli meta-block holding `bytes` (1 to 65536 of them). */
function uncompressedMetaBlock(bytes: Buffer): Buffer {
  // ISLAST 0 (1 bit), MNIBBLES 0 = four nibbles (2 bits), MLEN - 1 (16 bits), ISUNCOMPRESSED 1
  // (1 bit), then zero bits to the byte boundary; the bytes follow as they are
  const header = (bytes.length - 1) * 8 + (1 << 19)
  const block = Buffer.alloc(3 + bytes.length)
  block.writeUIntLE(header, 0, 3)
  bytes.copy(block, 3)
  return block
}

function brotliFromTemplate(template: BrotliTemplate, nonce: string): Buffer {
  const nonceBlock = uncompressedMetaBlock(Buffer.from(nonce))
  const parts: Buffer[] = []
  template.parts.forEach((part, index) => {
    if (index > 0) parts.push(nonceBlock)
    parts.push(part)
  })
  return Buffer.concat(parts)
}

/** The page brotli-compressed with `nonce` spliced in; null when the template has no brotli for it. */
export function brotliWithNonce(template: PageTemplate, nonce: string): Buffer | null {
  const brotli = template.brotli
  if (!brotli || nonce.length !== brotli.nonceLength || !nonce.endsWith(brotli.nonceEnd)) return null
  if (Buffer.byteLength(nonce) !== nonce.length) return null
  return brotliFromTemplate(brotli, nonce)
}

export function templateByteLength(template: PageTemplate): number {
  let total = 0
  for (const segment of template.segments) total += segment.length
  for (const segment of template.deflated) total += segment.length
  for (const part of template.brotli?.parts ?? []) total += part.length
  return total + template.crcs.length * 4
}

/** The page with `nonce` where the render put its own. */
export function htmlWithNonce(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const parts: Buffer[] = []
  template.segments.forEach((segment, index) => {
    if (index > 0) parts.push(nonceBytes)
    parts.push(segment)
  })
  return Buffer.concat(parts)
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff])
/** BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: ends the deflate stream. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

/** A non-final stored deflate block holding `bytes` (at most 65535 of them). */
function storedBlock(bytes: Buffer): Buffer {
  if (bytes.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes')
  const block = Buffer.alloc(5 + bytes.length)
  block[0] = 0x00
  block.writeUInt16LE(bytes.length, 1)
  block.writeUInt16LE(~bytes.length & 0xffff, 3)
  bytes.copy(block, 5)
  return block
}

/**
 * The CRC shift operator of each segment's length (and of the nonce's), worked out once per
 * template: with them a response's CRC costs two multiplications per nonce instead of two
 * O(log length) combinations (issue #9: crc32Combine was 7 % of a page-cache hit).
 */
const segmentShifts = new WeakMap<PageTemplate, number[]>()
const nonceShifts = new Map<number, number>()

function shiftsOf(template: PageTemplate): number[] {
  let shifts = segmentShifts.get(template)
  if (!shifts) {
    shifts = template.segments.map((segment) => x2nmodp(segment.length, 3))
    segmentShifts.set(template, shifts)
  }
  return shifts
}

function nonceShift(length: number): number {
  let shift = nonceShifts.get(length)
  if (shift === undefined) nonceShifts.set(length, (shift = x2nmodp(length, 3)))
  return shift
}

/** The page gzip-compressed with `nonce` spliced in. */
export function gzipWithNonce(template: PageTemplate, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const nonceBlock = storedBlock(nonceBytes)
  const nonceCrc = crc32(nonceBytes)
  const toNonce = nonceShift(nonceBytes.length)
  const shifts = shiftsOf(template)
  const parts: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  template.deflated.forEach((deflated, index) => {
    if (index > 0) {
      parts.push(nonceBlock)
      crc = (multmodp(toNonce, crc) ^ nonceCrc) >>> 0
      size += nonceBytes.length
    }
    parts.push(deflated)
    crc = index === 0 ? template.crcs[0]! : (multmodp(shifts[index]!, crc) ^ template.crcs[index]!) >>> 0
    size += template.segments[index]!.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  parts.push(FINAL_EMPTY_BLOCK, trailer)
  return Buffer.concat(parts)
}

// CRC-32 combination, after zlib's crc32.c (multmodp, x2nmodp, crc32_combine): the CRC of A
// followed by B from crc(A), crc(B) and B's length, in O(log length).
const POLY = 0xedb88320

function multmodp(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

const X2N_TABLE = (() => {
  const table = new Array<number>(32)
  let p = 1 << 30 // x^1
  table[0] = p
  for (let n = 1; n < 32; n++) table[n] = p = multmodp(p, p)
  return table
})()

/** x^(n * 2^k) modulo the CRC polynomial. */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000 // x^0
  while (n) {
    if (n & 1) p = multmodp(X2N_TABLE[k & 31]!, p)
    n = Math.floor(n / 2)
    k++
  }
  return p
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multmodp(x2nmodp(lengthB, 3), crcA) ^ crcB) >>> 0
}
