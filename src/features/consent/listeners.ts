/**
 * What a cookie choice does in the browser (issue #13): it is stored in `lumo-consent`, told to
 * Consent Mode as an `update`, and, when it allows statistics or marketing and the shop has a
 * tag manager (`GTM_ID`), the tag manager is loaded. A page whose stored choice already allows
 * it loads the tag manager at start. Other tabs keep their own page's state until they reload.
 */
import type { AppStore } from '../../app/store'
import { COOKIES, writeCookie } from '../../shared/cookies'
import type { TagManagerConfig } from '../../shared/tag-manager'
import { serialiseConsent, tagManagerAllowed } from './consent'
import { loadTagManager, updateConsentMode } from './consent-mode'
import { consentChosen } from './slice'

export function startConsent(
  store: AppStore,
  tagManager: TagManagerConfig | null,
  target: Window = window,
): () => void {
  const loadIfAllowed = () => {
    if (tagManager && tagManagerAllowed(store.getState().consent.choice))
      loadTagManager(target.document, target, tagManager)
  }
  loadIfAllowed()
  return store.startListening({
    actionCreator: consentChosen,
    effect: (action) => {
      writeCookie(COOKIES.consent, serialiseConsent(action.payload))
      updateConsentMode(target, action.payload)
      loadIfAllowed()
    },
  })
}
