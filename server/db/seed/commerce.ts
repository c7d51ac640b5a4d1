/**
 * The commerce side of the seed: markets and languages, shipping and payment options, promo and
 * gift codes, customer-status rules, content pages, and a few customers with orders in every
 * status. Orders are priced from the generated catalogue, with the same rules the shop uses
 * (minor units, VAT per market, free shipping above the threshold).
 */
import type { Insertable } from 'kysely'
import {
  CURRENCIES,
  CURRENCY_CODES,
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_CODES,
  MARKETS,
  MARKET_ALIASES,
  STANDARD_VAT_RATE_BP,
  type LocaleCode,
  type MarketAlias,
} from '../../../src/shared/markets'
import { BUYER_TYPES } from '../../../src/shared/customer-types'
import { toJson, type AddressJson, type DB, type OrderStatus, type PaymentKind } from '../schema'
import { addDays, at, buildProduct, type CatalogueContext, type ProductRows } from './catalogue'
import {
  FIXTURE_ADDRESSES,
  FIXTURE_CUSTOMERS,
  FIXTURE_EMAIL_RULES,
  FIXTURE_GIFT_CODES,
  FIXTURE_MEMBER_TYPES,
  FIXTURE_NO_DELIVERY_ZIP,
  FIXTURE_PROMO_CODES,
} from './fixtures'
import { Random } from './random'
import {
  PAYMENT_KIND_IDS,
  brandOf,
  kindsOfferedIn,
  isInvoiced,
  kindsSettledBy,
  paidAtProvider,
} from '../../../src/shared/payment-kinds'
import type { PerLanguage } from './vocabulary'

type Rows<T extends keyof DB> = Insertable<DB[T]>[]

export function marketRows() {
  const languages: Rows<'languages'> = LOCALE_CODES.map((code, index) => ({
    code,
    iso: LOCALES[code].iso,
    name: LOCALES[code].name,
    ts_config: LOCALES[code].tsConfig,
    sort_order: index,
  }))
  const markets: Rows<'markets'> = MARKET_ALIASES.map((alias, index) => {
    const market = MARKETS[alias]
    return {
      alias,
      market_id: `1|${alias}`,
      country_code: market.countryCode,
      country_name: market.countryName,
      currency_code: market.currency,
      currency_name: CURRENCIES[market.currency].name,
      currency_symbol: CURRENCIES[market.currency].symbol,
      vat_rate_bp: STANDARD_VAT_RATE_BP[alias],
      default_language: market.defaultLocale,
      min_order_value_inc_vat: market.minOrderValue,
      group_key: 'nordics',
      is_virtual: false,
      only_display_in_checkout: false,
      sort_order: index,
    }
  })
  const marketLanguages: Rows<'market_languages'> = MARKET_ALIASES.flatMap((alias) =>
    MARKETS[alias].allowedLocales.map((language, index) => ({
      market_alias: alias,
      language,
      sort_order: index,
    })),
  )
  const currencies: Rows<'currencies'> = CURRENCY_CODES.map((code) => ({
    code,
    minor_unit: CURRENCIES[code].minorUnit,
  }))
  const buyerTypes: Rows<'buyer_types'> = BUYER_TYPES.map((code) => ({ code }))
  const returnWindows: Rows<'market_return_windows'> = MARKET_ALIASES.map((alias) => ({
    market_alias: alias,
    days: MARKETS[alias].returnWindowDays,
  }))
  return { languages, currencies, markets, marketLanguages, buyerTypes, returnWindows }
}

const PAYMENT_NAMES: Partial<Record<PaymentKind, PerLanguage>> = {
  card: { fi: 'Korttimaksu', sv: 'Kortbetalning', nb: 'Kortbetaling', da: 'Kortbetaling' },
  invoice: {
    fi: 'Lasku ({days} päivää)',
    sv: 'Faktura ({days} dagar)',
    nb: 'Faktura ({days} dager)',
    da: 'Faktura ({days} dage)',
  },
}

function paymentNames(kind: PaymentKind): PerLanguage {
  const brand = brandOf(kind)?.name ?? kind
  return PAYMENT_NAMES[kind] ?? { fi: brand, sv: brand, nb: brand, da: brand }
}

/**
 * A market's option of a kind: card and invoice keep their first numbering (1–8, market by
 * market, which clients and tests know); a later kind is numbered from 100 × its place in the
 * table, plus the market's.
 */
function paymentOptionId(marketIndex: number, kind: PaymentKind): number {
  const index = PAYMENT_KIND_IDS.indexOf(kind)
  return index < 2 ? marketIndex * 2 + index + 1 : (index - 1) * 100 + marketIndex + 1
}

/** The names in the market's languages; `{days}` is the market's invoice term. */
function namesFor(alias: MarketAlias, names: Partial<PerLanguage>): Partial<PerLanguage> {
  const days = String(MARKETS[alias].invoiceDueDays)
  return Object.fromEntries(
    MARKETS[alias].allowedLocales.map((language) => [
      language,
      (names[language] ?? names[DEFAULT_LOCALE] ?? '').replace('{days}', days),
    ]),
  )
}

