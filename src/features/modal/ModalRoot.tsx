/**
 * The one place modals render (state: `modal.id` + `modal.props`). An accessible dialog: it is
 * labelled by its title, keeps keyboard focus inside (Tab wraps), closes on Escape, the close
 * button or the backdrop, and gives focus back to what had it before opening.
 */
import { useId, useRef, type ComponentType, type KeyboardEvent, type MouseEvent } from 'react'
import { useIntl } from 'react-intl'
import { useAppDispatch, useAppSelector } from '../../app/hooks'
import { useFocusTrap } from '../../ui/focus-trap'
import { modalClosed, type ModalProps } from './slice'
import './modal.css'

export interface ModalContentProps {
  props: ModalProps
  /** give this id to the modal's heading: it labels the dialog */
  titleId: string
  close: () => void
}

export type ModalRegistry = Record<string, ComponentType<ModalContentProps>>

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

  const trapTab = useFocusTrap(dialog, 'modal__close')

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    trapTab(event)
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
