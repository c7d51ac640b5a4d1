/**
 * The shop's definition in one data table (issue 28, docs/adr/0077-one-shop-definition.md): its
 * languages, currencies (with their minor unit), markets (country, currency, languages, VAT,
 * shipping and fees, minimum order, invoice term, return window), customer types, stock
 * thresholds and loyalty rules. Every other module derives from `SHOP_DATA`: `markets.ts` (the
 * typed lists and lookups), `money.ts`, `customer-types.ts`, `availability.ts`, `loyalty.ts`, the
 * seed (the database's reference rows), the validation and the messages' numbers. Payment kinds
 * have their own table, `payment-kinds.ts` (ADR 0059).
 *
 * A new market is its entry here plus its language's texts (locales/, the slugs in `slugs.ts`
 * and the seed's vocabulary when it brings a new language). `src/shop-definition.fifth-market.test.ts`
 * adds Iceland this way. The `shopListRule` of eslint.config.js refuses a literal list of markets,
 * currencies or customer types anywhere else in product code.
 */

export interface LanguageData {
  /** BCP 47 tag the shop formats with */
  iso: string
  /** the language's own name, shown in the language switch */
  name: string
  /** the country named in the language switch */
  country: string
  flag: string
  /** PostgreSQL's full-text configuration for the language's texts */
  tsConfig: string
  /**
   * A language whose route slugs a new language uses until it has its own (`slugs.ts`); the
   * shop's first four write every slug
   */
  slugsFrom?: string
}

export interface CurrencyData {
  /** ISO 4217 minor unit: how many decimals an amount has (EUR 2, ISK 0) */
  minorUnit: number
  name: string
  symbol: string
  /** a rough euro rate for the seed's shelf prices */
  perEuro: number
  /**
   * Loyalty money in minor units (docs/product-rules.md#loyalty, in euro: 10 points per euro, 2.50 € per 1,000 points,
   * 25 € minimum purchase); the other currencies use fixed rounded equivalents.
   */
  loyalty: { minorPerPoint: number; valuePerStep: number; voucherMinimumPurchase: number }
}

export interface ShippingOptionData {
  /** the option's stable name in the database */
  name: string
  /** its display name per language of the market */
  names: Readonly<Record<string, string>>
  /** minor units incl. VAT */
  fee: number
  /** free above the market's free-shipping threshold */
  freeAboveThreshold: boolean
}

export interface MarketData {
  /** ISO 3166-1 alpha-2 */
  countryCode: string
  countryName: string
  currency: string
  /** the market's languages, its default first */
  languages: readonly string[]
  /** IANA zone for dates shown to shoppers (the server runs in UTC) */
  timeZone: string
  /** the standard VAT rate in basis points (25.5 % = 2550), an integer so that sums stay exact */
  vatRateBp: number
  /** postal code pattern of the country */
  zipPattern: RegExp
  /**
   * Mobile numbers of the country: its calling code, the national number without the trunk 0,
   * and whether numbers are written nationally with a trunk 0
   */
  phone: { callingCode: string; mobile: RegExp; trunkZero: boolean }
  /** minor units incl. VAT */
  minOrderValue: number
  /** minor units incl. VAT: the free-shipping threshold of the options marked so */
  freeShippingThreshold: number
  shipping: readonly ShippingOptionData[]
  /** the invoice's fee (minor units incl. VAT) */
  invoiceFee: number
  /** an invoice order falls due this many days after it was placed */
  invoiceDueDays: number
  /** a return can be registered this many days after delivery (docs/product-rules.md#orders-and-returns) */
  returnWindowDays: number
}

export interface ShopData {
  languages: Readonly<Record<string, LanguageData>>
  currencies: Readonly<Record<string, CurrencyData>>
  markets: Readonly<Record<string, MarketData>>
  /** the market and language a visitor gets when the URL names none */
  fallbackMarket: string
  defaultLanguage: string
  /**
   * Two ideas of a customer type: how prices are shown (with or without VAT; the page cache keys
   * on it) and who the buyer is in law (a person or an organisation with an organisation number).
   * Each price-display type names the legal buyer it places orders as.
   */
  priceDisplayTypes: Readonly<Record<string, { pricesIncludeVat: boolean; buyer: string }>>
  /** the legal buyer types; `organisation`: buys with an organisation number */
  buyerTypes: Readonly<Record<string, { organisation: boolean }>>
  /** the storefront's and the cache's type until a shopper chooses */
  defaultCustomerType: string
  stock: {
    /** at or below this many units in stock the card says "few left" (issue #3: ≤ 6) */
    fewLeftThreshold: number
  }
  loyalty: {
    /** points stay pending this many days after the purchase, then they are credited */
    pendingDays: number
    /** a payout converts each full step of points into voucher value */
    pointsPerPayoutStep: number
    /** a bonus voucher can be used this long after its payout */
    voucherValidDays: number
    /** points earned in the last 12 months each level needs */
    levels: Readonly<Record<string, number>>
  }
}