export function shippingAndPaymentRows() {
  const shipping: Rows<'shipping_options'> = []
  const payment: Rows<'payment_options'> = []
  MARKET_ALIASES.forEach((alias, marketIndex) => {
    const market = MARKETS[alias]
    market.shipping.forEach((option, index) => {
      shipping.push({
        shipping_option_id: marketIndex * 2 + index + 1,
        market_alias: alias,
        name: option.name,
        display_names: toJson(option.names),
        fee_inc_vat: option.fee,
        vat_rate_bp: STANDARD_VAT_RATE_BP[alias],
        free_shipping_threshold_inc_vat: option.freeAboveThreshold ? market.freeShippingThreshold : null,
        is_default: index === 0,
        is_active: true,
        sort_order: index,
      })
    })
    // each market offers the kinds whose markets include it (src/shared/payment-kinds.ts)
    kindsOfferedIn(alias).forEach((kind, index) => {
      payment.push({
        payment_option_id: paymentOptionId(marketIndex, kind),
        market_alias: alias,
        kind,
        display_names: toJson(namesFor(alias, paymentNames(kind))),
        fee_inc_vat: isInvoiced(kind) ? market.invoiceFee : 0,
        payment_type: 'STANDARD',
        // Provider payments leave for the provider's hosted page; an invoice is placed directly.
        checkout_type: paidAtProvider(kind) ? 'EXTERNAL' : 'STANDARD',
        // the first kind of the table is each market's default
        is_default: index === 0,
        is_active: true,
        sort_order: index,
      })
    })
  })
  const zipRules: Rows<'shipping_zip_rules'> = [
    {
      rule_id: 1,
      market_alias: FIXTURE_NO_DELIVERY_ZIP.market,
      shipping_option_id: null,
      zip_from: FIXTURE_NO_DELIVERY_ZIP.zipFrom,
      zip_to: FIXTURE_NO_DELIVERY_ZIP.zipTo,
      rule: 'no_delivery',
      description: 'Åland (Ahvenanmaa) is outside the EU VAT area: no delivery',
    },
    {
      rule_id: 2,
      market_alias: 'no',
      shipping_option_id: null,
      zip_from: '9170',
      zip_to: '9179',
      rule: 'no_delivery',
      description: 'Svalbard is outside the Norwegian VAT area: no delivery',
    },
  ]
  return { shipping, payment, zipRules }
}

/** Promotion codes and the markets (with minimum order values and amounts) each is valid in. */
function promoCodeRows(referenceDate: string, created: Date) {
  const allMarkets = (
    min: number | Record<MarketAlias, number> = 0,
    amounts?: Partial<Record<MarketAlias, number>>,
  ) =>
    MARKET_ALIASES.filter((alias) => !amounts || amounts[alias] !== undefined).map((alias) => ({
      market_alias: alias,
      min_order_value_inc_vat: typeof min === 'number' ? min : min[alias],
      amount_off_inc_vat: amounts?.[alias] ?? null,
    }))
  const { welcome15, save10, expired, notYetActive, usedUp, bigSpender } = FIXTURE_PROMO_CODES
  const promoDefinitions = [
    {
      code: welcome15.code,
      kind: welcome15.kind,
      percentage: welcome15.percentage,
      description: 'Newsletter welcome offer',
      markets: allMarkets(),
    },
    {
      code: save10.code,
      kind: save10.kind,
      percentage: null,
      description: 'Fixed amount off above a minimum order value',
      markets: allMarkets(save10.minOrderValue, save10.amountOff),
    },
    {
      code: expired.code,
      kind: expired.kind,
      percentage: expired.percentage,
      description: 'Ended campaign code',
      active_from: at(addDays(referenceDate, -120)),
      active_to: at(addDays(referenceDate, -30), 23, 59),
      markets: allMarkets(),
    },
    {
      code: notYetActive.code,
      kind: notYetActive.kind,
      percentage: notYetActive.percentage,
      description: 'Starts later',
      active_from: at(addDays(referenceDate, 30), 0),
      markets: allMarkets(),
    },
    {
      code: usedUp.code,
      kind: usedUp.kind,
      percentage: usedUp.percentage,
      description: 'Single use, already used',
      max_uses: 1,
      used_count: 1,
      markets: allMarkets(),
    },
    {
      code: bigSpender.code,
      kind: bigSpender.kind,
      percentage: null,
      description: 'Finland and Sweden only',
      markets: (Object.keys(bigSpender.amountOff) as (keyof typeof bigSpender.amountOff)[]).map((alias) => ({
        market_alias: alias,
        min_order_value_inc_vat: bigSpender.minOrderValue[alias],
        amount_off_inc_vat: bigSpender.amountOff[alias],
      })),
    },
  ]
  const promoCodes: Rows<'promo_codes'> = promoDefinitions.map(({ markets: _markets, ...promo }) => ({
    active_from: null,
    active_to: null,
    max_uses: null,
    used_count: 0,
    is_active: true,
    created_at: created,
    ...promo,
  }))
  const promoMarkets: Rows<'promo_code_markets'> = promoDefinitions.flatMap((promo) =>
    promo.markets.map((market) => ({ code: promo.code, ...market })),
  )
  return { promoCodes, promoMarkets }
}

