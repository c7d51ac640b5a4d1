/**
 * The product's images: the main image first (preloaded, eager), the others lazy, each in a box
 * of the 4:5 product ratio so nothing shifts while they load. Every image is a button that opens
 * the zoom (loaded on first use) at that image.
 */
import { lazy, Suspense, useState } from 'react'
import { useIntl } from 'react-intl'
import { ProductImage } from '../../ui/Image'
import { imageSizes } from '../../lib/images'

const ZoomDialog = lazy(() => import('./ZoomDialog'))

export function ProductGallery({ fileNames, alt }: { fileNames: readonly string[]; alt: string }) {
  const intl = useIntl()
  const [zoomAt, setZoomAt] = useState<number | null>(null)
  if (fileNames.length === 0) return null
  return (
    <div className="product-gallery">
      <ul className="product-gallery__images plain-list" role="list">
        {fileNames.map((fileName, index) => (
          <li key={fileName}>
            <button
              type="button"
              className="product-gallery__zoom"
              aria-label={intl.formatMessage(
                { id: 'product.gallery.zoom' },
                { index: index + 1, total: fileNames.length },
              )}
              aria-haspopup="dialog"
              onClick={() => setZoomAt(index)}
            >
              <ProductImage
                fileName={fileName}
                alt={index === 0 ? alt : ''}
                width={640}
                sizes={imageSizes({ lg: '30vw', md: '50vw' }, '85vw')}
                priority={index === 0}
              />
            </button>
          </li>
        ))}
      </ul>
      {zoomAt !== null ? (
        <Suspense fallback={null}>
          <ZoomDialog fileNames={fileNames} alt={alt} start={zoomAt} onClose={() => setZoomAt(null)} />
        </Suspense>
      ) : null}
    </div>
  )
}
