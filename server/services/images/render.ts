/**
 * Renders one stored image to one variant with sharp. SVG sources are rasterised at the density
 * the target size needs, so large variants stay sharp instead of being upscaled from 800 px.
 */
import sharp from 'sharp'
import type { ImageVariant } from './params'

export interface SourceImage {
  contentType: string
  svg: string | null
  data: Uint8Array | null
  width: number
  height: number
}

const SVG_DENSITY = 72
/** libvips's SVG loader caps density; 4000 px from an 800 px drawing needs 5×. */
const MAX_SVG_SCALE = 8

function svgScale(source: SourceImage, variant: ImageVariant): number {
  const { size } = variant
  const byWidth = size.width / Math.max(1, source.width)
  const byHeight = size.fit === 'width' ? 0 : size.height / Math.max(1, source.height)
  const needed = size.fit === 'contain' ? Math.min(byWidth, byHeight) : Math.max(byWidth, byHeight)
  return Math.min(MAX_SVG_SCALE, Math.max(1, needed))
}

export async function renderVariant(source: SourceImage, variant: ImageVariant): Promise<Buffer> {
  const isSvg = source.svg !== null
  const input = isSvg ? Buffer.from(source.svg ?? '', 'utf8') : Buffer.from(source.data ?? new Uint8Array())
  let image = sharp(input, {
    ...(isSvg ? { density: SVG_DENSITY * svgScale(source, variant) } : {}),
    limitInputPixels: 64_000_000,
  })
  const { size } = variant
  image =
    size.fit === 'width'
      ? image.resize({ width: size.width })
      : image.resize({
          width: size.width,
          height: size.height,
          fit: size.fit === 'cover' ? 'cover' : 'inside',
          position: 'centre',
        })
  switch (variant.format) {
    case 'avif':
      // Default effort is seconds per large image here (docs/platform-notes.md#sharp-and-avif-cost); 3 keeps it near WebP.
      return image.avif({ quality: variant.quality, effort: 3 }).toBuffer()
    case 'webp':
      return image.webp({ quality: variant.quality }).toBuffer()
    case 'jpeg':
      return image
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: variant.quality, mozjpeg: true })
        .toBuffer()
  }
}