/** Gift cards, with a transaction for each one partly spent. */
function giftCodeRows(referenceDate: string, created: Date) {
  const giftCodes: Rows<'gift_codes'> = Object.values(FIXTURE_GIFT_CODES).map((gift) => ({
    code: gift.code,
    currency_code: gift.currency,
    initial_amount: gift.initial,
    balance: gift.balance,
    expires_at:
      gift.code === FIXTURE_GIFT_CODES.expired.code
        ? at(addDays(referenceDate, -10), 23, 59)
        : at(addDays(referenceDate, 365), 23, 59),
    created_at: created,
  }))
  const giftTransactions: Rows<'gift_code_transactions'> = Object.values(FIXTURE_GIFT_CODES)
    .filter((gift) => gift.balance < gift.initial && gift.code !== FIXTURE_GIFT_CODES.expired.code)
    .map((gift) => ({
      code: gift.code,
      order_id: null,
      amount: gift.balance - gift.initial,
      created_at: at(addDays(referenceDate, -20)),
    }))
  return { giftCodes, giftTransactions }
}

/** Email addresses checkout refuses, and member types that block payment kinds. */
function customerRuleRows() {
  const emailRules: Rows<'customer_email_rules'> = [
    {
      email: FIXTURE_EMAIL_RULES.blacklisted.email,
      status: 'blacklisted',
      message: FIXTURE_EMAIL_RULES.blacklisted.message,
    },
    {
      email: FIXTURE_EMAIL_RULES.invalid.email,
      status: 'invalid_email',
      message: FIXTURE_EMAIL_RULES.invalid.message,
    },
  ]
  const memberTypes: Rows<'member_types'> = [
    {
      member_type: FIXTURE_MEMBER_TYPES.noCredit,
      blocked_payment_kinds: kindsSettledBy('invoiced'),
      description: 'No credit: invoice not allowed (status "limited")',
    },
    {
      member_type: FIXTURE_MEMBER_TYPES.noCreditDebt,
      blocked_payment_kinds: kindsSettledBy('invoiced'),
      description: 'No credit because of debt collection (status "debt")',
    },
    {
      member_type: FIXTURE_MEMBER_TYPES.member,
      blocked_payment_kinds: [],
      description: 'Loyalty programme member',
    },
  ]
  return { emailRules, memberTypes }
}

export function codeRows(referenceDate: string) {
  const created = at(addDays(referenceDate, -90))
  return {
    ...promoCodeRows(referenceDate, created),
    ...giftCodeRows(referenceDate, created),
    ...customerRuleRows(),
  }
}

interface PageDefinition {
  key: string
  kind: 'page' | 'inspiration' | 'member' | 'style'
  alias: PerLanguage
  title: PerLanguage
  body: PerLanguage
}

