/** Pure validators shared by the checkout form and the commerce API (no React, no server code). */
export { isValidEmail } from './email'
export { isFilled } from './required'
export { isValidZip, normaliseZip } from './zip'
export { isCountryCode, type CountryCode } from './country'
export {
  isValidPersonalId,
  isValidFinnishPersonalId,
  isValidSwedishPersonalId,
  isValidNorwegianPersonalId,
  isValidDanishPersonalId,
} from './personal-id'
export {
  isValidOrganisationId,
  isValidFinnishOrganisationId,
  isValidSwedishOrganisationId,
  isValidNorwegianOrganisationId,
  isValidDanishOrganisationId,
} from './organisation-id'
export { isValidPhone } from './phone'
