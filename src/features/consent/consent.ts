/**
 * The shopper's cookie choice (issue #13): what each category allows, how the choice is kept in
 * the `lumo-consent` cookie, and what Google Consent Mode v2 is told. Pure, so the server, the
 * browser and the tests read it the same way.
 *
 * - necessary: always on (cart, session, language and market, this choice itself);
 * - statistics: the tag manager may measure visits (`analytics_storage`);
 * - marketing: advertising storage and personalisation, and the hashed e-mail and name sent with
 *   a purchase (`ad_storage`, `ad_user_data`, `ad_personalization`).
 */

export const CONSENT_CATEGORIES = ['necessary', 'statistics', 'marketing'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]

/** The optional categories; `necessary` cannot be refused. */
export interface ConsentChoice {
  statistics: boolean
  marketing: boolean
}

export const ALL_GRANTED: ConsentChoice = { statistics: true, marketing: true }
export const ONLY_NECESSARY: ConsentChoice = { statistics: false, marketing: false }

/** A changed meaning of the categories asks everyone again: older cookies are not read. */
export const CONSENT_VERSION = 1

/** `v1.s1.m0`: short, no characters a cookie value must escape. */
export function serialiseConsent(choice: ConsentChoice): string {
  return `v${CONSENT_VERSION}.s${choice.statistics ? 1 : 0}.m${choice.marketing ? 1 : 0}`
}

/** The stored choice, or null when there is none (or it is garbage, or from an older version). */
export function parseConsent(raw: string | undefined | null): ConsentChoice | null {
  const match = /^v(\d+)\.s([01])\.m([01])$/.exec(raw ?? '')
  if (!match || Number(match[1]) !== CONSENT_VERSION) return null
  return { statistics: match[2] === '1', marketing: match[3] === '1' }
}

export type ConsentModeValue = 'granted' | 'denied'

/** Google Consent Mode v2's consent types. */
export interface ConsentModeState {
  ad_storage: ConsentModeValue
  ad_user_data: ConsentModeValue
  ad_personalization: ConsentModeValue
  analytics_storage: ConsentModeValue
  functionality_storage: ConsentModeValue
  security_storage: ConsentModeValue
}

const grant = (allowed: boolean): ConsentModeValue => (allowed ? 'granted' : 'denied')

/** What Consent Mode is told for a choice; no choice yet is everything optional denied. */
export function consentModeState(choice: ConsentChoice | null): ConsentModeState {
  const statistics = choice?.statistics === true
  const marketing = choice?.marketing === true
  return {
    ad_storage: grant(marketing),
    ad_user_data: grant(marketing),
    ad_personalization: grant(marketing),
    analytics_storage: grant(statistics),
    functionality_storage: 'granted',
    security_storage: 'granted',
  }
}

/** The tag manager is loaded only once the shopper allowed something it is for. */
export function tagManagerAllowed(choice: ConsentChoice | null): boolean {
  return choice !== null && (choice.statistics || choice.marketing)
}

/** Hashed personal data (the purchase's e-mail, names, zip) goes out only with marketing consent. */
export function personalDataAllowed(choice: ConsentChoice | null): boolean {
  return choice?.marketing === true
}