const PAGES: readonly PageDefinition[] = [
  {
    key: 'about',
    kind: 'page',
    alias: { fi: 'tietoa-meista', sv: 'om-oss', nb: 'om-oss', da: 'om-os' },
    title: { fi: 'Tietoa meistä', sv: 'Om oss', nb: 'Om oss', da: 'Om os' },
    body: {
      fi: 'Lumo on pohjoismainen verkkokauppa, joka myy naisten vaatteita, kenkiä ja alusvaatteita Suomeen, Ruotsiin, Norjaan ja Tanskaan.\n\nValikoimassamme on yli 60 merkkiä juhlamekoista urheiluvaatteisiin. Uskomme laatuun, hyvään istuvuuteen ja vaatteisiin, joita käytetään vuodesta toiseen.',
      sv: 'Lumo är en nordisk webbutik för damkläder, skor och underkläder i Finland, Sverige, Norge och Danmark.\n\nI vårt sortiment finns över 60 märken, från festklänningar till träningskläder. Vi tror på kvalitet, bra passform och kläder som används år efter år.',
      nb: 'Lumo er en nordisk nettbutikk for dameklær, sko og undertøy i Finland, Sverige, Norge og Danmark.\n\nI sortimentet vårt finner du over 60 merker, fra festkjoler til treningsklær. Vi tror på kvalitet, god passform og klær som brukes år etter år.',
      da: 'Lumo er en nordisk webshop med dametøj, sko og undertøj i Finland, Sverige, Norge og Danmark.\n\nI vores sortiment finder du over 60 mærker, fra festkjoler til træningstøj. Vi tror på kvalitet, god pasform og tøj, der bliver brugt år efter år.',
    },
  },
  {
    key: 'terms',
    kind: 'page',
    alias: { fi: 'toimitusehdot', sv: 'kopvillkor', nb: 'kjopsvilkar', da: 'handelsbetingelser' },
    title: { fi: 'Toimitusehdot', sv: 'Köpvillkor', nb: 'Kjøpsvilkår', da: 'Handelsbetingelser' },
    body: {
      fi: 'Nämä ehdot koskevat kaikkia Lumon verkkokaupasta tehtyjä tilauksia. Hinnat sisältävät arvonlisäveron.\n\nSinulla on 14 päivän palautusoikeus tuotteen vastaanottamisesta. Tilausvahvistus lähetetään sähköpostitse arkipäivisin 24 tunnin kuluessa.',
      sv: 'Dessa villkor gäller alla beställningar i Lumos webbutik. Priserna inkluderar moms.\n\nDu har 14 dagars returrätt från att du tagit emot varan. Orderbekräftelsen skickas via e-post inom 24 timmar på vardagar.',
      nb: 'Disse vilkårene gjelder alle bestillinger i Lumos nettbutikk. Prisene inkluderer merverdiavgift.\n\nDu har 14 dagers returrett fra du mottar varen. Ordrebekreftelsen sendes på e-post innen 24 timer på hverdager.',
      da: 'Disse betingelser gælder alle bestillinger i Lumos webshop. Priserne er inklusive moms.\n\nDu har 14 dages returret fra modtagelsen af varen. Ordrebekræftelsen sendes på e-mail inden for 24 timer på hverdage.',
    },
  },
  {
    key: 'shipping',
    kind: 'page',
    alias: { fi: 'toimitus', sv: 'leverans', nb: 'levering', da: 'levering' },
    title: { fi: 'Toimitus', sv: 'Leverans', nb: 'Levering', da: 'Levering' },
    body: {
      fi: 'Toimitus noutopisteeseen on ilmainen yli 69 euron tilauksille. Muuten toimitus maksaa 4,90 €, kotiinkuljetus 9,90 €.\n\nToimitamme tilaukset 1–3 arkipäivässä. Emme toimita Ahvenanmaalle.',
      sv: 'Leverans till ombud är gratis vid köp över 790 kr. Annars kostar leveransen 49 kr, hemleverans 99 kr.\n\nVi levererar inom 1–3 vardagar.',
      nb: 'Levering til hentested er gratis ved kjøp over 790 kr. Ellers koster leveringen 59 kr, hjemlevering 129 kr.\n\nVi leverer innen 1–3 virkedager. Vi leverer ikke til Svalbard.',
      da: 'Levering til pakkeshop er gratis ved køb over 520 kr. Ellers koster leveringen 39 kr, hjemmelevering 69 kr.\n\nVi leverer inden for 1–3 hverdage.',
    },
  },
  {
    key: 'returns',
    kind: 'page',
    alias: { fi: 'palautukset', sv: 'returer', nb: 'retur', da: 'returnering' },
    title: { fi: 'Palautukset', sv: 'Returer', nb: 'Retur', da: 'Returnering' },
    body: {
      fi: 'Voit palauttaa tuotteet 14 päivän kuluessa. Rekisteröi palautus digitaalisesti tililläsi, niin hyvitämme rahat samalle maksutavalle.\n\nTuotteiden tulee olla käyttämättömiä ja hintalaput paikallaan.',
      sv: 'Du kan returnera varor inom 14 dagar. Registrera returen digitalt på ditt konto så återbetalar vi till samma betalsätt.\n\nVarorna ska vara oanvända och ha prislapparna kvar.',
      nb: 'Du kan returnere varer innen 14 dager. Registrer returen digitalt på kontoen din, så refunderer vi til samme betalingsmåte.\n\nVarene må være ubrukte og ha prislappene på.',
      da: 'Du kan returnere varer inden for 14 dage. Registrer returneringen digitalt på din konto, så refunderer vi til samme betalingsmetode.\n\nVarerne skal være ubrugte og have prismærkerne på.',
    },
  },
  {
    key: 'customer-service',
    kind: 'page',
    alias: { fi: 'asiakaspalvelu', sv: 'kundservice', nb: 'kundeservice', da: 'kundeservice' },
    title: { fi: 'Asiakaspalvelu', sv: 'Kundservice', nb: 'Kundeservice', da: 'Kundeservice' },
    body: {
      fi: 'Asiakaspalvelumme palvelee arkisin klo 8–17. Vastaamme sähköposteihin yhden arkipäivän kuluessa.\n\nUsein kysyttyä: toimitusajat, palautukset, koot ja maksutavat.',
      sv: 'Vår kundservice har öppet vardagar kl. 8–17. Vi svarar på e-post inom en arbetsdag.\n\nVanliga frågor: leveranstider, returer, storlekar och betalsätt.',
      nb: 'Kundeservice er åpen hverdager kl. 8–17. Vi svarer på e-post innen én virkedag.\n\nOfte stilte spørsmål: leveringstid, retur, størrelser og betalingsmåter.',
      da: 'Vores kundeservice har åbent på hverdage kl. 8–17. Vi besvarer e-mails inden for én hverdag.\n\nOfte stillede spørgsmål: leveringstid, returnering, størrelser og betalingsmetoder.',
    },
  },
  {
    key: 'privacy',
    kind: 'page',
    alias: { fi: 'tietosuoja', sv: 'integritetspolicy', nb: 'personvern', da: 'privatlivspolitik' },
    title: {
      fi: 'Tietosuojaseloste',
      sv: 'Integritetspolicy',
      nb: 'Personvernerklæring',
      da: 'Privatlivspolitik',
    },
    body: {
      fi: 'Käsittelemme henkilötietojasi vain tilauksesi toimittamiseen ja, suostumuksellasi, markkinointiin.\n\nVoit pyytää tietojesi poistamista milloin tahansa asiakaspalvelustamme.',
      sv: 'Vi behandlar dina personuppgifter endast för att leverera din beställning och, med ditt samtycke, för marknadsföring.\n\nDu kan när som helst begära att dina uppgifter raderas via vår kundservice.',
      nb: 'Vi behandler personopplysningene dine kun for å levere bestillingen din og, med ditt samtykke, til markedsføring.\n\nDu kan når som helst be om at opplysningene dine slettes via kundeservice.',
      da: 'Vi behandler kun dine personoplysninger for at levere din bestilling og, med dit samtykke, til markedsføring.\n\nDu kan til enhver tid bede om at få dine oplysninger slettet via vores kundeservice.',
    },
  },
  {
    key: 'member',
    kind: 'member',
    alias: { fi: 'jasenohjelma', sv: 'medlemsprogram', nb: 'medlemsprogram', da: 'medlemsprogram' },
    title: {
      fi: 'Lumo Member -jäsenohjelma',
      sv: 'Lumo Member – medlemsprogram',
      nb: 'Lumo Member – medlemsprogram',
      da: 'Lumo Member – medlemsprogram',
    },
    body: {
      fi: 'Liity Lumo Member -ohjelmaan ja kerää pisteitä jokaisesta ostoksesta. Pisteet hyvitetään 30 päivää oston jälkeen.\n\nJäsenenä saat bonussetelit, jäsenpäivien edut ja 15 %:n alennuksen ensimmäisestä tilauksesta.',
      sv: 'Gå med i Lumo Member och samla poäng på varje köp. Poängen krediteras 30 dagar efter köpet.\n\nSom medlem får du bonuscheckar, förmåner under medlemsdagar och 15 % rabatt på din första beställning.',
      nb: 'Bli med i Lumo Member og samle poeng på hvert kjøp. Poengene godskrives 30 dager etter kjøpet.\n\nSom medlem får du bonussjekker, fordeler på medlemsdager og 15 % rabatt på din første bestilling.',
      da: 'Bliv medlem af Lumo Member og optjen point på hvert køb. Pointene krediteres 30 dage efter købet.\n\nSom medlem får du bonuschecks, fordele på medlemsdage og 15 % rabat på din første bestilling.',
    },
  },
  {
    key: 'inspiration-party',
    kind: 'inspiration',
    alias: {
      fi: 'juhlakauden-asut',
      sv: 'festsasongens-looks',
      nb: 'festsesongens-antrekk',
      da: 'festsaesonens-looks',
    },
    title: {
      fi: 'Juhlakauden asut',
      sv: 'Festsäsongens looks',
      nb: 'Festsesongens antrekk',
      da: 'Festsæsonens looks',
    },
    body: {
      fi: 'Satiinia, samettia ja syviä sävyjä: näillä asuilla loistat jokaisissa juhlissa.\n\nYhdistä juhlamekko avokkaisiin ja pieneen laukkuun.',
      sv: 'Satin, sammet och djupa nyanser: med de här looksen glänser du på varje fest.\n\nKombinera festklänningen med pumps och en liten väska.',
      nb: 'Sateng, fløyel og dype farger: med disse antrekkene skinner du på hver fest.\n\nKombiner festkjolen med pumps og en liten veske.',
      da: 'Satin, fløjl og dybe farver: med disse looks stråler du til hver fest.\n\nKombiner festkjolen med pumps og en lille taske.',
    },
  },
  {
    key: 'inspiration-beach',
    kind: 'inspiration',
    alias: {
      fi: 'rantakauden-suosikit',
      sv: 'strandsasongens-favoriter',
      nb: 'strandsesongens-favoritter',
      da: 'strandsaesonens-favoritter',
    },
    title: {
      fi: 'Rantakauden suosikit',
      sv: 'Strandsäsongens favoriter',
      nb: 'Strandsesongens favoritter',
      da: 'Strandsæsonens favoritter',
    },
    body: {
      fi: 'Bikinit, uimapuvut ja kevyet rantamekot kesän lomille.\n\nValitse kierrätetystä materiaalista valmistettu uimapuku.',
      sv: 'Bikinis, baddräkter och lätta strandklänningar för sommarens semester.\n\nVälj en baddräkt i återvunnet material.',
      nb: 'Bikinier, badedrakter og lette strandkjoler til sommerferien.\n\nVelg en badedrakt i resirkulert materiale.',
      da: 'Bikinier, badedragter og lette strandkjoler til sommerferien.\n\nVælg en badedragt i genanvendt materiale.',
    },
  },
  {
    key: 'style',
    kind: 'style',
    alias: { fi: 'lumostyle', sv: 'lumostyle', nb: 'lumostyle', da: 'lumostyle' },
    title: { fi: 'Lumo Style', sv: 'Lumo Style', nb: 'Lumo Style', da: 'Lumo Style' },
    body: {
      fi: 'Asiakkaidemme kuvia ja asukokonaisuuksia Lumon tuotteista.',
      sv: 'Bilder och outfits från våra kunder med produkter från Lumo.',
      nb: 'Bilder og antrekk fra kundene våre med produkter fra Lumo.',
      da: 'Billeder og outfits fra vores kunder med produkter fra Lumo.',
    },
  },
]

