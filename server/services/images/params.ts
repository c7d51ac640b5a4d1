/**
 * The image service's request grammar (docs/service-contracts.md#lists-and-images): `/img/{type}/{sizeFolder}/{fileName}`
 * with `?format=webp|avif|jpeg&q=1..100`. Everything a client can vary is validated here, so the
 * renderer only ever sees sizes and qualities inside the limits.
 */
import { z } from 'zod'
import {
  allowedSize,
  IMAGE_QUALITY,
  MAX_DIMENSION,
  MIN_DIMENSION,
  sizeFolderName,
  type ImageFormat,
  type ImageSize,
} from '../../../src/shared/image-sizes'

export { MAX_DIMENSION, MIN_DIMENSION }

export const IMAGE_TYPES = ['product', 'cms'] as const
export type ImageType = (typeof IMAGE_TYPES)[number]

export const OUTPUT_FORMATS = ['avif', 'webp', 'jpeg'] as const satisfies readonly ImageFormat[]
export type OutputFormat = (typeof OUTPUT_FORMATS)[number]

/** Per-format defaults, and the only qualities rendered (src/shared/image-sizes.ts). */
export const DEFAULT_QUALITY: Readonly<Record<OutputFormat, number>> = IMAGE_QUALITY

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

/**
 * `800w`: width only, height follows the image's ratio. `1000f1250`: fill the box exactly
 * (cover, cropped to the centre). `800x1000`: fit inside the box (contain), ratio kept.
 */
export type SizeFolder = ImageSize

export interface ImageVariant {
  type: ImageType
  fileName: string
  size: SizeFolder
  format: OutputFormat
  quality: number
  /** True when the format came from the Accept header, so the response must say `Vary: Accept`. */
  negotiated: boolean
}

const dimension = (name: string) =>
  z.coerce
    .number()
    .int(`${name} must be a whole number`)
    .min(MIN_DIMENSION, `${name} must be at least ${MIN_DIMENSION}`)
    .max(MAX_DIMENSION, `${name} must be at most ${MAX_DIMENSION}`)

const PathParams = z.object({
  type: z.enum(IMAGE_TYPES, `type must be one of ${IMAGE_TYPES.join(', ')}`),
  sizeFolder: z.string(),
  fileName: z
    .string()
    .min(1, 'fileName must not be empty')
    .max(200, 'fileName must be at most 200 characters')
    .refine((name) => !/[/\\\0]/.test(name), 'fileName must not contain a path separator'),
})

const QueryParams = z.strictObject(
  {
    format: z.enum(OUTPUT_FORMATS, `format must be one of ${OUTPUT_FORMATS.join(', ')}`).optional(),
    q: z.coerce
      .number('q must be a number')
      .int('q must be a whole number')
      .min(1, 'q must be at least 1')
      .max(100, 'q must be at most 100')
      .optional(),
  },
  'only the query parameters format and q are allowed',
)

const WIDTH_ONLY = /^(\d{1,5})w$/
const BOX = /^(\d{1,5})([fx])(\d{1,5})$/

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string }

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid parameters'
  return issue.message
}

export function parseSizeFolder(folder: string): ParseResult<SizeFolder> {
  const widthOnly = WIDTH_ONLY.exec(folder)
  const box = widthOnly ? null : BOX.exec(folder)
  if (!widthOnly && !box) {
    return {
      ok: false,
      error: `size folder "${folder.slice(0, 40)}" must look like 800w, 1000f1250 (cover) or 800x1000 (contain)`,
    }
  }
  const width = dimension('width').safeParse(widthOnly?.[1] ?? box?.[1])
  if (!width.success) return { ok: false, error: firstIssue(width.error) }
  if (widthOnly) return { ok: true, value: { fit: 'width', width: width.data } }
  const height = dimension('height').safeParse(box?.[3])
  if (!height.success) return { ok: false, error: firstIssue(height.error) }
  return {
    ok: true,
    value: { fit: box?.[2] === 'f' ? 'cover' : 'contain', width: width.data, height: height.data },
  }
}

/** Picks the best format the client accepts: AVIF, then WebP, else JPEG (accepted everywhere). */
export function negotiateFormat(accept: string | undefined): OutputFormat {
  const accepted = new Set<string>()
  for (const part of (accept ?? '').split(',')) {
    const [mediaType, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!mediaType) continue
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    if (q !== undefined && Number(q.slice(2)) === 0) continue
    accepted.add(mediaType)
  }
  if (accepted.has('image/avif')) return 'avif'
  if (accepted.has('image/webp')) return 'webp'
  return 'jpeg'
}

export function parseImageRequest(
  params: unknown,
  query: unknown,
  accept: string | undefined,
): ParseResult<ImageVariant> {
  const path = PathParams.safeParse(params)
  if (!path.success) return { ok: false, error: firstIssue(path.error) }
  const size = parseSizeFolder(path.data.sizeFolder)
  if (!size.ok) return size
  const search = QueryParams.safeParse(query ?? {})
  if (!search.success) return { ok: false, error: firstIssue(search.error) }
  const format = search.data.format ?? negotiateFormat(accept)
  return {
    ok: true,
    value: {
      type: path.data.type,
      fileName: path.data.fileName,
      size: size.value,
      format,
      quality: search.data.q ?? DEFAULT_QUALITY[format],
      negotiated: search.data.format === undefined,
    },
  }
}

/**
 * The size folder a variant the shop does not use is served under instead (ADR 0072): the nearest
 * allowed size, asked for without `q` (each format has one quality). Undefined when the variant
 * is allowed as it is.
 */
export function nearestAllowedVariant(variant: ImageVariant): string | undefined {
  const asked = sizeFolderName(variant.size)
  const allowed = sizeFolderName(allowedSize(variant.size))
  if (allowed === asked && variant.quality === DEFAULT_QUALITY[variant.format]) return undefined
  return allowed
}

/** A stable text naming one rendered variant: the disk cache key and the ETag derive from it. */
export function variantKey(variant: ImageVariant): string {
  const { size } = variant
  const box = size.fit === 'width' ? `${size.width}w` : `${size.fit}-${size.width}x${size.height}`
  return `${variant.type}/${variant.fileName}/${box}/${variant.format}/q${variant.quality}`
}
