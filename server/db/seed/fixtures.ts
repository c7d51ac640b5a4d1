/**
 * Known seeded data that tests (and people trying the shop) can rely on. The seed writes exactly
 * these; everything else in the catalogue is generated and only its shape is guaranteed.
 *
 * All money is minor units including VAT. Dates relative to the seed's reference date
 * (`seedDatabase(db, { referenceDate })`, default today UTC).
 */
import { MARKETS, MARKET_ALIASES, type MarketAlias } from '../../../src/shared/markets'

/** The stock situations the seed draws for a SKU. */
export type StockStatus = 'in-stock' | 'few-left' | 'out-of-stock' | 'oversellable' | 'static' | 'incoming'

/** Forced choices for the documented fixture products: what they pin down, the generator fills in the rest. */
export interface ProductOverrides {
  garment?: string
  colour?: string
  material?: string
  brand?: string
  /** Regular price in euro */
  euro?: number
  sale?: { campaign: string } | { percentage: number } | 'none'
  /** An earlier short discount inside the 30 days before the sale started */
  earlierDiscount?: boolean
  /** Days from the reference date; positive = incoming ('coming soon') */
  availableInDays?: number
  sizes?: readonly string[]
  stock?: readonly StockStatus[]
  reviews?: number
  outlet?: boolean
  /** A colour variant of this product (the style's main product): its garment, material, brand and price */
  variantOf?: number
}

/** Reference date of the deterministic fingerprint tests. */
export const FIXED_REFERENCE_DATE = '2026-06-01'
export const DEFAULT_SEED = 20_260_601

/**
 * Fixture products (ids 1–5 exist whenever at least 5 products are seeded). Sku ids are
 * product id × 100 + position (1-based), e.g. product 1's skus are 101…105.
 */
export const FIXTURE_PRODUCTS = {
  /** "Musta satiinimekko" by Lumo Studio: regular price, every stock status but incoming. */
  satinDress: {
    productId: 1,
    articleNumber: 'LU000001',
    brand: 'Lumo Studio',
    names: {
      fi: 'Musta satiinimekko',
      sv: 'Svart satinklänning',
      nb: 'Svart satengkjole',
      da: 'Sort satinkjole',
    },
    aliases: {
      fi: 'musta-satiinimekko-lumo-studio-1',
      sv: 'svart-satinklanning-lumo-studio-1',
      nb: 'svart-satengkjole-lumo-studio-1',
      da: 'sort-satinkjole-lumo-studio-1',
    },
    /** 59,95 € / 649 kr / 699 kr / 449 kr */
    regularPrice: { fi: 5995, se: 64900, no: 69900, dk: 44900 } satisfies Record<MarketAlias, number>,
    skus: {
      /** size 34: 20 in stock */
      inStock: 101,
      /** size 36: exactly 5 in stock ("few left") */
      stockFive: 102,
      /** size 38: out of stock */
      outOfStock: 103,
      /** size 40: 0 in stock, 25 oversellable */
      oversellable: 104,
      /** size 42: static stock 50, never decremented */
      staticStock: 105,
    },
    reviews: 6,
  },
  /** "Viininpunainen juhlamekko": in the Juhlakausi (party season) campaign, -25 %, with an
   *  earlier short -10 % discount inside the 30 days before the campaign started. */
  campaignDress: { productId: 2, campaign: 'party-season', discountPercentage: 25 },
  /** A -30 % sale price without a campaign (discount type SALE_PRICE). */
  salePriceCoat: { productId: 3, discountPercentage: 30 },
  /** Coming soon: available in 14 days, every sku incoming on that date, no reviews. */
  incomingSneakers: { productId: 4, availableInDays: 14 },
  /** New arrival (available since 3 days), all sizes in stock. */
  newBlouse: { productId: 5, availableInDays: -3 },
  /**
   * The satin dress in two more colours (its colour variants, variant group 1; they exist when at
   * least 7 products are seeded): navy "Tummansininen satiinimekko" and red "Punainen satiinimekko",
   * same brand, material and regular price.
   */
  satinDressColours: {
    variantGroupId: 1,
    productIds: [6, 7],
    names: { fi: ['Tummansininen satiinimekko', 'Punainen satiinimekko'] },
  },
} as const

export const FIXTURE_PRODUCT_OVERRIDES: ReadonlyMap<number, ProductOverrides> = new Map<
  number,
  ProductOverrides
