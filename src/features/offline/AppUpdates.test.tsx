// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AppUpdates } from './AppUpdates'

afterEach(cleanup)

/** Chromium's install offer, as a test can make one. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(() => Promise.resolve())
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) })
  return { event, prompt }
}

describe('the install offer', () => {
  it('shows no button until the browser offers an install', () => {
    renderWithProviders(<AppUpdates />)
    expect(screen.queryByRole('button', { name: 'Asenna sovellus' })).toBeNull()
  })

  it("takes the browser's offer, prompts on the button and then goes away", async () => {
    renderWithProviders(<AppUpdates />)
    const { event, prompt } = installOffer('accepted')
    act(() => void window.dispatchEvent(event))
    // the shop shows its own button instead of the browser's mini-bar
    expect(event.defaultPrevented).toBe(true)
    const button = screen.getByRole('button', { name: 'Asenna sovellus' })
    await act(async () => void fireEvent.click(button))
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: 'Asenna sovellus' })).toBeNull()
  })

  it('goes away once the app is installed', () => {
    renderWithProviders(<AppUpdates />)
    act(() => void window.dispatchEvent(installOffer('dismissed').event))
    expect(screen.getByRole('button', { name: 'Asenna sovellus' })).toBeTruthy()
    act(() => void window.dispatchEvent(new Event('appinstalled')))
    expect(screen.queryByRole('button', { name: 'Asenna sovellus' })).toBeNull()
  })
})
