// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import type { ApolloClient } from '@apollo/client'
import { renderRoutes } from '../../ui/test-helpers'
import { makeStore } from '../../app/store'
import { userRestored } from '../auth/slice'
import { passwordDigest } from '../../shared/password-digest'
import type { AccountUser } from './api'
import { PasswordForm } from './PasswordForm'
import { DeleteAccount } from './DeleteAccount'
import { ProfileForm } from './ProfileForm'
import { ConsentsForm } from './ConsentsForm'
import fi from '../../../locales/fi.json'

const text = (id: keyof typeof fi) => fi[id]
/** A field by its label: the label's text followed only by the required marker. */
const field = (id: keyof typeof fi) => screen.getByLabelText(new RegExp(`^${text(id)}( \\*)?$`))

beforeAll(() => {
  // jsdom has no modal dialogs
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const USER: AccountUser = {
  id: '4f1c0a52-5a6b-4a47-9d61-3f1f0d1f2a11',
  email: 'aino@example.fi',
  gender: 'WOMAN',
  customerType: 'PERSON',
  newsletter: false,
  sms: false,
  personalId: '',
  organizationId: null,
  memberType: '',
  memberId: '',
  address: null,
  balances: [],
}

function loggedInStore() {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(
    userRestored({
      id: USER.id,
      email: USER.email,
      customerType: 'PERSON',
      memberType: null,
      isMember: false,
    }),
  )
  return store
}

function renderOnSettings(element: React.ReactNode, mutate = vi.fn()) {
  const store = loggedInStore()
  const apollo = { mutate } as unknown as ApolloClient
  const view = renderRoutes(
    [
      { path: '/tilini/asetukset', element },
      { path: '/', element: <h1>Etusivu</h1> },
    ],
    { path: '/fi/tilini/asetukset', store, getApollo: () => Promise.resolve(apollo) },
  )
  return { ...view, store, mutate }
}

describe('PasswordForm', () => {
  it('ties the spec’s messages to the fields and sends nothing while they are wrong', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    renderOnSettings(<PasswordForm />)
    fireEvent.click(screen.getByRole('button', { name: text('account.password.submit') }))
    const current = field('account.password.current')
    expect(current.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(current)
    expect(screen.getAllByText(text('validation.password.empty'))).toHaveLength(2)
    expect(field('account.password.confirm').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(text('validation.mandatory'))).toBeTruthy()

    fireEvent.change(current, { target: { value: 'vanha-salasana' } })
    fireEvent.change(field('account.password.new'), {
      target: { value: 'lyhyt' },
    })
    fireEvent.change(field('account.password.confirm'), {
      target: { value: 'toinen' },
    })
    fireEvent.click(screen.getByRole('button', { name: text('account.password.submit') }))
    expect(screen.getByText('Salasanassa on oltava vähintään 7 merkkiä')).toBeTruthy()
    expect(screen.getByText(text('validation.password.mismatch'))).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  function fillPasswords() {
    fireEvent.change(field('account.password.current'), {
      target: { value: 'vanha-salasana' },
    })
    for (const id of ['account.password.new', 'account.password.confirm'] as const) {
      fireEvent.change(field(id), { target: { value: 'uusi-salasana' } })
    }
    fireEvent.click(screen.getByRole('button', { name: text('account.password.submit') }))
  }

  it('sends both passwords as digests to the session and says when it is done', async () => {
    const granted = {
      user: { id: USER.id, email: USER.email, customerType: 'PERSON', memberType: null, isMember: false },
      maxAge: 900,
    }
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(new Response(JSON.stringify(granted), { status: 200 })),
    )
    vi.stubGlobal('fetch', fetchMock)
    const { store } = renderOnSettings(<PasswordForm />)
    fillPasswords()
    expect(await screen.findByText(text('account.password.changed'))).toBeTruthy()
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/session/password')
    expect(new Headers(init.headers).get('x-lumo-csrf')).toBe('1')
    expect(JSON.parse(String(init.body))).toEqual({
      password: await passwordDigest('vanha-salasana'),
      newPassword: await passwordDigest('uusi-salasana'),
    })
    expect(store.getState().auth.user).not.toBeNull()
  })

  it('logs out on a wrong current password and opens the login (docs/product-rules.md#accounts-and-auth)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'wrong-password', loggedOut: true }), { status: 401 }),
        ),
      ),
    )
    const { store, router } = renderOnSettings(<PasswordForm />)
    fillPasswords()
    expect(await screen.findByRole('heading', { name: 'Etusivu' })).toBeTruthy()
    expect(store.getState().auth.user).toBeNull()
    expect(router.state.location.search).toBe(
      `?action=login&returnTo=${encodeURIComponent('/fi/tilini/asetukset')}`,
    )
    expect(store.getState().snackbar.queue.map((item) => item.message)).toEqual([text('auth.password.wrong')])
  })
})

