/**
 * Focus handling for modal dialogs (DESIGN §5 accessibility), shared by the modal root and the
 * cart's drawer and popup: focus moves in on open, Tab and Shift+Tab wrap inside, and focus goes
 * back to what had it before when the dialog closes.
 */
import { useEffect, type KeyboardEvent, type RefObject } from 'react'

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

/** The elements Tab can reach inside a container, in document order (inert parts left out). */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[inert]'),
  )
}

/**
 * While the dialog is mounted: focus its first control (other than the one with `skipClass`,
 * the close button, so a shopper lands on the content), mark the body `modal-open`, and on
 * unmount give focus back. Returns the dialog's keydown handler that keeps Tab inside.
 */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>, skipClass: string) {
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const container = dialog.current
    if (container) {
      const first = focusableIn(container).find((element) => !element.classList.contains(skipClass))
      ;(first ?? container).focus()
    }
    document.body.classList.add('modal-open')
    return () => {
      document.body.classList.remove('modal-open')
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
    // mount and unmount only: the dialog element and the class do not change while it is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (event: KeyboardEvent<HTMLElement>) => {
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
}
