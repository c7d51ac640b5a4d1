/**
 * Google Consent Mode v2 and the tag manager in the browser (issue #13, ADR 0035).
 *
 * `installConsentDefaults` runs first thing in the client entry, before the store's listeners
 * push any event: the data layer's first entry is `gtag('consent', 'default', …)` with every
 * optional type denied, then the stored choice as an `update`. The tag manager's script is added
 * only by `loadTagManager`, which the consent listener calls once the shopper allowed statistics
 * or marketing; until then nothing is requested from the tag manager's host.
 */
import { tagManagerScriptSrc, type TagManagerConfig } from '../../shared/tag-manager'
import { consentModeState, type ConsentChoice } from './consent'

/** How long tags wait for the `update` of a stored choice before using the defaults (ms). */
export const CONSENT_WAIT_FOR_UPDATE_MS = 500

type DataLayerTarget = Pick<Window, 'dataLayer'>

function argumentsObject(..._values: unknown[]): IArguments {
  // eslint-disable-next-line prefer-rest-params -- the tag manager reads gtag calls as Arguments objects
  return arguments
}

/** gtag() as Google's snippet defines it: the call's Arguments object goes into the data layer. */
export function gtag(target: DataLayerTarget, ...args: unknown[]): void {
  target.dataLayer = target.dataLayer ?? []
  // the same array: the tag manager's layer holds gtag's Arguments objects beside the events' entries
  const layer: unknown[] = target.dataLayer
  layer.push(argumentsObject(...args))
}

export function installConsentDefaults(target: DataLayerTarget, stored: ConsentChoice | null): void {
  gtag(target, 'consent', 'default', {
    ...consentModeState(null),
    wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
  })
  // without ad consent, ad clicks' identifiers are redacted
  gtag(target, 'set', 'ads_data_redaction', true)
  if (stored) gtag(target, 'consent', 'update', consentModeState(stored))
}

export function updateConsentMode(target: DataLayerTarget, choice: ConsentChoice): void {
  gtag(target, 'consent', 'update', consentModeState(choice))
}

const LOADER_ATTRIBUTE = 'data-lumo-tag-manager'

/** Adds the tag manager's script once per page (the snippet's `gtm.start` entry first). */
export function loadTagManager(doc: Document, target: DataLayerTarget, config: TagManagerConfig): boolean {
  if (doc.querySelector(`script[${LOADER_ATTRIBUTE}]`)) return false
  target.dataLayer = target.dataLayer ?? []
  target.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = doc.createElement('script')
  script.async = true
  script.src = tagManagerScriptSrc(config)
  script.setAttribute(LOADER_ATTRIBUTE, config.id)
  doc.head.appendChild(script)
  return true
}
