/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the rest of the page inert
 * and keeps keyboard focus inside, Escape closes it, and on closing focus goes back to the control
 * that opened it. Labelled by its title. Used by the zoom, the size guide and the quickshop panel.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import './dialog.css'

export interface DialogProps {
  title: string
  /** visually hide the title (it still labels the dialog) */
  hideTitle?: boolean
  onClose: () => void
  className?: string
  children: ReactNode
}

export function Dialog({ title, hideTitle = false, onClose, className, children }: DialogProps) {
  const intl = useIntl()
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  const closeRef = useRef(onClose)
  closeRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    const onCancel = (event: Event) => {
      event.preventDefault()
      closeRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => {
      dialog.removeEventListener('cancel', onCancel)
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className={['lumo-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onMouseDown={(event) => {
        // a press on the backdrop (the dialog element itself, outside its content) closes it
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="lumo-dialog__content">
        <div className="lumo-dialog__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'lumo-dialog__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="lumo-dialog__close"
            aria-label={intl.formatMessage({ id: 'modal.close' })}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  )
}