>([
  [
    1,
    {
      garment: 'dress',
      colour: 'black',
      material: 'satin',
      brand: 'Lumo Studio',
      euro: 59.95,
      sale: 'none',
      outlet: false,
      availableInDays: -60,
      sizes: ['34', '36', '38', '40', '42'],
      stock: ['in-stock', 'few-left', 'out-of-stock', 'oversellable', 'static'],
      reviews: 6,
    },
  ],
  [
    2,
    {
      garment: 'party-dress',
      colour: 'burgundy',
      material: 'velvet',
      brand: 'Lumo Studio',
      sale: { campaign: 'party-season' },
      earlierDiscount: true,
      outlet: false,
      availableInDays: -80,
      sizes: ['34', '36', '38', '40', '42', '44'],
      stock: ['in-stock', 'in-stock', 'few-left', 'in-stock', 'in-stock', 'in-stock'],
    },
  ],
  [
    3,
    {
      garment: 'wool-coat',
      colour: 'beige',
      material: 'wool',
      sale: { percentage: 30 },
      outlet: false,
      availableInDays: -200,
    },
  ],
  [
    4,
    {
      garment: 'sneakers',
      colour: 'white',
      material: 'leather',
      sale: 'none',
      outlet: false,
      availableInDays: 14,
    },
  ],
  [
    5,
    {
      garment: 'blouse',
      colour: 'offwhite',
      material: 'silk',
      sale: 'none',
      outlet: false,
      availableInDays: -3,
      sizes: ['34', '36', '38', '40', '42'],
      stock: ['in-stock', 'in-stock', 'in-stock', 'in-stock', 'in-stock'],
    },
  ],
  [6, { variantOf: 1, colour: 'navy', sale: 'none', outlet: false, availableInDays: -40 }],
  [7, { variantOf: 1, colour: 'red', sale: 'none', outlet: false, availableInDays: -20 }],
])

/** Fixed stock amounts of product 1's skus (the generator draws the others). */
export const FIXTURE_SKU_STOCK: ReadonlyMap<
  number,
  { inStock: number; oversellable: number; static: number }
> = new Map([
  [101, { inStock: 20, oversellable: 0, static: 0 }],
  [102, { inStock: 5, oversellable: 0, static: 0 }],
  [103, { inStock: 0, oversellable: 0, static: 0 }],
  [104, { inStock: 0, oversellable: 25, static: 0 }],
  [105, { inStock: 0, oversellable: 0, static: 50 }],
])

export const FIXTURE_PROMO_CODES = {
  /** 15 % off, every market, no minimum (the newsletter offer) */
  welcome15: { code: 'WELCOME15', kind: 'percentage', percentage: 15 },
  /** Fixed 10 € / 100 kr / 100 kr / 75 kr off with a minimum order of 50 € / 500 kr / 500 kr / 375 kr */
  save10: {
    code: 'SAVE10',
    kind: 'fixed',
    amountOff: { fi: 1000, se: 10000, no: 10000, dk: 7500 } satisfies Record<MarketAlias, number>,
    minOrderValue: { fi: 5000, se: 50000, no: 50000, dk: 37500 } satisfies Record<MarketAlias, number>,
  },
  /** 20 %, ended 30 days before the reference date */
  expired: { code: 'EXPIRED20', kind: 'percentage', percentage: 20 },
  /** 25 %, starts 30 days after the reference date */
  notYetActive: { code: 'FUTURE25', kind: 'percentage', percentage: 25 },
  /** 10 %, max_uses 1 and already used once */
  usedUp: { code: 'ONCEONLY', kind: 'percentage', percentage: 10 },
  /** Fixed 25 € / 250 kr / 250 kr / 190 kr off orders from 150 € / 1500 kr / 1500 kr / 1100 kr; Finland and Sweden only */
  bigSpender: {
    code: 'BIGSPENDER',
    kind: 'fixed',
    amountOff: { fi: 2500, se: 25000 } satisfies Partial<Record<MarketAlias, number>>,
    minOrderValue: { fi: 15000, se: 150000 } satisfies Partial<Record<MarketAlias, number>>,
  },
} as const