export function contentRows(referenceDate: string) {
  const created = at(addDays(referenceDate, -180))
  const pages: Rows<'content_pages'> = PAGES.map((page, index) => ({
    page_id: index + 1,
    key: page.key,
    kind: page.kind,
    is_published: true,
    sort_order: index,
    created_at: created,
    updated_at: created,
  }))
  const texts: Rows<'content_page_texts'> = PAGES.flatMap((page, index) =>
    LOCALE_CODES.map((language) => ({
      page_id: index + 1,
      language,
      alias: page.alias[language],
      title: page.title[language],
      body: page.body[language],
      meta_description: page.body[language].split('\n')[0] ?? null,
    })),
  )
  return { pages, texts }
}

// ---------------------------------------------------------------------------------------------
// Customers and orders
// ---------------------------------------------------------------------------------------------

interface OrderPlan {
  customer: keyof typeof FIXTURE_CUSTOMERS
  daysAgo: number
  status: OrderStatus
  payment: PaymentKind
  /** [product id, sku position (1-based), quantity] */
  lines: Array<[number, number, number]>
  promoCode?: string
  refund?: boolean
}

const ORDER_PLANS: readonly OrderPlan[] = [
  {
    customer: 'aino',
    daysAgo: 60,
    status: 'completed',
    payment: 'card',
    lines: [
      [1, 1, 1],
      [5, 2, 1],
    ],
  },
  {
    customer: 'aino',
    daysAgo: 3,
    status: 'processing',
    payment: 'invoice',
    lines: [[2, 3, 1]],
    promoCode: 'WELCOME15',
  },
  { customer: 'aino', daysAgo: 0, status: 'received', payment: 'card', lines: [[3, 2, 1]] },
  { customer: 'sven', daysAgo: 45, status: 'completed', payment: 'card', lines: [[1, 1, 2]] },
  { customer: 'sven', daysAgo: 20, status: 'cancelled', payment: 'invoice', lines: [[5, 1, 1]] },
  {
    customer: 'nora',
    daysAgo: 30,
    status: 'completed',
    payment: 'card',
    lines: [
      [2, 1, 1],
      [1, 1, 1],
    ],
    refund: true,
  },
  { customer: 'freja', daysAgo: 1, status: 'received', payment: 'card', lines: [[5, 3, 1]] },
  { customer: 'noCredit', daysAgo: 12, status: 'cancelled', payment: 'card', lines: [[3, 1, 1]] },
  { customer: 'business', daysAgo: 8, status: 'completed', payment: 'invoice', lines: [[1, 1, 3]] },
]

