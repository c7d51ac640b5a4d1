// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { renderWithProviders } from '../../test/renderWithProviders'
import { ModalRoot, type ModalContentProps } from './ModalRoot'
import { modalOpened } from './slice'

function Welcome({ props, titleId, close }: ModalContentProps) {
  return (
    <>
      <h2 id={titleId}>Tervetuloa {String(props.name)}</h2>
      <input aria-label="Sähköposti" />
      <button type="button" onClick={close}>
        Selvä
      </button>
    </>
  )
}

afterEach(cleanup)

function setup() {
  const result = renderWithProviders(
    <>
      <button type="button">Avaa</button>
      <ModalRoot modals={{ welcome: Welcome }} />
    </>,
  )
  const opener = screen.getByRole('button', { name: 'Avaa' })
  opener.focus()
  act(() => void result.store.dispatch(modalOpened({ id: 'welcome', props: { name: 'Anna' } })))
  return { ...result, opener }
}

describe('ModalRoot', () => {
  it('opens a dialog labelled by its title and moves focus into it', () => {
    setup()
    const dialog = screen.getByRole('dialog', { name: 'Tervetuloa Anna' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Sähköposti'))
  })

  it('closes on Escape and returns focus to the opener', () => {
    const { store, opener } = setup()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(store.getState().modal.id).toBeNull()
    expect(document.activeElement).toBe(opener)
  })

  it('keeps Tab inside the dialog', () => {
    setup()
    const dialog = screen.getByRole('dialog')
    const close = screen.getByRole('button', { name: /sulje/i })
    const last = screen.getByRole('button', { name: 'Selvä' })
    last.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('closes with the close button, the content and the backdrop', () => {
    const { store } = setup()
    fireEvent.click(screen.getByRole('button', { name: /sulje/i }))
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => void store.dispatch(modalOpened({ id: 'welcome', props: { name: 'B' } })))
    fireEvent.click(screen.getByRole('button', { name: 'Selvä' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    act(() => void store.dispatch(modalOpened({ id: 'welcome', props: { name: 'C' } })))
    const backdrop = document.querySelector('.modal-backdrop')
    if (!backdrop) throw new Error('no backdrop')
    fireEvent.mouseDown(backdrop)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('renders nothing for an unknown modal id', () => {
    const { store } = renderWithProviders(<ModalRoot modals={{ welcome: Welcome }} />)
    act(() => void store.dispatch(modalOpened({ id: 'toString' })))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