export const FIXTURE_GIFT_CODES = {
  /** 50 € unused */
  euro50: { code: 'GIFT-FI-50', currency: 'EUR', balance: 5000, initial: 5000 },
  /** 100 € card with 25 € left */
  euroPartlyUsed: { code: 'GIFT-FI-PARTIAL', currency: 'EUR', balance: 2500, initial: 10000 },
  sek500: { code: 'GIFT-SE-500', currency: 'SEK', balance: 50000, initial: 50000 },
  nok500: { code: 'GIFT-NO-500', currency: 'NOK', balance: 50000, initial: 50000 },
  dkk400: { code: 'GIFT-DK-400', currency: 'DKK', balance: 40000, initial: 40000 },
  /** balance used up */
  empty: { code: 'GIFT-FI-EMPTY', currency: 'EUR', balance: 0, initial: 3000 },
  /** 40 € left but expired 10 days before the reference date */
  expired: { code: 'GIFT-FI-EXPIRED', currency: 'EUR', balance: 4000, initial: 4000 },
} as const

export const FIXTURE_EMAIL_RULES = {
  blacklisted: { email: 'blacklisted@example.com', message: 'Customer is blacklisted' },
  invalid: { email: 'invalid@example.com', message: 'Email seems to be invalid' },
} as const

/** Member types: NOCREDIT-* may not pay by invoice. */
export const FIXTURE_MEMBER_TYPES = {
  noCredit: 'NOCREDIT',
  noCreditDebt: 'NOCREDIT-DEBT',
  member: 'MEMBER',
} as const

/**
 * Customers with known e-mails (no password: the auth service sets one). Ids are fixed. Each
 * has orders; together the orders cover every status.
 */
export const FIXTURE_CUSTOMERS = {
  aino: {
    userId: '00000000-0000-4000-8000-000000000001',
    email: 'aino.asiakas@example.com',
    market: 'fi',
    firstName: 'Aino',
    lastName: 'Asiakas',
  },
  sven: {
    userId: '00000000-0000-4000-8000-000000000002',
    email: 'sven.kund@example.com',
    market: 'se',
    firstName: 'Sven',
    lastName: 'Kund',
  },
  nora: {
    userId: '00000000-0000-4000-8000-000000000003',
    email: 'nora.kunde@example.com',
    market: 'no',
    firstName: 'Nora',
    lastName: 'Kunde',
  },
  freja: {
    userId: '00000000-0000-4000-8000-000000000004',
    email: 'freja.kunde@example.com',
    market: 'dk',
    firstName: 'Freja',
    lastName: 'Kunde',
  },
  /** member type NOCREDIT-DEBT: invoice is blocked ("debt" status) */
  noCredit: {
    userId: '00000000-0000-4000-8000-000000000005',
    email: 'nocredit@example.com',
    market: 'fi',
    firstName: 'Niko',
    lastName: 'Nocredit',
  },
  /** customer type ORGANIZATION */
  business: {
    userId: '00000000-0000-4000-8000-000000000006',
    email: 'yritys@example.com',
    market: 'fi',
    firstName: 'Yrjö',
    lastName: 'Yritys',
  },
} as const satisfies Record<
  string,
  { userId: string; email: string; market: MarketAlias; firstName: string; lastName: string }
>

/** A fixture customer's address in each market (the seed's customers and their orders). */
export const FIXTURE_ADDRESSES: Record<
  MarketAlias,
  { street: string; zip: string; city: string; country: string; mobile: string }
> = {
  fi: {
    street: 'Mannerheimintie 12 A 4',
    zip: '00100',
    city: 'Helsinki',
    country: 'FI',
    mobile: '+358401234567',
  },
  se: {
    street: 'Drottninggatan 45',
    zip: '111 21',
    city: 'Stockholm',
    country: 'SE',
    mobile: '+46701234567',
  },
  no: { street: 'Karl Johans gate 20', zip: '0159', city: 'Oslo', country: 'NO', mobile: '+4791234567' },
  dk: {
    street: 'Strøget 18, 2. th.',
    zip: '1160',
    city: 'København K',
    country: 'DK',
    mobile: '+4520123456',
  },
}

/** Finnish zip range without delivery: Åland is outside the EU VAT area. */
export const FIXTURE_NO_DELIVERY_ZIP = {
  market: 'fi',
  zipFrom: '22000',
  zipTo: '22999',
  example: '22100',
} as const

/** Minimum order value per market (minor units incl. VAT), from the shop definition. */
export const MIN_ORDER_VALUE = Object.fromEntries(
  MARKET_ALIASES.map((alias) => [alias, MARKETS[alias].minOrderValue]),
) as Record<MarketAlias, number>

/** Free shipping thresholds of the default shipping option per market (69 € and equivalents), from the definition. */
export const FREE_SHIPPING_THRESHOLD = Object.fromEntries(
  MARKET_ALIASES.map((alias) => [alias, MARKETS[alias].freeShippingThreshold]),
) as Record<MarketAlias, number>