const exVat = (incVat: number, vatRateBp: number) => Math.round((incVat * 10_000) / (10_000 + vatRateBp))

export interface CustomerRows {
  users: Rows<'users'>
  balances: Rows<'user_balances'>
  favourites: Rows<'user_favourites'>
  newsletter: Rows<'newsletter_subscriptions'>
  monitors: Rows<'stock_monitors'>
  carts: Rows<'carts'>
  cartItems: Rows<'cart_items'>
  orders: Rows<'orders'>
  /** Rows and events per order, in the order of `orders` (their ids come from the database). */
  orderRows: Array<Rows<'order_rows'>>
  orderEvents: Array<Rows<'order_events'>>
}

/** The fixture customers' accounts. */
function userRows(referenceDate: string): Rows<'users'> {
  return Object.entries(FIXTURE_CUSTOMERS).map(([key, customer]) => {
    const place = FIXTURE_ADDRESSES[customer.market]
    const address: AddressJson = {
      firstName: customer.firstName,
      lastName: customer.lastName,
      addressLine1: place.street,
      zip: place.zip,
      city: place.city,
      country: place.country,
      mobile: place.mobile,
      ...(key === 'business' ? { company: 'Yritys Oy' } : {}),
    }
    return {
      user_id: customer.userId,
      email: customer.email,
      password_hash: null,
      customer_type: key === 'business' ? 'ORGANIZATION' : 'PERSON',
      member_type:
        key === 'noCredit'
          ? FIXTURE_MEMBER_TYPES.noCreditDebt
          : key === 'aino'
            ? FIXTURE_MEMBER_TYPES.member
            : null,
      member_id: key === 'aino' ? 'M-100001' : null,
      personal_id: key === 'aino' ? '131052-308T' : null,
      organization_id: key === 'business' ? '1234567-1' : null,
      gender: key === 'business' ? 'UNSPECIFIED' : 'WOMAN',
      first_name: customer.firstName,
      last_name: customer.lastName,
      phone: place.mobile,
      newsletter: key === 'aino',
      address: toJson(address),
      meta_data: toJson({ favorites: key === 'aino' ? [1, 2, 5] : [] }),
      market_alias: customer.market,
      created_at: at(addDays(referenceDate, -400)),
      updated_at: at(addDays(referenceDate, -400)),
    }
  })
}

type Products = ReadonlyMap<number, ProductRows>

interface PlacedCart {
  plan: OrderPlan
  cartId: string
  createdAt: Date
  market: MarketAlias
  language: LocaleCode
  vat: number
}

