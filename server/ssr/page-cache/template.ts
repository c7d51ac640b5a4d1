/**
 * A cached page kept ready to send, with a fresh CSP nonce per response and no compression work
 * per response. The HTML is split where the render put its nonce; each segment is compressed
 * once as raw deflate ending on a full flush (byte-aligned, no back-reference into the next
 * segment), so a response is the gzip header, the segments with the nonce between them as
 * stored (uncompressed) deflate blocks, an empty final block and the trailer. The trailer's
 * CRC-32 is combined from the segments' precomputed CRCs (zlib's crc32_combine), so sending a
 * page never walks its bytes.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'

export interface PageTemplate {
  /** The uncompressed segments between nonces (for clients that take no gzip). */
  segments: Buffer[]
  /** Each segment as raw deflate ending on a full flush. */
  deflated: Buffer[]
  /** CRC-32 of each segment. */
  crcs: number[]
}

/** Splits `html` at every occurrence of `nonce` and compresses the segments once. */
export function compileTemplate(html: Buffer, nonce: string): PageTemplate {
  const needle = Buffer.from(nonce)
  const segments: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(needle, from); at !== -1; at = html.indexOf(needle, from)) {
    segments.push(html.subarray(from, at))
    from = at + needle.length
  }
  segments.push(html.subarray(from))
  return {
    segments: segments.map((segment) => Buffer.from(segment)),
    deflated: segments.map((segment) =>
      deflateRawSync(segment, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    ),
    crcs: segments.map((segment) => crc32(segment)),
  }
}

export function templateByteLength(template: PageTemplate): number {
  let total = 0
  for (const segment of template.segments) total += segment.length
  for (const segment of template.deflated) total += segment.length
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
