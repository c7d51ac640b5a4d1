// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { makeStore } from '../../app/store'
import {
  ALL_GRANTED,
  ONLY_NECESSARY,
  consentModeState,
  parseConsent,
  personalDataAllowed,
  serialiseConsent,
  tagManagerAllowed,
} from './consent'
import { gtag, installConsentDefaults, loadTagManager } from './consent-mode'
import { startConsent } from './listeners'
import { consentChosen, consentRestored, consentSettingsOpened, consentReducer } from './slice'

const TAG_MANAGER = { id: 'GTM-TEST123', scriptUrl: 'http://127.0.0.1:9/gtm.js' }

/** The data layer's gtag entries as plain arrays (they are Arguments objects). */
const calls = (layer: unknown[] | undefined) =>
  (layer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]'
      ? Array.from(entry as ArrayLike<unknown>)
      : entry,
  )

afterEach(() => {
  document.head.innerHTML = ''
  document.cookie = 'lumo-consent=; Max-Age=0; Path=/'
  delete window.dataLayer
})

describe('the stored choice', () => {
  it('round-trips through the cookie value', () => {
    for (const choice of [ALL_GRANTED, ONLY_NECESSARY, { statistics: true, marketing: false }]) {
      expect(parseConsent(serialiseConsent(choice))).toEqual(choice)
    }
    expect(serialiseConsent({ statistics: true, marketing: false })).toBe('v1.s1.m0')
  })

  it('reads garbage, a missing cookie and an older version as no choice', () => {
    for (const raw of [undefined, '', 'yes', 'v0.s1.m1', 'v1.s2.m0', 'v1.s1.m1;x']) {
      expect(parseConsent(raw)).toBeNull()
    }
  })
})

describe('Consent Mode v2', () => {
  it('denies every optional type until a choice, and maps the categories', () => {
    expect(consentModeState(null)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      security_storage: 'granted',
    })
    expect(consentModeState({ statistics: true, marketing: false })).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
    })
    expect(consentModeState(ALL_GRANTED)).toMatchObject({
      ad_personalization: 'granted',
      ad_user_data: 'granted',
    })
  })

  it('allows the tag manager with statistics or marketing, personal data only with marketing', () => {
    expect(tagManagerAllowed(null)).toBe(false)
    expect(tagManagerAllowed(ONLY_NECESSARY)).toBe(false)
    expect(tagManagerAllowed({ statistics: true, marketing: false })).toBe(true)
    expect(personalDataAllowed({ statistics: true, marketing: false })).toBe(false)
    expect(personalDataAllowed(ALL_GRANTED)).toBe(true)
  })

  it('puts the denied defaults first, then a stored choice as an update', () => {
    const target: Pick<Window, 'dataLayer'> = {}
    installConsentDefaults(target, { statistics: true, marketing: false })
    const [defaults, redaction, update] = calls(target.dataLayer)
    expect(defaults).toEqual(['consent', 'default', { ...consentModeState(null), wait_for_update: 500 }])
    expect(redaction).toEqual(['set', 'ads_data_redaction', true])
    expect(update).toEqual(['consent', 'update', consentModeState({ statistics: true, marketing: false })])
    // gtag pushes the Arguments object itself, as Google's snippet does
    gtag(target, 'event', 'x')
    expect(Object.prototype.toString.call(target.dataLayer?.at(-1))).toBe('[object Arguments]')
  })

  it('adds the tag manager script once', () => {
    expect(loadTagManager(document, window, TAG_MANAGER)).toBe(true)
    expect(loadTagManager(document, window, TAG_MANAGER)).toBe(false)
    const scripts = document.head.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.src).toBe('http://127.0.0.1:9/gtm.js?id=GTM-TEST123')
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'gtm.js' })
  })
})

describe('the consent listener', () => {
  it('loads nothing before a choice, nothing for only necessary, the tag manager after statistics', () => {
    const store = makeStore(undefined, { devTools: false })
    const stop = startConsent(store, TAG_MANAGER)
    expect(document.querySelector('script')).toBeNull()
    store.dispatch(consentChosen(ONLY_NECESSARY))
    expect(document.querySelector('script')).toBeNull()
    expect(document.cookie).toContain('lumo-consent=v1.s0.m0')
    store.dispatch(consentChosen({ statistics: true, marketing: false }))
    expect(document.querySelectorAll('script')).toHaveLength(1)
    expect(document.cookie).toContain('lumo-consent=v1.s1.m0')
    expect(calls(window.dataLayer)).toContainEqual([
      'consent',
      'update',
      consentModeState({ statistics: true, marketing: false }),
    ])
    stop()
  })

  it('loads the tag manager at start when the stored choice allows it, never without a GTM_ID', () => {
    const store = makeStore(undefined, { devTools: false })
    store.dispatch(consentRestored(ALL_GRANTED))
    const stopWithout = startConsent(store, null)
    expect(document.querySelector('script')).toBeNull()
    stopWithout()
    const stop = startConsent(store, TAG_MANAGER)
    expect(document.querySelectorAll('script')).toHaveLength(1)
    stop()
  })

  it('closes the settings when the shopper chooses', () => {
    let state = consentReducer(undefined, consentSettingsOpened())
    expect(state.settingsOpen).toBe(true)
    state = consentReducer(state, consentChosen(ALL_GRANTED))
    expect(state).toEqual({ choice: ALL_GRANTED, settingsOpen: false })
  })
})
