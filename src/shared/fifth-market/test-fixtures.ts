/**
 * The fifth-market proof (issue 28, ADR 0077): Iceland as one more entry of the shop definition's
 * table — market `is`, currency ISK without minor units, language `is` (its route slugs taken from
 * Danish until it has its own) — plus its messages. Tests swap it in with
 * `vi.mock('…/shop-definition')`; nothing else of the shop is edited for it.
 */
import type { ShopData } from '../shop-definition'

export const ICELAND = {
  language: {
    iso: 'is-IS',
    name: 'Íslenska',
    country: 'Ísland',
    flag: '🇮🇸',
    tsConfig: 'simple',
    slugsFrom: 'da',
  },
  currency: {
    minorUnit: 0,
    name: 'Íslensk króna',
    symbol: 'kr',
    perEuro: 150,
    loyalty: { minorPerPoint: 15, valuePerStep: 375, voucherMinimumPurchase: 3750 },
  },
  market: {
    countryCode: 'IS',
    countryName: 'Ísland',
    currency: 'ISK',
    languages: ['is'],
    timeZone: 'Atlantic/Reykjavik',
    vatRateBp: 2400,
    zipPattern: /^\d{3}$/,
    phone: { callingCode: '354', mobile: /^[678]\d{6}$/, trunkZero: false },
    minOrderValue: 1500,
    freeShippingThreshold: 12000,
    shipping: [
      { name: 'postur-pickup', names: { is: 'Pósturinn – pakkaport' }, fee: 990, freeAboveThreshold: true },
      { name: 'home-delivery', names: { is: 'Heimsending' }, fee: 1990, freeAboveThreshold: false },
    ],
    invoiceFee: 390,
    invoiceDueDays: 10,
    // deliberately not 14, so that a test sees the definition's number and not a copy
    returnWindowDays: 30,
  },
} as const

/** The shop definition's table with Iceland added. */
export function withIceland<T extends ShopData>(data: T): T {
  return {
    ...data,
    languages: { ...data.languages, is: ICELAND.language },
    currencies: { ...data.currencies, ISK: ICELAND.currency },
    markets: { ...data.markets, is: ICELAND.market },
  }
}

/** Icelandic texts the proof reads (the order mail's); any other key falls back to Danish. */
export const ICELAND_MESSAGES: Record<string, string> = {
  'mail.orderConfirmation.subject': 'Pöntunarstaðfesting {number}',
  'mail.orderConfirmation.greeting': 'Halló {name},',
  'mail.orderConfirmation.greetingAnonymous': 'Halló,',
  'mail.orderConfirmation.intro': 'takk fyrir pöntunina þína {number}.',
  'mail.orderConfirmation.returns': 'Þú hefur {days} daga skilarétt. Þjónustuverið er opið virka daga 8–17.',
  'mail.orderShipped.outro': 'Þú hefur {days} daga skilarétt frá afhendingu.',
}
