// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { LazySearchField } from './LazySearchField'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const field = () => screen.getByRole('combobox', { name: 'Hae tuotteita' })

describe('LazySearchField', () => {
  it('starts as the plain field and hands what was typed and the focus to the combobox once it arrives', async () => {
    // the suggestions service is not part of this test: it answers nothing
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 503 }))),
    )
    renderRoutes([{ path: '*', element: <LazySearchField /> }], { path: '/fi/' })
    const plain = field() as HTMLInputElement
    expect(plain.getAttribute('aria-expanded')).toBe('false')

    act(() => plain.focus())
    plain.value = 'mek'

    await waitFor(() => expect(field()).not.toBe(plain))
    const combobox = field() as HTMLInputElement
    expect(combobox.value).toBe('mek')
    expect(document.activeElement).toBe(combobox)
    expect(combobox.selectionStart).toBe(3)
  })
})
