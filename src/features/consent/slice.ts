/**
 * The cookie choice in the store (issue #13): null until the shopper decides (the banner shows),
 * and whether the settings dialog is open (the footer's "Cookie settings" opens it again). The
 * browser restores the choice from the `lumo-consent` cookie before hydrating; the server never
 * renders anything that depends on it, so a shared cached page fits every shopper.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit'
import type { ConsentChoice } from './consent'

export interface ConsentState {
  choice: ConsentChoice | null
  settingsOpen: boolean
}

export const initialConsentState: ConsentState = { choice: null, settingsOpen: false }

const consentSlice = createSlice({
  name: 'consent',
  initialState: initialConsentState,
  reducers: {
    /** The stored choice, read from the cookie at boot (not a new decision: nothing is written). */
    consentRestored(state, action: PayloadAction<ConsentChoice | null>) {
      state.choice = action.payload
    },
    /** The shopper decided (banner or settings): stored, told to Consent Mode, tag manager maybe loaded. */
    consentChosen(state, action: PayloadAction<ConsentChoice>) {
      state.choice = action.payload
      state.settingsOpen = false
    },
    consentSettingsOpened(state) {
      state.settingsOpen = true
    },
    consentSettingsClosed(state) {
      state.settingsOpen = false
    },
  },
})

export const { consentRestored, consentChosen, consentSettingsOpened, consentSettingsClosed } =
  consentSlice.actions
export const consentReducer = consentSlice.reducer

export const selectConsentChoice = (state: { consent: ConsentState }): ConsentChoice | null =>
  state.consent.choice
