// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { renderWithProviders } from '../../test/renderWithProviders'
import { Snackbar } from './Snackbar'
import { snackbarActionChosen, snackbarShown } from './slice'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Snackbar', () => {
  it('announces politely, top-right, and hides after 5 s', () => {
    const { store } = renderWithProviders(<Snackbar />)
    const region = screen.getByRole('status')
    expect(region.getAttribute('aria-live')).toBe('polite')
    act(() => void store.dispatch(snackbarShown({ message: 'Tuote lisätty ostoskoriin' })))
    expect(region.textContent).toContain('Tuote lisätty ostoskoriin')
    expect(region.className).toContain('snackbar-region--top-right')
    act(() => void vi.advanceTimersByTime(4999))
    expect(screen.queryByText('Tuote lisätty ostoskoriin')).not.toBeNull()
    act(() => void vi.advanceTimersByTime(1))
    expect(screen.queryByText('Tuote lisätty ostoskoriin')).toBeNull()
    expect(store.getState().snackbar.queue).toEqual([])
  })

  it('shows queued messages one after another, each for its own time', () => {
    const { store } = renderWithProviders(<Snackbar />)
    act(() => {
      store.dispatch(snackbarShown({ message: 'Eka' }))
      store.dispatch(snackbarShown({ message: 'Toka', type: 'error', placement: 'bottom-left' }))
    })
    expect(screen.queryByText('Toka')).toBeNull()
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.getByText('Toka')).toBeTruthy()
    expect(screen.getByRole('status').className).toContain('snackbar-region--bottom-left')
  })

  it('waits while the pointer is on it and hides 5 s after it leaves', () => {
    const { store } = renderWithProviders(<Snackbar />)
    act(() => void store.dispatch(snackbarShown({ message: 'Luettava' })))
    const toast = screen.getByText('Luettava').parentElement
    if (!toast) throw new Error('no toast')
    fireEvent.mouseEnter(toast)
    act(() => void vi.advanceTimersByTime(20_000))
    expect(screen.queryByText('Luettava')).not.toBeNull()
    fireEvent.mouseLeave(toast)
    act(() => void vi.advanceTimersByTime(5000))
    expect(screen.queryByText('Luettava')).toBeNull()
  })

  it('can be closed with its labelled button', () => {
    const { store } = renderWithProviders(<Snackbar />)
    act(() => void store.dispatch(snackbarShown({ message: 'Tallennettu' })))
    fireEvent.click(screen.getByRole('button', { name: /sulje/i }))
    expect(screen.queryByText('Tallennettu')).toBeNull()
  })

  it('offers an action that stays until chosen, and tells listeners which one', () => {
    const { store } = renderWithProviders(<Snackbar />)
    const chosen: string[] = []
    store.startListening({
      actionCreator: snackbarActionChosen,
      effect: (action) => void chosen.push(action.payload.name),
    })
    act(
      () =>
        void store.dispatch(
          snackbarShown({
            message: 'Lumosta on uusi versio.',
            action: { label: 'Päivitä', name: 'update-app' },
            timeoutMs: 0,
          }),
        ),
    )
    act(() => void vi.advanceTimersByTime(60_000))
    fireEvent.click(screen.getByRole('button', { name: 'Päivitä' }))
    expect(chosen).toEqual(['update-app'])
    expect(screen.queryByText('Lumosta on uusi versio.')).toBeNull()
  })
})
