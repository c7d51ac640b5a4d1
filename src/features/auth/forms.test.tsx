// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { App } from '../../app/App'
import { makeStore } from '../../app/store'
import { shopSite, TEST_MESSAGES } from '../../ui/test-helpers'
import { passwordDigest } from '../../shared/password-digest'
import { LoginForm } from './LoginForm'
import { RegisterForm } from './RegisterForm'

const user = { id: 'u-1', email: 'anna@example.fi', customerType: 'PERSON', memberType: null }
let answer: { status: number; body: unknown }
/** answers by URL, before `answer` */
let answers: Record<string, { status: number; body: unknown }>
let sent: Array<{ url: string; body: Record<string, unknown> }>

beforeEach(() => {
  sent = []
  answer = { status: 200, body: { user, maxAge: 900 } }
  answers = {}
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> })
    const { status, body } = answers[url] ?? answer
    return new Response(JSON.stringify(body), { status })
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderWithShop(children: React.ReactNode) {
  const store = makeStore()
  render(
    <App
      store={store}
      getApollo={() => Promise.reject(new Error('no API here'))}
      site={shopSite('fi', 'fi')}
      messages={TEST_MESSAGES.fi}
    >
      {children}
    </App>,
  )
  return store
}

const type = (name: string, value: string) =>
  fireEvent.change(screen.getByLabelText(name), { target: { value } })

describe('LoginForm', () => {
  it('shows the spec’s messages tied to the fields and sends nothing', () => {
    renderWithShop(<LoginForm />)
    type('Sähköpostiosoite', 'anna@')
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    const email = screen.getByRole('textbox', { name: 'Sähköpostiosoite' })
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Sinun on annettava validi sähköpostiosoite',
    )
    expect(screen.getByText('Sinun on syötettävä salasana')).toBeTruthy()
    expect(document.activeElement).toBe(email)
    expect(sent).toHaveLength(0)
  })

  it('logs in with the digest, a 30-minute session when remember me is unchecked', async () => {
    const onLoggedIn = vi.fn()
    const store = renderWithShop(<LoginForm onLoggedIn={onLoggedIn} />)
    type('Sähköpostiosoite', 'anna@example.fi')
    type('Salasana', 'salasana1')
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled())
    expect(sent[0]).toEqual({
      url: '/api/session/login',
      body: { username: 'anna@example.fi', password: await passwordDigest('salasana1'), rememberMe: false },
    })
    expect(store.getState().auth.user?.email).toBe('anna@example.fi')
  })

  it('sends remember me when checked', async () => {
    renderWithShop(<LoginForm />)
    type('Sähköpostiosoite', 'anna@example.fi')
    type('Salasana', 'salasana1')
    fireEvent.click(screen.getByRole('checkbox', { name: 'Muista minut' }))
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]?.body.rememberMe).toBe(true)
  })

  it('announces wrong credentials with the spec’s text, and a throttle with the wait', async () => {
    answer = { status: 401, body: { error: 'invalid-credentials' } }
    renderWithShop(<LoginForm />)
    type('Sähköpostiosoite', 'anna@example.fi')
    type('Salasana', 'väärä')
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Virheellinen sähköpostiosoite tai salasana'),
    )
    answer = { status: 429, body: { error: 'too-many-attempts', retryAfter: 540 } }
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/Yritä uudelleen 9 min kuluttua/),
    )
  })
})

describe('RegisterForm', () => {
  it('asks for 7 characters and a matching confirmation (docs/product-rules.md#accounts-and-auth)', () => {
    renderWithShop(<RegisterForm />)
    type('Sähköpostiosoite', 'anna@example.fi')
    type('Salasana', 'lyhyt')
    type('Vahvista salasana', 'toinen')
    fireEvent.click(screen.getByRole('button', { name: 'Luo tili' }))
    expect(screen.getByText('Salasanassa on oltava vähintään 7 merkkiä')).toBeTruthy()
    expect(screen.getByText('Salasanat eivät täsmää')).toBeTruthy()
    expect(sent).toHaveLength(0)
  })

  function fillIn() {
    type('Sähköpostiosoite', 'anna@example.fi')
    type('Salasana', 'salasana1')
    type('Vahvista salasana', 'salasana1')
  }

  it('registers with the newsletter consent and the mail’s language and link, then logs the new shopper in', async () => {
    answers = {
      '/api/session/register': { status: 202, body: { checkEmail: true } },
      '/api/session/login': { status: 200, body: { user, maxAge: 900 } },
    }
    const onRegistered = vi.fn()
    const store = renderWithShop(<RegisterForm onRegistered={onRegistered} />)
    fillIn()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Haluan tilata uutiskirjeen' }))
    fireEvent.click(screen.getByRole('button', { name: 'Luo tili' }))
    await waitFor(() => expect(onRegistered).toHaveBeenCalledOnce())
    expect(sent.map((call) => call.url)).toEqual(['/api/session/register', '/api/session/login'])
    expect(sent[0]).toMatchObject({
      body: {
        username: 'anna@example.fi',
        user: { newsletter: true },
        rememberMe: false,
        language: 'fi',
        accountPath: expect.stringMatching(/^\//),
      },
    })
    expect(store.getState().auth.user?.email).toBe('anna@example.fi')
  })

  it('asks the shopper to check their e-mail when the address already had an account', async () => {
    answers = {
      '/api/session/register': { status: 202, body: { checkEmail: true } },
      '/api/session/login': { status: 401, body: { error: 'invalid-credentials' } },
    }
    renderWithShop(<RegisterForm />)
    fillIn()
    fireEvent.click(screen.getByRole('button', { name: 'Luo tili' }))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Tarkista sähköpostisi: lähetimme tilistä viestin antamaasi osoitteeseen.',
      ),
    )
  })
})
