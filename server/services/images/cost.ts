/**
 * What one render costs, for the per-address render budget (ADR 0072): the output's pixels times
 * its format's factor, in WebP kilopixels. Measured on this machine (sharp, one render alone):
 * 1536×1920 takes ~190 ms of CPU as WebP or JPEG and ~650–760 ms as AVIF (effort 3), so AVIF
 * counts 4.
 */
import type { ImageVariant, OutputFormat } from './params'

export const FORMAT_COST: Readonly<Record<OutputFormat, number>> = { webp: 1, jpeg: 1, avif: 4 }

/** The output's width and height for a source of `source` pixels (render.ts's resize). */
export function outputSize(
  size: ImageVariant['size'],
  source: { width: number; height: number },
): { width: number; height: number } {
  const sourceWidth = Math.max(1, source.width)
  const sourceHeight = Math.max(1, source.height)
  if (size.fit === 'width') {
    return { width: size.width, height: Math.max(1, Math.round((size.width * sourceHeight) / sourceWidth)) }
  }
  if (size.fit === 'cover') return { width: size.width, height: size.height }
  const scale = Math.min(size.width / sourceWidth, size.height / sourceHeight)
  return {
    width: Math.max(1, Math.round(sourceWidth * scale)),
    height: Math.max(1, Math.round(sourceHeight * scale)),
  }
}

/** The render's cost in WebP kilopixels (at least 1). */
export function renderCost(
  variant: Pick<ImageVariant, 'size' | 'format'>,
  source: { width: number; height: number },
): number {
  const { width, height } = outputSize(variant.size, source)
  return Math.max(1, Math.ceil(((width * height) / 1000) * FORMAT_COST[variant.format]))
}
