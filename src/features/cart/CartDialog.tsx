/**
 * The dialog frame of the mini-cart drawer and the added-to-cart popup: labelled by its heading,
 * focus moves in on open and stays inside (Tab wraps), Escape, the close button or the backdrop
 * close it, and focus returns to what had it before (DESIGN §5 accessibility).
 */
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
}

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

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const container = dialog.current
    if (container) {
      const first = focusableIn(container).find(
        (element) => !element.classList.contains('cart-dialog__close'),
      )
      ;(first ?? container).focus()
    }
    document.body.classList.add('modal-open')
    // Escape also closes when focus fell out of the dialog (e.g. onto the page body)
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onCloseRef.current()
    }
    document.addEventListener('keydown', onDocumentKey)
    return () => {
      document.removeEventListener('keydown', onDocumentKey)
      document.body.classList.remove('modal-open')
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // handled here; the document listener sees it as done
      event.preventDefault()
      onCloseRef.current()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    const focusable = focusableIn(dialog.current)
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && active === last) {
      event.preventDefault()
      first.focus()
    }
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
