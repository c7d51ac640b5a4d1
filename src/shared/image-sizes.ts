/**
 * The picture sizes and qualities the shop uses, and the only ones the image service renders
 * (ADR 0072). The storefront's URL builder (src/lib/images.ts) asks for nothing else; the image
 * service (server/services/images) redirects any other size or quality to the nearest one here,
 * so an old or hand-made link still shows the picture but a 3999 px AVIF at quality 90 costs no
 * more than the largest picture a page shows.
 *
 * Size folders are docs/service-contracts.md#lists-and-images's: `800w` (width, ratio kept), `1000f1250` (cover: fill the
 * box, cropped) and `800x1000` (contain: fit inside the box).
 */

export type ImageFormat = 'avif' | 'webp' | 'jpeg'

/** The URL grammar's bounds for any width or height (outside them a request is refused, 400). */
export const MIN_DIMENSION = 16
export const MAX_DIMENSION = 4000

/** docs/product-rules.md#images screen sizes (xxl and 2xl are both 1536). */
export const SCREEN_SIZES = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536, '2xl': 1536 } as const
export type ScreenSize = keyof typeof SCREEN_SIZES

/** The distinct widths a srcset offers, smallest first. */
export const SRCSET_WIDTHS: readonly number[] = [...new Set(Object.values(SCREEN_SIZES))].sort(
  (a, b) => a - b,
)

/**
 * Fixed slots narrower than the srcset asks for: the cart line's `src` (80), the added-to-cart
 * popup's (96), and the order line's `400f500` that server/services/graphql/orders/present.ts
 * builds.
 */
const SLOT_WIDTHS = [80, 96, 400] as const

/** Every width rendered, smallest first. */
export const IMAGE_WIDTHS: readonly number[] = [...new Set([...SLOT_WIDTHS, ...SRCSET_WIDTHS])].sort(
  (a, b) => a - b,
)

/** Product photos are 4:5 (width:height); docs/service-contracts.md#lists-and-images's "f" boxes are this ratio. */
export const PRODUCT_ASPECT = { width: 4, height: 5 } as const

/** The height that keeps `aspect` at `width`. */
export function heightForAspect(width: number, aspect: { width: number; height: number }): number {
  return Math.round((width * aspect.height) / aspect.width)
}

const WIDEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ?? MAX_DIMENSION

/** No box is taller than the largest product picture's (1536×1920). */
export const MAX_BOX_HEIGHT = heightForAspect(WIDEST, PRODUCT_ASPECT)

/**
 * The one quality per format the shop asks for (the storefront sends none: these are the
 * defaults). AVIF holds up at a lower number than WebP and JPEG.
 */
export const IMAGE_QUALITY: Readonly<Record<ImageFormat, number>> = { avif: 50, webp: 80, jpeg: 80 }

export type ImageSize =
  { fit: 'width'; width: number } | { fit: 'cover' | 'contain'; width: number; height: number }

/** The allowed width nearest to `width`; halfway between two, the wider (sharper) one. */
export function nearestWidth(width: number): number {
  let best = IMAGE_WIDTHS[0] ?? width
  for (const candidate of IMAGE_WIDTHS) {
    if (Math.abs(candidate - width) <= Math.abs(best - width)) best = candidate
  }
  return best
}

function isProductRatio(width: number, height: number): boolean {
  // within the rounding of heightForAspect
  return Math.abs(height - heightForAspect(width, PRODUCT_ASPECT)) <= 1
}

/**
 * The allowed size nearest to `size`: the nearest allowed width; a 4:5 box stays exactly 4:5,
 * any other box keeps its ratio (narrower if it would be taller than MAX_BOX_HEIGHT). Allowed
 * sizes answer themselves, so a redirect to the answer is never redirected again.
 */
export function allowedSize(size: ImageSize): ImageSize {
  const width = nearestWidth(size.width)
  if (size.fit === 'width') return { fit: 'width', width }
  if (isProductRatio(size.width, size.height)) {
    return { fit: size.fit, width, height: heightForAspect(width, PRODUCT_ASPECT) }
  }
  const ratio = size.height / size.width
  const fitting = IMAGE_WIDTHS.filter(
    (candidate) => candidate <= width && Math.round(candidate * ratio) <= MAX_BOX_HEIGHT,
  )
  const boxWidth = fitting[fitting.length - 1] ?? IMAGE_WIDTHS[0] ?? width
  const height = Math.min(MAX_BOX_HEIGHT, Math.max(MIN_DIMENSION, Math.round(boxWidth * ratio)))
  return {
    fit: size.fit,
    width: boxWidth,
    height: isProductRatio(boxWidth, height) ? heightForAspect(boxWidth, PRODUCT_ASPECT) : height,
  }
}

export function isAllowedSize(size: ImageSize): boolean {
  return sizeFolderName(allowedSize(size)) === sizeFolderName(size)
}

/** The URL's size folder: `800w`, `1000f1250` (cover) or `800x1000` (contain). */
export function sizeFolderName(size: ImageSize): string {
  if (size.fit === 'width') return `${size.width}w`
  return `${size.width}${size.fit === 'cover' ? 'f' : 'x'}${size.height}`
}
