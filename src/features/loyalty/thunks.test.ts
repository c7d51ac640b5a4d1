// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { CSRF_HEADER } from '../../shared/storefront-api'
import { connected } from '../auth/slice'
import { MEMBERSHIP_MODAL_IDS } from './modal-ids'
import { deleteLoyaltyAccount, joinMembership, leaveMembership } from './thunks'

const user = {
  id: 'u-1',
  email: 'a@b.fi',
  customerType: 'PERSON' as const,
  memberType: null,
  isMember: false,
}
const contact = {
  id: '6f1c0a52-1d6c-4c39-9a57-0d3f8c1e2b11',
  discoveryKey: null,
  registrationCompleteEvent: false,
  preferences: { acceptsEmail: false, acceptsSms: false },
  isMember: false,
  memberNumber: null,
}

let calls: { url: string; method: string; headers: Record<string, string> }[]
let answers: { status: number; body: unknown }[]

beforeEach(() => {
  calls = []
  answers = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> })
    const answer = answers.shift() ?? { status: 500, body: {} }
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function loggedInStore() {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(connected({ user, maxAgeSeconds: 900, now: Date.now() }))
  return store
}

describe('membership (docs/product-rules.md#loyalty)', () => {
  it('joins: the contact, the member call with the CSRF header, a new session, then the success modal', async () => {
    answers.push({ status: 200, body: contact })
    answers.push({ status: 200, body: { ...contact, isMember: true, memberNumber: 'M12345678' } })
    answers.push({
      status: 200,
      body: { user: { ...user, isMember: true }, expiresAt: Date.now() + 1_800_000 },
    })
    const store = loggedInStore()
    expect(await store.dispatch(joinMembership())).toBe(true)
    expect(calls.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'GET /api/loyalty/get-contact',
      'POST /api/loyalty/member',
      'GET /api/session',
    ])
    expect(calls[1]!.url).toContain(`id=${contact.id}&isMember=true`)
    expect(calls[1]!.headers[CSRF_HEADER]).toBe('1')
    const state = store.getState()
    expect(state.loyalty).toMatchObject({ id: contact.id, isMember: true })
    expect(state.auth.user?.isMember).toBe(true)
    expect(state.modal.id).toBe(MEMBERSHIP_MODAL_IDS.joined)
  })

  it('leaves with the membership-deleted modal; a refused call changes nothing', async () => {
    answers.push({ status: 200, body: { ...contact, isMember: true } })
    answers.push({ status: 200, body: { ...contact, isMember: false } })
    answers.push({ status: 200, body: { user, expiresAt: Date.now() + 1_800_000 } })
    const store = loggedInStore()
    expect(await store.dispatch(leaveMembership())).toBe(true)
    expect(store.getState().loyalty.isMember).toBe(false)
    expect(store.getState().modal.id).toBe(MEMBERSHIP_MODAL_IDS.deleted)

    answers.push({ status: 403, body: { error: 'forbidden' } })
    const other = loggedInStore()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await other.dispatch(deleteLoyaltyAccount())).toBe(false)
    expect(other.getState().modal.id).toBeNull()
  })
})
