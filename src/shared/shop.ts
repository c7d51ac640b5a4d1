/**
 * The shop's own name, in one place: page titles, the channel the API answers, the payment
 * page's heading. Its lower-case form prefixes cookies, headers and a few paths.
 */
export const SHOP_NAME = 'Lumo'

/** The lower-case name: `lumo-auth` cookies, the `x-lumo-csrf` header, `/lumo-member`. */
export const SHOP_SLUG = 'lumo'
