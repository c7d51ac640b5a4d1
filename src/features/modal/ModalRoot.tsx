/**
 * The one place modals render (state: `modal.id` + `modal.props`). An accessible dialog: it is
 * labelled by its title, keeps keyboard focus inside (Tab wraps), closes on Escape, the close
 * button or the backdrop, and gives focus back to what had it before opening.
 */
import { useEffect, useId, useRef, type ComponentType, type KeyboardEvent, type MouseEvent } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { modalClosed, type ModalProps } from './slice'
import './modal.css'

export interface ModalContentProps {
  props: ModalProps
  /** give this id to the modal's heading: it labels the dialog */
  titleId: string
  close: () => void
}

export type ModalRegistry = Record<string, ComponentType<ModalContentProps>>

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]'),
  )
}

function Dialog({
  Content,
  props,
  onClose,
}: {
  Content: ComponentType<ModalContentProps>
  props: ModalProps
  onClose: () => void
}) {
  const intl = useIntl()
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const container = dialog.current
    if (container) {
      // the first control inside the content, else the dialog itself
      const first = focusableIn(container).find((element) => !element.classList.contains('modal__close'))
      ;(first ?? container).focus()
    }
    document.body.classList.add('modal-open')
    return () => {
      document.body.classList.remove('modal-open')
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
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
    if (event.target === event.currentTarget) onClose()
  }

  return (
    <div className="modal-backdrop" onMouseDown={onBackdrop}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button
          type="button"
          className="modal__close"
          aria-label={intl.formatMessage({ id: 'modal.close', defaultMessage: 'Sulje' })}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        <Content props={props} titleId={titleId} close={onClose} />
      </div>
    </div>
  )
}

export function ModalRoot({ modals }: { modals: ModalRegistry }) {
  const dispatch = useAppDispatch()
  const { id, props } = useAppSelector((state) => state.modal)
  const Content = id !== null && Object.hasOwn(modals, id) ? modals[id] : undefined
  if (!Content) return null
  // keyed by id: another modal is a new dialog with its own focus handling
  return <Dialog key={id} Content={Content} props={props} onClose={() => dispatch(modalClosed())} />
}