/** The order's rows from the plan's lines, and the cart items they came from. */
function orderLines(context: CatalogueContext, products: Products, cart: PlacedCart) {
  const { plan, cartId, createdAt, market, language, vat } = cart
  const cartItems: Rows<'cart_items'> = []
  const rows: Rows<'order_rows'> = plan.lines.map(([productId, skuPosition, quantity]) => {
    const product = products.get(productId)
    const sku = product?.skus[skuPosition - 1]
    const price = product?.prices.find((candidate) => candidate.market_alias === market)
    const text = product?.texts.find((candidate) => candidate.language === language)
    if (!product || !sku || !price || !text)
      throw new Error(`order plan refers to a missing product ${productId}`)
    cartItems.push({ cart_id: cartId, sku_id: sku.sku_id, quantity, message: null, created_at: createdAt })
    const unit = price.selling_price_inc_vat
    const brand = [...context.brandsByName.values()].find(
      (candidate) => candidate.id === product.product.brand_id,
    )
    return {
      order_id: 0,
      sku_id: sku.sku_id,
      product_id: productId,
      article_number: product.product.article_number,
      sku_article_number: sku.article_number,
      product_name: text.name,
      sku_name: sku.name,
      brand_name: brand?.name ?? '',
      product_snapshot: toJson({
        alias: Object.fromEntries(product.texts.map((t) => [t.language, t.alias])),
        imageFileName: product.productImages[0]?.file_name ?? null,
        primaryCategoryId: product.product.primary_category_id,
        categoryIds: product.categories.map((category) => category.category_id),
        gtin: sku.gtin ?? null,
      }),
      quantity,
      regular_unit_price_inc_vat: price.regular_price_inc_vat,
      unit_price_inc_vat: unit,
      unit_price_ex_vat: exVat(unit, vat),
      discount_inc_vat: (price.regular_price_inc_vat - unit) * quantity,
      total_inc_vat: unit * quantity,
      total_ex_vat: exVat(unit * quantity, vat),
      vat_rate_bp: vat,
    }
  })
  return { rows, cartItems }
}

/** The order with its totals (discount, shipping and payment fees as checkout computes them). */
function orderRow(random: Random, users: Rows<'users'>, cart: PlacedCart, rows: Rows<'order_rows'>) {
  const { plan, cartId, createdAt, market, language, vat } = cart
  const customer = FIXTURE_CUSTOMERS[plan.customer]
  const itemValue = rows.reduce((sum, row) => sum + row.total_inc_vat, 0)
  const discount = plan.promoCode === 'WELCOME15' ? Math.round(itemValue * 0.15) : 0
  const shippingOption = MARKETS[market].shipping[0]
  if (!shippingOption) throw new Error(`no shipping option in ${market}`)
  const shippingFee = itemValue - discount >= MARKETS[market].freeShippingThreshold ? 0 : shippingOption.fee
  const paymentFee = isInvoiced(plan.payment) ? MARKETS[market].invoiceFee : 0
  const total = itemValue - discount + shippingFee + paymentFee
  const totalEx = exVat(itemValue - discount, vat) + exVat(shippingFee, vat) + exVat(paymentFee, vat)
  const marketIndex = MARKET_ALIASES.indexOf(market)
  const address = users.find((user) => user.user_id === customer.userId)?.address ?? toJson({})
  const order: Insertable<DB['orders']> = {
    public_id: random.uuid(),
    cart_id: cartId,
    user_id: customer.userId,
    market_alias: market,
    language,
    currency_code: MARKETS[market].currency,
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    zip: FIXTURE_ADDRESSES[market].zip.replace(/\s/g, ''),
    customer_type: plan.customer === 'business' ? 'ORGANIZATION' : 'PERSON',
    personal_id: null,
    billing_address: address ?? toJson({}),
    shipping_address: address ?? toJson({}),
    message: null,
    status: plan.status,
    payment_option_id: paymentOptionId(marketIndex, plan.payment),
    payment_kind: plan.payment,
    payment_reference: paidAtProvider(plan.payment) ? `seed-${random.uuid()}` : null,
    paid_at: paidAtProvider(plan.payment) && plan.status !== 'cancelled' ? createdAt : null,
    shipping_option_id: marketIndex * 2 + 1,
    shipping_method: Object.values(shippingOption.names)[0] ?? shippingOption.name,
    promo_code: plan.promoCode ?? null,
    gift_code: null,
    item_value_inc_vat: itemValue,
    item_value_ex_vat: exVat(itemValue, vat),
    discount_inc_vat: discount,
    discount_ex_vat: exVat(discount, vat),
    shipping_fee_inc_vat: shippingFee,
    shipping_fee_ex_vat: exVat(shippingFee, vat),
    payment_fee_inc_vat: paymentFee,
    payment_fee_ex_vat: exVat(paymentFee, vat),
    from_balance: 0,
    total_inc_vat: total,
    total_ex_vat: totalEx,
    vat_total: total - totalEx,
    created_at: createdAt,
    updated_at: createdAt,
    completed_at: plan.status === 'completed' ? new Date(createdAt.getTime() + 2 * 86_400_000) : null,
  }
  return order
}