describe('DeleteAccount', () => {
  it('asks for confirmation, deletes, logs out and goes home', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })))
    vi.stubGlobal('fetch', fetchMock)
    const mutate = vi.fn(() => Promise.resolve({ data: { deleteUser: true } }))
    const { store } = renderOnSettings(<DeleteAccount />, mutate)
    fireEvent.click(screen.getByRole('button', { name: text('account.delete.open') }))
    const dialog = screen.getByRole('dialog', { name: text('account.delete.confirmTitle') })
    expect(dialog).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: text('account.delete.cancel') }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(mutate).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: text('account.delete.open') }))
    fireEvent.click(screen.getByRole('button', { name: text('account.delete.confirm') }))
    expect(await screen.findByRole('heading', { name: 'Etusivu' })).toBeTruthy()
    expect(mutate).toHaveBeenCalledTimes(1)
    expect(fetchMock).toHaveBeenCalledWith('/api/session/logout', expect.objectContaining({ method: 'POST' }))
    expect(store.getState().auth.user).toBeNull()
    expect(store.getState().snackbar.queue.map((item) => item.message)).toEqual([text('account.delete.done')])
  })

  it('stays logged in and says so when the deletion fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const mutate = vi.fn(() => Promise.reject(new Error('down')))
    const { store } = renderOnSettings(<DeleteAccount />, mutate)
    fireEvent.click(screen.getByRole('button', { name: text('account.delete.open') }))
    fireEvent.click(screen.getByRole('button', { name: text('account.delete.confirm') }))
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(store.getState().auth.user).not.toBeNull()
  })
})

describe('ProfileForm and ConsentsForm', () => {
  it('refuses an incomplete address, then saves the profile with updateUser', async () => {
    const mutate = vi.fn((options: { variables: Record<string, unknown> }) =>
      Promise.resolve({
        data: {
          updateUser: { ...USER, address: { ...(options.variables.user as { address: object }).address } },
        },
      }),
    )
    const onSaved = vi.fn()
    renderOnSettings(<ProfileForm user={USER} onSaved={onSaved} />, mutate)
    fireEvent.click(screen.getByRole('button', { name: text('account.settings.save') }))
    const firstName = field('checkout.firstName')
    expect(document.activeElement).toBe(firstName)
    expect(firstName.getAttribute('aria-invalid')).toBe('true')
    expect(mutate).not.toHaveBeenCalled()

    const fill = (label: keyof typeof fi, value: string) =>
      fireEvent.change(field(label), { target: { value } })
    fill('checkout.firstName', 'Aino')
    fill('checkout.lastName', 'Virtanen')
    fill('checkout.address', 'Mannerheimintie 1')
    fill('checkout.zip', '00100')
    fill('checkout.city', 'Helsinki')
    fill('checkout.phone', '+358 40 123 4567')
    fireEvent.click(screen.getByRole('button', { name: text('account.settings.save') }))
    expect(await screen.findByText(text('account.settings.saved'))).toBeTruthy()
    expect(mutate.mock.calls[0]?.[0].variables.user).toMatchObject({
      customerType: 'PERSON',
      gender: 'WOMAN',
      address: { firstName: 'Aino', lastName: 'Virtanen', zip: '00100', city: 'Helsinki', country: 'FI' },
    })
    expect(onSaved).toHaveBeenCalledTimes(1)
  })

  it('saves the consents on their own', async () => {
    const mutate = vi.fn((_options: { variables: Record<string, unknown> }) =>
      Promise.resolve({ data: { updateUser: { ...USER, newsletter: true, sms: true } } }),
    )
    renderOnSettings(<ConsentsForm user={USER} onSaved={() => undefined} />, mutate)
    fireEvent.click(screen.getByRole('checkbox', { name: text('checkout.newsletter') }))
    fireEvent.click(screen.getByRole('checkbox', { name: text('checkout.sms') }))
    fireEvent.click(screen.getByRole('button', { name: text('account.settings.saveConsents') }))
    expect(await screen.findByText(text('account.settings.consentsSaved'))).toBeTruthy()
    expect(mutate.mock.calls[0]?.[0].variables.user).toEqual({
      customerType: 'PERSON',
      newsletter: true,
      sms: true,
    })
  })

  it('says the newsletter waits for the confirmation link while the list has not confirmed it', async () => {
    const mutate = vi.fn((_options: { variables: Record<string, unknown> }) =>
      Promise.resolve({ data: { updateUser: { ...USER, newsletter: false } } }),
    )
    renderOnSettings(<ConsentsForm user={USER} onSaved={() => undefined} />, mutate)
    fireEvent.click(screen.getByRole('checkbox', { name: text('checkout.newsletter') }))
    fireEvent.click(screen.getByRole('button', { name: text('account.settings.saveConsents') }))
    expect(await screen.findByText(text('account.settings.newsletterPending'))).toBeTruthy()
  })
})
