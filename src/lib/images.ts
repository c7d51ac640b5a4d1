/**
 * Image URLs for the image service (docs/service-contracts.md#lists-and-images):
 * `{base}/{type}/{sizeFolder}/{encoded fileName}`, and the srcset / sizes the storefront's images
 * use for the screen sizes of docs/product-rules.md#images.
 *
 * The browser's base is the same-origin `/img` (IMAGE_BASE): the image service is embedded in the
 * shop's server, so same-origin URLs need no extra connection and work in every market's domain.
 * The server's IMAGE_URL setting is where the server itself reaches the service; if images move
 * to a CDN, the CDN's origin goes here instead.
 */
import {
  allowedSize,
  heightForAspect,
  PRODUCT_ASPECT,
  SCREEN_SIZES,
  sizeFolderName,
  SRCSET_WIDTHS,
  type ImageSize,
  type ScreenSize,
} from '../shared/image-sizes'

export const IMAGE_BASE = '/img'

export type ImageType = 'product' | 'cms'

export { heightForAspect, PRODUCT_ASPECT, SCREEN_SIZES, SRCSET_WIDTHS, type ScreenSize }

export interface ImageRequest {
  type: ImageType
  fileName: string
  width: number
  height?: number
  /** With a height: `cover` fills the box exactly (cropping), `contain` fits inside it. */
  fit?: 'cover' | 'contain'
}

/**
 * The size folder for a slot, snapped to the sizes the image service renders
 * (src/shared/image-sizes.ts): any other would only be redirected there.
 */
export function sizeFolder({
  width,
  height,
  fit = 'cover',
}: Omit<ImageRequest, 'type' | 'fileName'>): string {
  const w = Math.round(width)
  const size: ImageSize =
    height === undefined ? { fit: 'width', width: w } : { fit, width: w, height: Math.round(height) }
  return sizeFolderName(allowedSize(size))
}

export function imageUrl(base: string, request: ImageRequest): string {
  const root = base.endsWith('/') ? base.slice(0, -1) : base
  return `${root}/${request.type}/${sizeFolder(request)}/${encodeURIComponent(request.fileName)}`
}

export interface SrcSetRequest {
  type: ImageType
  fileName: string
  /** When given, every candidate is cropped to this ratio (cover); else width only. */
  aspect?: { width: number; height: number }
  widths?: readonly number[]
}

/** `url 320w, url 640w, …` over the screen sizes. */
export function srcSet(
  base: string,
  { type, fileName, aspect, widths = SRCSET_WIDTHS }: SrcSetRequest,
): string {
  return widths
    .map((width) => {
      const height = aspect ? heightForAspect(width, aspect) : undefined
      const url = imageUrl(base, { type, fileName, width, ...(height === undefined ? {} : { height }) })
      return `${url} ${width}w`
    })
    .join(', ')
}

/**
 * A `sizes` attribute from the image's slot width per screen size, e.g.
 * `imageSizes({ md: '50vw', xl: '25vw' }, '100vw')` →
 * `(min-width: 1280px) 25vw, (min-width: 768px) 50vw, 100vw`. Widest first, as the browser uses
 * the first media query that matches.
 */
export function imageSizes(bySize: Partial<Record<ScreenSize, string>>, fallback: string): string {
  const rules = (Object.entries(bySize) as Array<[ScreenSize, string]>)
    .map(([size, slot]) => ({ min: SCREEN_SIZES[size], slot }))
    .sort((a, b) => b.min - a.min)
  const seen = new Set<number>()
  const parts: string[] = []
  for (const { min, slot } of rules) {
    if (seen.has(min)) continue
    seen.add(min)
    parts.push(`(min-width: ${min}px) ${slot}`)
  }
  parts.push(fallback)
  return parts.join(', ')
}
