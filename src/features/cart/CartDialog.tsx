/**
 * The dialog frame of the mini-cart drawer and the added-to-cart popup: labelled by its heading,
 * focus moves in on open and stays inside (Tab wraps), Escape, the close button or the backdrop
 * close it, and focus returns to what had it before (DESIGN §5 accessibility).
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { useFocusTrap } from '../../ui/focus-trap'

export interface CartDialogProps {
  titleId: string
  closeLabel: string
  onClose: () => void
  variant: 'drawer' | 'popup'
  children: ReactNode
}

export function CartDialog({ titleId, closeLabel, onClose, variant, children }: CartDialogProps) {
  const dialog = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  const trapTab = useFocusTrap(dialog, 'cart-dialog__close')

  useEffect(() => {
    // Escape also closes when focus fell out of the dialog (e.g. onto the page body)
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onCloseRef.current()
    }
    document.addEventListener('keydown', onDocumentKey)
    return () => document.removeEventListener('keydown', onDocumentKey)
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // handled here; the document listener sees it as done
      event.preventDefault()
      onCloseRef.current()
      return
    }
    trapTab(event)
  }

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onCloseRef.current()
  }

  return (
    <div className={`cart-backdrop cart-backdrop--${variant}`} onMouseDown={onBackdrop}>
      <div
        ref={dialog}
        className={`cart-dialog cart-dialog--${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="cart-dialog__close" aria-label={closeLabel} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>
  )
}