/** What happened to the order after it was placed: payment, status changes, shipment, a return and refund. */
function orderEventRows(plan: OrderPlan, rows: Rows<'order_rows'>, createdAt: Date): Rows<'order_events'> {
  const events: Rows<'order_events'> = [
    { order_id: 0, kind: 'status', status: 'received', created_at: createdAt },
  ]
  const later = (days: number) => new Date(createdAt.getTime() + days * 86_400_000)
  if (paidAtProvider(plan.payment) && plan.status !== 'cancelled') {
    events.push({
      order_id: 0,
      kind: 'payment',
      status: null,
      data: toJson({ provider: 'lumo-pay', captured: true }),
      created_at: createdAt,
    })
  }
  if (plan.status === 'processing' || plan.status === 'completed')
    events.push({ order_id: 0, kind: 'status', status: 'processing', created_at: later(1) })
  if (plan.status === 'completed') {
    const parcelNumber = `JJFI${String(createdAt.getTime()).slice(-10)}`
    events.push(
      {
        order_id: 0,
        kind: 'shipped',
        status: null,
        data: toJson({ parcelNumber, trackingLink: `https://tracking.lumo.example/${parcelNumber}` }),
        created_at: later(2),
      },
      { order_id: 0, kind: 'status', status: 'completed', created_at: later(2) },
    )
  }
  if (plan.status === 'cancelled')
    events.push({
      order_id: 0,
      kind: 'status',
      status: 'cancelled',
      reason: 'Customer cancelled',
      created_at: later(1),
    })
  if (plan.refund) {
    const refunded = rows[0]
    if (refunded) {
      events.push(
        {
          order_id: 0,
          kind: 'return_registered',
          status: null,
          reason: 'Wrong size',
          reason_code: 'SIZE',
          created_at: later(6),
        },
        {
          order_id: 0,
          kind: 'refund',
          status: null,
          amount_inc_vat: refunded.unit_price_inc_vat,
          vat_amount: refunded.unit_price_inc_vat - refunded.unit_price_ex_vat,
          to_balance: false,
          reason: 'Wrong size',
          reason_code: 'SIZE',
          data: toJson({ articleNumber: refunded.article_number, skuId: refunded.sku_id }),
          created_at: later(9),
        },
      )
    }
  }
  return events
}

/** The fixture customer's balance, favourites, newsletter subscriptions and stock monitor. */
function customerExtras(
  referenceDate: string,
): Omit<CustomerRows, 'users' | 'carts' | 'cartItems' | 'orders' | 'orderRows' | 'orderEvents'> {
  const aino = FIXTURE_CUSTOMERS.aino
  return {
    balances: [{ user_id: aino.userId, currency_code: 'EUR', amount: 1500 }],
    favourites: [1, 2, 5].map((productId) => ({
      user_id: aino.userId,
      product_id: productId,
      created_at: at(addDays(referenceDate, -10)),
    })),
    newsletter: [
      {
        email: aino.email,
        market_alias: 'fi',
        language: 'fi',
        tags: ['member'],
        created_at: at(addDays(referenceDate, -300)),
      },
      {
        email: 'uutiskirje@example.com',
        market_alias: 'fi',
        language: 'fi',
        tags: [],
        created_at: at(addDays(referenceDate, -30)),
      },
    ],
    monitors: [
      {
        email: aino.email,
        sku_id: 103,
        market_alias: 'fi',
        language: 'fi',
        created_at: at(addDays(referenceDate, -5)),
      },
    ],
  }
}

/** Customers and their orders; needs products 1–5 (the fixture products). */
export function customerRows(context: CatalogueContext): CustomerRows {
  const { referenceDate, seed } = context
  const random = Random.for(seed, 'customers')
  const products = new Map([1, 2, 3, 5].map((id) => [id, buildProduct(context, id)]))
  const users = userRows(referenceDate)
  const carts: Rows<'carts'> = []
  const cartItems: Rows<'cart_items'> = []
  const orders: Rows<'orders'> = []
  const orderRows: Array<Rows<'order_rows'>> = []
  const orderEvents: Array<Rows<'order_events'>> = []
  for (const plan of ORDER_PLANS) {
    const customer = FIXTURE_CUSTOMERS[plan.customer]
    const market = customer.market
    const cartId = random.uuid()
    const hour = random.int(8, 21)
    const minute = random.int(0, 59)
    // the reference date is today (UTC): an order of today is dated at its first minute, so that it
    // is never in the future (a member who joins this morning did not place it)
    const createdAt =
      plan.daysAgo === 0 ? at(referenceDate, 0, 0) : at(addDays(referenceDate, -plan.daysAgo), hour, minute)
    carts.push({
      cart_id: cartId,
      market_alias: market,
      user_id: customer.userId,
      promo_code: plan.promoCode ?? null,
      is_completed: true,
      created_at: createdAt,
      updated_at: createdAt,
    })
    const cart = {
      plan,
      cartId,
      createdAt,
      market,
      language: MARKETS[market].defaultLocale,
      vat: STANDARD_VAT_RATE_BP[market],
    }
    const lines = orderLines(context, products, cart)
    cartItems.push(...lines.cartItems)
    orders.push(orderRow(random, users, cart, lines.rows))
    orderRows.push(lines.rows)
    orderEvents.push(orderEventRows(plan, lines.rows, createdAt))
  }
  return { users, ...customerExtras(referenceDate), carts, cartItems, orders, orderRows, orderEvents }
}
