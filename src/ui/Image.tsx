/**
 * Product images through the image service: a 4:5 `<img>` with a srcset over the spec's screen
 * sizes, width/height attributes so the browser reserves the space before the bytes arrive (no
 * layout shift), lazy loading below the fold, and for the page's main image (`priority`) a
 * high-priority preload that React 19 hoists into the document head.
 */
import { preload } from 'react-dom'
import { heightForAspect, IMAGE_BASE, imageUrl, PRODUCT_ASPECT, srcSet } from '../lib/images'

export const EMPTY_IMAGE_INPUT_MESSAGE = 'The image component requires a non-empty string input'

export interface ProductImageProps {
  /** The file name from `productImages { fileName }`. */
  fileName: string
  /** Describes the image; pass '' only for a purely decorative image. */
  alt: string
  /** The rendered width in CSS pixels (the width attribute). */
  width: number
  /** Defaults to the 4:5 product height for `width`. */
  height?: number
  /** The `sizes` attribute, e.g. from `imageSizes(...)` in src/lib/images. */
  sizes: string
  /** The page's main image: loaded eagerly at high priority and preloaded. */
  priority?: boolean
  className?: string
}

export function ProductImage({
  fileName,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
}: ProductImageProps) {
  // docs/product-rules.md#images: data from the API can be missing; fail loudly rather than render a broken image.
  if (typeof fileName !== 'string' || fileName.trim() === '') throw new Error(EMPTY_IMAGE_INPUT_MESSAGE)

  const boxHeight = height ?? heightForAspect(width, PRODUCT_ASPECT)
  const aspect = { width, height: boxHeight }
  const src = imageUrl(IMAGE_BASE, { type: 'product', fileName, width, height: boxHeight })
  const candidates = srcSet(IMAGE_BASE, { type: 'product', fileName, aspect })

  if (priority) {
    preload(src, { as: 'image', imageSrcSet: candidates, imageSizes: sizes, fetchPriority: 'high' })
  }

  return (
    <img
      src={src}
      srcSet={candidates}
      sizes={sizes}
      alt={alt}
      width={width}
      height={boxHeight}
      className={className}
      decoding={priority ? undefined : 'async'}
      {...(priority
        ? { fetchPriority: 'high' as const, elementtiming: 'hero' as const }
        : { loading: 'lazy' as const })}
    />
  )
}
