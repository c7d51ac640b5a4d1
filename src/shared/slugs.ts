/**
 * The localised page slugs of docs/product-rules.md#markets-and-urls, one path per language. Paths are stored decoded and in
 * Unicode NFC (the form react-router matches against); `paths.ts` emits them percent-encoded.
 * Invoices has only a Finnish path in the spec; the other three are our choice (ADR 0001).
 */
import { LOCALES, LOCALE_CODES, type LocaleCode } from './markets'

export const LOCALISED_ROUTE_NAMES = [
  'checkout',
  'account-orders',
  'account-settings',
  'account-balance',
  'account-membership',
  'account-invoices',
  'favorites',
  'brands',
  'bestsellers',
  'incoming',
  'new-arrivals',
  'register-return',
  'privacy',
] as const

export type LocalisedRouteName = (typeof LOCALISED_ROUTE_NAMES)[number]

const WRITTEN_PATHS: Record<LocalisedRouteName, Partial<Record<LocaleCode, string>>> = {
  checkout: { sv: '/kassan', nb: '/kassen', da: '/kassen', fi: '/kassa' },
  'account-orders': {
    sv: '/mina-sidor/ordrar',
    nb: '/min-konto/bestillinger',
    da: '/min-konto/bestillinger',
    fi: '/tilini/tilaukset',
  },
  'account-settings': {
    sv: '/mina-sidor/inställningar',
    nb: '/min-konto/innstillinger',
    da: '/min-konto/indstillinger',
    fi: '/tilini/asetukset',
  },
  'account-balance': {
    sv: '/mina-sidor/saldo',
    nb: '/min-konto/saldo',
    da: '/min-konto/saldo',
    fi: '/tilini/saldo',
  },
  'account-membership': {
    sv: '/mina-sidor/medlemskap',
    nb: '/min-konto/medlemskap',
    da: '/min-konto/medlemskab',
    fi: '/tilini/jäsenyys',
  },
  'account-invoices': {
    sv: '/mina-fakturor',
    nb: '/mine-fakturaer',
    da: '/mine-fakturaer',
    fi: '/omat-laskut',
  },
  favorites: { sv: '/favoriter', nb: '/favoritter', da: '/favoritter', fi: '/suosikkeja' },
  brands: { sv: '/märken', nb: '/merker', da: '/mærker', fi: '/merkit' },
  bestsellers: {
    sv: '/bästsäljare-just-nu',
    nb: '/bestselgere-akkurat-nå',
    da: '/bestseller-lige-nu',
    fi: '/parhaiten-myydyt-just-nyt',
  },
  incoming: { sv: '/kommer-snart', nb: '/kommer-snart', da: '/kommer-snart', fi: '/tulossa-pian' },
  'new-arrivals': { sv: '/nyheter', nb: '/nyheter', da: '/nyheder', fi: '/uutuudet' },
  'register-return': {
    sv: '/registrera-retur',
    nb: '/registrere-retur',
    da: '/registrer-returnering',
    fi: '/rekisteröi-palautus',
  },
  // what is collected and the cookie choices (issue #13); not in the spec's table
  privacy: { sv: '/integritet', nb: '/personvern', da: '/privatliv', fi: '/tietosuoja' },
}

/** Every route's path in every language: a language without its own slug uses its `slugsFrom` language's. */
export const LOCALISED_PATHS = Object.fromEntries(
  LOCALISED_ROUTE_NAMES.map((name) => {
    const written = WRITTEN_PATHS[name]
    const paths = LOCALE_CODES.map((code) => {
      const from = LOCALES[code].slugsFrom
      const path = written[code] ?? (from ? written[from] : undefined)
      if (path === undefined) throw new Error(`no ${name} path in ${code}`)
      return [code, path]
    })
    return [name, Object.fromEntries(paths)]
  }),
) as Record<LocalisedRouteName, Record<LocaleCode, string>>
