/**
 * The zoom: one image at a time, as large as the screen allows, with previous/next buttons
 * (and the arrow keys). Pressing the magnifier button doubles the size and the image follows the
 * pointer. Focus stays in the dialog; Escape or the close button returns it to the gallery.
 */
import { useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useIntl } from 'react-intl'
import { IMAGE_BASE, PRODUCT_ASPECT, heightForAspect, imageUrl, srcSet } from '../../lib/images'
import { Dialog } from './Dialog'

const ZOOM_WIDTH = 1536

export default function ZoomDialog({
  fileNames,
  alt,
  start,
  onClose,
}: {
  fileNames: readonly string[]
  alt: string
  start: number
  onClose: () => void
}) {
  const intl = useIntl()
  const [index, setIndex] = useState(start)
  const [magnified, setMagnified] = useState(false)
  const [origin, setOrigin] = useState('50% 50%')
  const fileName = fileNames[index] ?? fileNames[0] ?? ''
  const total = fileNames.length
  const go = (step: number) => {
    setIndex((current) => (current + step + total) % total)
    setMagnified(false)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (total < 2) return
    if (event.key === 'ArrowRight') go(1)
    if (event.key === 'ArrowLeft') go(-1)
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!magnified) return
    const box = event.currentTarget.getBoundingClientRect()
    const x = ((event.clientX - box.left) / box.width) * 100
    const y = ((event.clientY - box.top) / box.height) * 100
    setOrigin(`${x.toFixed(1)}% ${y.toFixed(1)}%`)
  }
  const position = intl.formatMessage({ id: 'product.gallery.position' }, { index: index + 1, total })
  return (
    <Dialog
      title={intl.formatMessage({ id: 'product.gallery.title' })}
      onClose={onClose}
      className="zoom-dialog"
    >
      <div className="zoom-dialog__body" onKeyDown={onKeyDown}>
        <div className="zoom-dialog__frame" onPointerMove={onPointerMove}>
          <img
            key={fileName}
            src={imageUrl(IMAGE_BASE, {
              type: 'product',
              fileName,
              width: ZOOM_WIDTH,
              height: heightForAspect(ZOOM_WIDTH, PRODUCT_ASPECT),
            })}
            srcSet={srcSet(IMAGE_BASE, { type: 'product', fileName, aspect: PRODUCT_ASPECT })}
            sizes="(min-width: 768px) 60vw, 95vw"
            alt={alt ? `${alt} (${position})` : position}
            width={800}
            height={1000}
            className={magnified ? 'zoom-dialog__image zoom-dialog__image--magnified' : 'zoom-dialog__image'}
            style={magnified ? { transformOrigin: origin } : undefined}
          />
        </div>
        <div className="zoom-dialog__controls">
          {total > 1 ? (
            <button type="button" className="button button--secondary" onClick={() => go(-1)}>
              {intl.formatMessage({ id: 'product.gallery.previous' })}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={magnified}
            onClick={() => setMagnified((value) => !value)}
          >
            {intl.formatMessage({ id: 'product.gallery.magnify' })}
          </button>
          {total > 1 ? (
            <button type="button" className="button button--secondary" onClick={() => go(1)}>
              {intl.formatMessage({ id: 'product.gallery.next' })}
            </button>
          ) : null}
          <p className="zoom-dialog__position" aria-live="polite">
            {position}
          </p>
        </div>
      </div>
    </Dialog>
  )
}
