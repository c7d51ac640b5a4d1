// @vitest-environment jsdom
// A file of its own: the combobox's chunk is loaded once per module instance, and this test needs
// it not loaded yet.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { LazySearchField, preloadSearchField } from './LazySearchField'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const field = () => screen.getByRole('combobox', { name: 'Hae tuotteita' })

describe('LazySearchField between the chunk and the swap', () => {
  it('keeps what was typed after the chunk arrived and before the combobox took the field over', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 503 }))),
    )
    renderRoutes([{ path: '*', element: <LazySearchField /> }], { path: '/fi/' })
    const plain = field() as HTMLInputElement
    act(() => plain.focus())
    plain.value = 'mek'
    // the chunk is here (the field's own callback ran first), the swap is not rendered yet
    await preloadSearchField()
    expect(field()).toBe(plain)
    plain.value = 'mekko'

    await waitFor(() => expect(field()).not.toBe(plain))
    expect((field() as HTMLInputElement).value).toBe('mekko')
  })
})
