// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ApolloClient } from '@apollo/client'
import { App } from '../../app/App'
import { makeStore } from '../../app/store'
import { shopSite, TEST_MESSAGES } from '../../ui/test-helpers'
import { NewsletterForm } from './NewsletterForm'
import { NEWSLETTER_OFFER_TAG } from './subscribe'

afterEach(cleanup)

function renderForm(mutate: (options: { variables: Record<string, unknown> }) => Promise<unknown>) {
  const apollo = { mutate } as unknown as ApolloClient
  render(
    <App
      store={makeStore()}
      getApollo={() => Promise.resolve(apollo)}
      site={shopSite('fi', 'fi')}
      messages={TEST_MESSAGES.fi}
    >
      <h2 id="newsletter">Uutiskirje</h2>
      <NewsletterForm headingId="newsletter" />
    </App>,
  )
  return {
    field: () => screen.getByRole('textbox', { name: 'Sähköpostiosoite' }),
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Tilaa uutiskirje' })),
  }
}

describe('NewsletterForm', () => {
  it('offers 15 % off the first purchase', () => {
    renderForm(() => Promise.resolve({ data: { subscribeToNewsletter: true } }))
    expect(screen.getByText(/15 % alennuksen ensimmäisestä ostoksestasi/)).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Uutiskirje' })).toBeTruthy()
  })

  it('refuses an empty and an invalid address with the spec’s message tied to the field', async () => {
    const mutate = vi.fn(() => Promise.resolve({ data: { subscribeToNewsletter: true } }))
    const form = renderForm(mutate)
    form.submit()
    expect(await screen.findByText('Tämä kenttä on täytettävä')).toBeTruthy()
    fireEvent.change(form.field(), { target: { value: 'aino@example' } })
    form.submit()
    const error = await screen.findByText('Sinun on annettava validi sähköpostiosoite')
    expect(form.field().getAttribute('aria-invalid')).toBe('true')
    expect(form.field().getAttribute('aria-describedby')).toBe(error.id)
    expect(document.activeElement).toBe(form.field())
    expect(mutate).not.toHaveBeenCalled()
  })

  it('subscribes a valid address with the offer tag and thanks the shopper', async () => {
    const mutate = vi.fn((_options: { variables: Record<string, unknown> }) =>
      Promise.resolve({ data: { subscribeToNewsletter: true } }),
    )
    const form = renderForm(mutate)
    fireEvent.change(form.field(), { target: { value: ' aino@example.fi ' } })
    form.submit()
    expect(await screen.findByText(/Vahvista tilaus linkistä/)).toBeTruthy()
    expect(mutate).toHaveBeenCalledTimes(1)
    expect(mutate.mock.calls[0]?.[0].variables).toEqual({
      email: 'aino@example.fi',
      tags: [NEWSLETTER_OFFER_TAG],
    })
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('shows the API’s refusal of the address as the e-mail error', async () => {
    const refusal = Object.assign(new Error('email must be a valid e-mail address'), {
      errors: [
        {
          message: 'email must be a valid e-mail address',
          extensions: { code: 'BAD_USER_INPUT', field: 'email' },
        },
      ],
    })
    const form = renderForm(() => Promise.reject(refusal))
    fireEvent.change(form.field(), { target: { value: 'aino@example.fi' } })
    form.submit()
    expect(await screen.findByText('Sinun on annettava validi sähköpostiosoite')).toBeTruthy()
  })

  it('tells the shopper when the subscription failed', async () => {
    const form = renderForm(() => Promise.reject(new Error('network down')))
    fireEvent.change(form.field(), { target: { value: 'aino@example.fi' } })
    form.submit()
    expect(await screen.findByText(/Valitettavasti jotain meni pieleen/)).toBeTruthy()
    expect(form.field()).toBeTruthy()
  })
})