export const SHOP_DATA = {
  languages: {
    fi: { iso: 'fi-FI', name: 'Suomi', country: 'Suomi', flag: '🇫🇮', tsConfig: 'finnish' },
    sv: { iso: 'sv-SE', name: 'Svenska', country: 'Sverige', flag: '🇸🇪', tsConfig: 'swedish' },
    nb: { iso: 'nb-NO', name: 'Norsk', country: 'Norge', flag: '🇳🇴', tsConfig: 'norwegian' },
    da: { iso: 'da-DK', name: 'Dansk', country: 'Danmark', flag: '🇩🇰', tsConfig: 'danish' },
  },
  currencies: {
    EUR: {
      minorUnit: 2,
      name: 'Euro',
      symbol: '€',
      perEuro: 1,
      loyalty: { minorPerPoint: 10, valuePerStep: 250, voucherMinimumPurchase: 2500 },
    },
    SEK: {
      minorUnit: 2,
      name: 'Svensk krona',
      symbol: 'kr',
      perEuro: 11.2,
      loyalty: { minorPerPoint: 112, valuePerStep: 2800, voucherMinimumPurchase: 28000 },
    },
    NOK: {
      minorUnit: 2,
      name: 'Norsk krone',
      symbol: 'kr',
      perEuro: 11.7,
      loyalty: { minorPerPoint: 117, valuePerStep: 2900, voucherMinimumPurchase: 29000 },
    },
    DKK: {
      minorUnit: 2,
      name: 'Dansk krone',
      symbol: 'kr',
      perEuro: 7.46,
      loyalty: { minorPerPoint: 75, valuePerStep: 1900, voucherMinimumPurchase: 19000 },
    },
  },
  markets: {
    fi: {
      countryCode: 'FI',
      countryName: 'Suomi',
      currency: 'EUR',
      languages: ['fi', 'sv'],
      timeZone: 'Europe/Helsinki',
      // Finland raised its rate to 25.5 % in 2024.
      vatRateBp: 2550,
      zipPattern: /^\d{5}$/,
      phone: { callingCode: '358', mobile: /^(4\d{7,8}|50\d{6,7})$/, trunkZero: true },
      minOrderValue: 1000,
      freeShippingThreshold: 6900,
      shipping: [
        {
          name: 'posti-pickup',
          names: { fi: 'Posti – noutopiste', sv: 'Posti – utlämningsställe' },
          fee: 490,
          freeAboveThreshold: true,
        },
        {
          name: 'posti-home',
          names: { fi: 'Posti – kotiinkuljetus', sv: 'Posti – hemleverans' },
          fee: 990,
          freeAboveThreshold: false,
        },
      ],
      invoiceFee: 295,
      invoiceDueDays: 14,
      returnWindowDays: 14,
    },
    se: {
      countryCode: 'SE',
      countryName: 'Sverige',
      currency: 'SEK',
      languages: ['sv'],
      timeZone: 'Europe/Stockholm',
      vatRateBp: 2500,
      // 3 + 2 digits with an optional space; Swedish codes never start with 0
      zipPattern: /^[1-9]\d{2} ?\d{2}$/,
      phone: { callingCode: '46', mobile: /^7[02369]\d{7}$/, trunkZero: true },
      minOrderValue: 10000,
      freeShippingThreshold: 79000,
      shipping: [
        { name: 'postnord-pickup', names: { sv: 'PostNord – ombud' }, fee: 4900, freeAboveThreshold: true },
        { name: 'home-delivery', names: { sv: 'Hemleverans' }, fee: 9900, freeAboveThreshold: false },
      ],
      invoiceFee: 2900,
      invoiceDueDays: 14,
      returnWindowDays: 14,
    },
    no: {
      countryCode: 'NO',
      countryName: 'Norge',
      currency: 'NOK',
      languages: ['nb'],
      timeZone: 'Europe/Oslo',
      vatRateBp: 2500,
      zipPattern: /^\d{4}$/,
      phone: { callingCode: '47', mobile: /^[49]\d{7}$/, trunkZero: false },
      minOrderValue: 10000,
      freeShippingThreshold: 79000,
      shipping: [
        { name: 'posten-pickup', names: { nb: 'Posten – hentested' }, fee: 5900, freeAboveThreshold: true },
        { name: 'home-delivery', names: { nb: 'Hjemlevering' }, fee: 12900, freeAboveThreshold: false },
      ],
      invoiceFee: 2900,
      invoiceDueDays: 14,
      returnWindowDays: 14,
    },
    dk: {
      countryCode: 'DK',
      countryName: 'Danmark',
      currency: 'DKK',
      languages: ['da'],
      timeZone: 'Europe/Copenhagen',
      vatRateBp: 2500,
      // special codes such as 0800 exist, so a leading 0 is allowed
      zipPattern: /^\d{4}$/,
      phone: { callingCode: '45', mobile: /^[2-9]\d{7}$/, trunkZero: false },
      minOrderValue: 7500,
      freeShippingThreshold: 52000,
      shipping: [
        { name: 'gls-parcelshop', names: { da: 'GLS – pakkeshop' }, fee: 3900, freeAboveThreshold: true },
        { name: 'home-delivery', names: { da: 'Hjemmelevering' }, fee: 6900, freeAboveThreshold: false },
      ],
      invoiceFee: 1900,
      invoiceDueDays: 14,
      returnWindowDays: 14,
    },
  },
  fallbackMarket: 'fi',
  defaultLanguage: 'fi',
  priceDisplayTypes: {
    PERSON: { pricesIncludeVat: true, buyer: 'PERSON' },
    ORGANIZATION: { pricesIncludeVat: false, buyer: 'ORGANIZATION' },
    STUDENT: { pricesIncludeVat: true, buyer: 'PERSON' },
    CURVE: { pricesIncludeVat: true, buyer: 'PERSON' },
  },
  buyerTypes: { PERSON: { organisation: false }, ORGANIZATION: { organisation: true } },
  defaultCustomerType: 'PERSON',
  stock: { fewLeftThreshold: 6 },
  loyalty: {
    pendingDays: 30,
    pointsPerPayoutStep: 1000,
    voucherValidDays: 365,
    levels: { BRONZE: 0, SILVER: 2000, GOLD: 6000 },
  },
} as const satisfies ShopData
