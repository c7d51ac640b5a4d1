/**
 * The catalogue generator: categories, brands, parameters, campaigns and one product at a time
 * with its texts, skus, prices, price log, parameters, images and reviews. Pure functions of
 * (seed, product id, reference date), so the same inputs always give the same rows.
 */
import type { Insertable } from 'kysely'
import {
  CURRENCIES,
  LOCALE_CODES,
  MARKETS,
  MARKET_ALIASES,
  STANDARD_VAT_RATE_BP,
  type LocaleCode,
  type MarketAlias,
} from '../../../src/shared/markets'
import { SHOP_DATA } from '../../../src/shared/shop-definition'
import type {
  BrandTextsTable,
  BrandsTable,
  CategoriesTable,
  CategoryTextsTable,
  DiscountCampaignProductsTable,
  DiscountCampaignTextsTable,
  DiscountCampaignsTable,
  DiscountType,
  ImagesTable,
  ParameterGroupTextsTable,
  ParameterGroupsTable,
  ParameterTextsTable,
  ParameterValueTextsTable,
  ParameterValuesTable,
  ParametersTable,
  PriceLogTable,
  ProductCategoriesTable,
  ProductImagesTable,
  ProductParameterValuesTable,
  ProductPricesTable,
  ProductTextsTable,
  ProductsTable,
  ReviewsTable,
  SkusTable,
} from '../schema'
import {
  FIXTURE_PRODUCT_OVERRIDES,
  FIXTURE_SKU_STOCK,
  type ProductOverrides,
  type StockStatus,
} from './fixtures'
import { drawGarment, IMAGE_HEIGHT, IMAGE_WIDTH, type ImageView } from './images'
import { Random } from './random'
import {
  BRAND_DESCRIPTIONS,
  BRAND_NAMES,
  CATEGORIES,
  COLOURS,
  COUNTRIES,
  DESCRIPTION_SENTENCES,
  DESCRIPTION_TEMPLATES,
  GARMENTS,
  LAUNDRY_GUIDES,
  MATERIALS,
  PARAMETERS,
  PARAMETER_GROUPS,
  REVIEW_AUTHORS,
  REVIEW_COMMENTS,
  SIZE_RUNS,
  colourLabel,
  materialByKey,
  productName,
  slugify,
  type Colour,
  type Garment,
  type Material,
  type PerLanguage,
} from './vocabulary'

/** The market's currency: its rough euro rate (the shop definition) and its minor units per major unit. */
function currencyOf(market: MarketAlias) {
  const code = MARKETS[market].currency
  return { perEuro: SHOP_DATA.currencies[code].perEuro, scale: 10 ** CURRENCIES[code].minorUnit }
}

const EURO_PRICE_POINTS = [
  12.95, 14.95, 19.95, 24.95, 29.95, 34.95, 39.95, 44.95, 49.95, 59.95, 69.95, 79.95, 89.95, 99.95, 119.95,
  129.95, 149.95, 169.95, 179.95, 199.95, 229.95, 249.95, 279.95, 299.95, 329.95, 349.95, 399.95,
]

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

/** 'YYYY-MM-DD' plus a number of days (negative goes back). */
export function addDays(date: string, days: number): string {
  const time = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000
  return new Date(time).toISOString().slice(0, 10)
}

/** A timestamp on a date, at a given hour UTC. */
export function at(date: string, hour = 9, minute = 0): Date {
  return new Date(`${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`)
}

// ---------------------------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------------------------

/** Shelf prices end in 9: 149, 649, 1299 (kronor); returned in minor units (`scale` per major unit). */
function nordicPrice(amount: number, scale: number): number {
  const step = amount < 200 ? 10 : amount < 1000 ? 50 : 100
  const rounded = Math.max(step, Math.round(amount / step) * step) - 1
  return rounded * scale
}

/** Regular prices of one product in every market, minor units inc VAT: euro as is, the others in 9. */
export function regularPrices(euro: number): Record<MarketAlias, number> {
  return Object.fromEntries(
    MARKET_ALIASES.map((market) => {
      const { perEuro, scale } = currencyOf(market)
      return [market, perEuro === 1 ? Math.round(euro * scale) : nordicPrice(euro * perEuro, scale)]
    }),
  ) as Record<MarketAlias, number>
}

/** A discounted shelf price: euro prices end in ,95, the others in 9. Always below the regular price. */
export function discountedPrice(market: MarketAlias, regular: number, percentage: number): number {
  const { perEuro, scale } = currencyOf(market)
  const target = (regular / scale) * (1 - percentage / 100)
  const price =
    perEuro === 1 ? Math.round((Math.floor(target - 0.95) + 0.95) * scale) : nordicPrice(target, scale)
  return Math.min(price, regular - scale)
}

// ---------------------------------------------------------------------------------------------
// Fixed catalogue structure: categories, brands, parameters, campaigns
// ---------------------------------------------------------------------------------------------

export interface CategoryInfo {
  id: number
  key: string
  parentKey: string | null
  /** Keys from the root down to this category, itself included */
  path: string[]
  name: PerLanguage
}

export function categoryInfos(): Map<string, CategoryInfo> {
  const infos = new Map<string, CategoryInfo>()
  CATEGORIES.forEach((definition, index) => {
    const parent = definition.parent ? infos.get(definition.parent) : undefined
    if (definition.parent && !parent) throw new Error(`category ${definition.key} comes before its parent`)
    infos.set(definition.key, {
      id: index + 1,
      key: definition.key,
      parentKey: definition.parent,
      path: [...(parent?.path ?? []), definition.key],
      name: definition.name,
    })
  })
  return infos
}

function uniqueAlias(wanted: string, taken: Set<string>, fallbackSuffix: string): string {
  let alias = wanted
  if (taken.has(alias)) alias = `${wanted}-${fallbackSuffix}`
  for (let i = 2; taken.has(alias); i++) alias = `${wanted}-${i}`
  taken.add(alias)
  return alias
}

const CATEGORY_DESCRIPTION: PerLanguage = {
  fi: '{name} – löydä suosikkisi Lumosta.',
  sv: '{name} – hitta dina favoriter hos Lumo.',
  nb: '{name} – finn favorittene dine hos Lumo.',
  da: '{name} – find dine favoritter hos Lumo.',
}

export function categoryRows(createdAt: Date) {
  const infos = categoryInfos()
  const categories: Insertable<CategoriesTable>[] = []
  const texts: Insertable<CategoryTextsTable>[] = []
  const aliases = new Map(LOCALE_CODES.map((language) => [language, new Set<string>()]))
  CATEGORIES.forEach((definition, index) => {
    const info = infos.get(definition.key)
    if (!info) throw new Error(`unknown category ${definition.key}`)
    const parentId = definition.parent ? (infos.get(definition.parent)?.id ?? null) : null
    categories.push({
      category_id: info.id,
      parent_id: parentId,
      sort_order: index,
      is_hidden: definition.hidden ?? false,
      image_file_name: null,
      created_at: createdAt,
    })
    for (const language of LOCALE_CODES) {
      const name = definition.name[language]
      const parentName = definition.parent ? infos.get(definition.parent)?.name[language] : undefined
      texts.push({
        category_id: info.id,
        language,
        name,
        alias: uniqueAlias(
          slugify(name),
          aliases.get(language) ?? new Set(),
          slugify(parentName ?? definition.key),
        ),
        description: CATEGORY_DESCRIPTION[language].replace('{name}', name),
        secondary_description: null,
        meta_title: name,
        meta_description: CATEGORY_DESCRIPTION[language].replace('{name}', name),
      })
    }
  })
  return { categories, texts }
}

type TopGroup = 'clothing' | 'shoes' | 'sportswear' | 'beachwear' | 'lingerie' | 'accessories'
const TOP_GROUPS: readonly TopGroup[] = [
  'clothing',
  'shoes',
  'sportswear',
  'beachwear',
  'lingerie',
  'accessories',
]

export interface BrandInfo {
  id: number
  name: string
  alias: string
  groups: TopGroup[]
}

export function brandInfos(seed: number): BrandInfo[] {
  return BRAND_NAMES.map((name, index) => {
    const random = Random.for(seed, 'brand', index)
    // The shop's own brands carry everything; the others one to three departments.
    const groups: TopGroup[] = name.startsWith('Lumo')
      ? [...TOP_GROUPS]
      : [TOP_GROUPS[index % TOP_GROUPS.length] as TopGroup, ...random.sample(TOP_GROUPS, random.int(0, 2))]
    return { id: index + 1, name, alias: slugify(name), groups: [...new Set(groups)] }
  })
}

export function brandRows(seed: number, createdAt: Date) {
  const infos = categoryInfos()
  const brands: Insertable<BrandsTable>[] = []
  const texts: Insertable<BrandTextsTable>[] = []
  for (const brand of brandInfos(seed)) {
    const random = Random.for(seed, 'brand-text', brand.id)
    const year = random.int(1968, 2021)
    brands.push({
      brand_id: brand.id,
      alias: brand.alias,
      name: brand.name,
      logo_file_name: null,
      created_at: createdAt,
    })
    for (const language of LOCALE_CODES) {
      const groupNames = brand.groups
        .slice(0, 2)
        .map((group) => infos.get(group)?.name[language].toLowerCase() ?? group)
      const groups = groupNames.join(` ${BRAND_DESCRIPTIONS.and[language]} `)
      texts.push({
        brand_id: brand.id,
        language,
        description: `${BRAND_DESCRIPTIONS.since[language].replace('{brand}', brand.name).replace('{year}', String(year))} ${BRAND_DESCRIPTIONS.focus[language].replace('{groups}', groups)}`,
      })
    }
  }
  return { brands, texts }
}

/** Parameter value ids: one block of ids per parameter. */
const VALUE_ID_BASE = {
  Color: 1000,
  Material: 2000,
  LaundryGuide: 3000,
  ProducedIn: 4000,
  ModelHeight: 5000,
  ModelSize: 6000,
}
const MODEL_HEIGHTS = Array.from({ length: 14 }, (_, i) => 168 + i)
const MODEL_SIZES = [
  ...new Set(Object.values(SIZE_RUNS).flatMap((run) => [...run.regular, ...run.extended])),
].filter((size) => size !== 'One size')

export function parameterRows() {
  const groups: Insertable<ParameterGroupsTable>[] = PARAMETER_GROUPS.map((group) => ({
    parameter_group_id: group.id,
    sort_order: group.id,
  }))
  const groupTexts: Insertable<ParameterGroupTextsTable>[] = PARAMETER_GROUPS.flatMap((group) =>
    LOCALE_CODES.map((language) => ({ parameter_group_id: group.id, language, name: group.name[language] })),
  )
  const parameters: Insertable<ParametersTable>[] = PARAMETERS.map((parameter) => ({
    parameter_id: parameter.id,
    parameter_group_id: parameter.group,
    name: parameter.name,
    sort_order: parameter.id,
    is_shown: true,
    is_filter: parameter.filter,
  }))
  const parameterTexts: Insertable<ParameterTextsTable>[] = PARAMETERS.flatMap((parameter) =>
    LOCALE_CODES.map((language) => ({
      parameter_id: parameter.id,
      language,
      label: parameter.label[language],
    })),
  )
  const values: Insertable<ParameterValuesTable>[] = []
  const valueTexts: Insertable<ParameterValueTextsTable>[] = []
  const add = (
    parameterId: number,
    id: number,
    identifier: string,
    text: (language: LocaleCode) => string,
  ) => {
    values.push({ parameter_value_id: id, parameter_id: parameterId, identifier, sort_order: id })
    for (const language of LOCALE_CODES)
      valueTexts.push({ parameter_value_id: id, language, value: text(language) })
  }
  COLOURS.forEach((colour, i) =>
    add(1, VALUE_ID_BASE.Color + i + 1, colour.key, (l) => colourLabel(colour, l)),
  )
  MATERIALS.forEach((material, i) =>
    add(2, VALUE_ID_BASE.Material + i + 1, material.key, (l) => material.label[l]),
  )
  LAUNDRY_GUIDES.forEach((guide, i) =>
    add(3, VALUE_ID_BASE.LaundryGuide + i + 1, guide.key, (l) => guide.text[l]),
  )
  COUNTRIES.forEach((country, i) =>
    add(4, VALUE_ID_BASE.ProducedIn + i + 1, country.key, (l) => country.name[l]),
  )
  MODEL_HEIGHTS.forEach((height, i) =>
    add(5, VALUE_ID_BASE.ModelHeight + i + 1, `${height}cm`, () => `${height} cm`),
  )
  MODEL_SIZES.forEach((size, i) => add(6, VALUE_ID_BASE.ModelSize + i + 1, size, () => size))
  return { groups, groupTexts, parameters, parameterTexts, values, valueTexts }
}

interface CampaignDefinition {
  id: number
  key: string
  percentage: number
  hideTitle: boolean
  /** Days relative to the reference date; an ended campaign has activeTo < 0 */
  activeFrom: number
  activeTo: number | null
  name: PerLanguage
  /** Top-level or leaf categories whose sale products join it */
  categories: readonly string[]
}

// prettier-ignore
export const CAMPAIGNS: readonly CampaignDefinition[] = [
  { id: 1, key: 'spring-sale', percentage: 30, hideTitle: false, activeFrom: -10, activeTo: 20, name: { fi: 'Kevätale', sv: 'Vårrea', nb: 'Vårsalg', da: 'Forårsudsalg' }, categories: ['clothing', 'accessories'] },
  { id: 2, key: 'party-season', percentage: 25, hideTitle: false, activeFrom: -14, activeTo: 30, name: { fi: 'Juhlakausi', sv: 'Festsäsong', nb: 'Festsesong', da: 'Festsæson' }, categories: ['dresses'] },
  { id: 3, key: 'outlet', percentage: 50, hideTitle: false, activeFrom: -365, activeTo: null, name: { fi: 'Outlet -50 %', sv: 'Outlet -50 %', nb: 'Outlet -50 %', da: 'Outlet -50 %' }, categories: [] },
  { id: 4, key: 'swim-weeks', percentage: 20, hideTitle: false, activeFrom: -7, activeTo: 21, name: { fi: 'Rantaviikot', sv: 'Badveckor', nb: 'Baduker', da: 'Baduger' }, categories: ['beachwear'] },
  { id: 5, key: 'shoe-days', percentage: 25, hideTitle: false, activeFrom: -5, activeTo: 9, name: { fi: 'Kenkäpäivät', sv: 'Skodagar', nb: 'Skodager', da: 'Skodage' }, categories: ['shoes'] },
  { id: 6, key: 'member-days', percentage: 20, hideTitle: true, activeFrom: -3, activeTo: 11, name: { fi: 'Jäsenpäivät', sv: 'Medlemsdagar', nb: 'Medlemsdager', da: 'Medlemsdage' }, categories: ['lingerie', 'sportswear'] },
  { id: 7, key: 'knit-week', percentage: 30, hideTitle: false, activeFrom: -6, activeTo: 8, name: { fi: 'Neuleviikko', sv: 'Stickveckan', nb: 'Strikkeuken', da: 'Strikugen' }, categories: ['knitwear'] },
  { id: 8, key: 'black-week', percentage: 40, hideTitle: false, activeFrom: -120, activeTo: -113, name: { fi: 'Black Week', sv: 'Black Week', nb: 'Black Week', da: 'Black Week' }, categories: [] },
]

export function campaignRows(referenceDate: string) {
  const campaigns: Insertable<DiscountCampaignsTable>[] = CAMPAIGNS.map((campaign) => ({
    campaign_id: campaign.id,
    name: campaign.key,
    discount_percentage: campaign.percentage,
    hide_title: campaign.hideTitle,
    active_from: at(addDays(referenceDate, campaign.activeFrom), 0),
    active_to: campaign.activeTo === null ? null : at(addDays(referenceDate, campaign.activeTo), 23, 59),
    sort_order: campaign.id,
  }))
  const texts: Insertable<DiscountCampaignTextsTable>[] = CAMPAIGNS.flatMap((campaign) =>
    LOCALE_CODES.map((language) => ({
      campaign_id: campaign.id,
      language,
      name: campaign.name[language],
      alias: slugify(campaign.name[language]),
      description: null,
    })),
  )
  return { campaigns, texts }
}

// ---------------------------------------------------------------------------------------------
// Products
// ---------------------------------------------------------------------------------------------

export interface ProductRows {
  product: Insertable<ProductsTable>
  texts: Insertable<ProductTextsTable>[]
  categories: Insertable<ProductCategoriesTable>[]
  skus: Insertable<SkusTable>[]
  prices: Insertable<ProductPricesTable>[]
  priceLog: Insertable<PriceLogTable>[]
  campaignProducts: Insertable<DiscountCampaignProductsTable>[]
  parameterValues: Insertable<ProductParameterValuesTable>[]
  images: Insertable<ImagesTable>[]
  productImages: Insertable<ProductImagesTable>[]
  reviews: Insertable<ReviewsTable>[]
  /** What a colour variant of this product takes over from it */
  style: ProductStyle
}

export interface ProductStyle {
  garment: string
  colour: string
  material: string
  brand: string
  euro: number
}

export interface CatalogueContext {
  seed: number
  referenceDate: string
  categories: Map<string, CategoryInfo>
  brandsByGroup: Map<TopGroup, BrandInfo[]>
  brandsByName: Map<string, BrandInfo>
  /** Styles of main products already generated, so each colour variant does not generate its main product again. */
  styles: Map<number, ProductStyle>
}

export function catalogueContext(seed: number, referenceDate: string): CatalogueContext {
  const brands = brandInfos(seed)
  const brandsByGroup = new Map<TopGroup, BrandInfo[]>(
    TOP_GROUPS.map((group) => [group, brands.filter((brand) => brand.groups.includes(group))]),
  )
  return {
    seed,
    referenceDate,
    categories: categoryInfos(),
    brandsByGroup,
    brandsByName: new Map(brands.map((brand) => [brand.name, brand])),
    styles: new Map(),
  }
}

const GARMENT_WEIGHTS = GARMENTS.map((garment) => [garment, garment.weight] as const)
const garmentByKey = new Map(GARMENTS.map((garment) => [garment.key, garment]))
const colourByKey = new Map(COLOURS.map((colour) => [colour.key, colour]))

const STOCK_WEIGHTS: ReadonlyArray<readonly [StockStatus, number]> = [
  ['in-stock', 55],
  ['few-left', 15],
  ['out-of-stock', 12],
  ['oversellable', 6],
  ['static', 5],
  ['incoming', 7],
]

function pickSizes(random: Random, garment: Garment, extended: boolean): string[] {
  const run = SIZE_RUNS[garment.sizes]
  if (garment.sizes === 'one') return [...run.regular]
  const all = [...run.regular, ...(extended ? run.extended : [])]
  const count = Math.min(
    all.length,
    8,
    extended ? random.int(5, 8) : random.int(1, 8) <= 2 ? random.int(1, 3) : random.int(4, 7),
  )
  // Extended-size products end with the extended sizes; others take a window of the regular run.
  const start = extended ? all.length - count : random.int(0, all.length - count)
  return all.slice(start, start + count)
}

function laundryFor(random: Random, material: Material): string {
  switch (material.key) {
    case 'leather':
    case 'suede':
      return 'leather-care'
    case 'wool':
    case 'cashmere':
    case 'silk':
      return random.pick(['hand-wash', 'dry-clean'])
    case 'satin':
    case 'velvet':
    case 'viscose':
    case 'lace':
      return random.pick(['delicate-30', 'dry-clean'])
    case 'cotton':
    case 'denim':
    case 'linen':
    case 'canvas':
      return random.pick(['machine-40', 'machine-30'])
    default:
      return random.pick(['machine-30', 'delicate-30'])
  }
}

function stockFor(random: Random, status: StockStatus, referenceDate: string) {
  switch (status) {
    case 'in-stock':
      return { stock_in_stock: random.int(7, 40), stock_oversellable: 0, stock_static: 0, incoming_on: null }
    case 'few-left':
      return { stock_in_stock: random.int(1, 6), stock_oversellable: 0, stock_static: 0, incoming_on: null }
    case 'out-of-stock':
      return { stock_in_stock: 0, stock_oversellable: 0, stock_static: 0, incoming_on: null }
    case 'oversellable':
      return {
        stock_in_stock: random.int(0, 3),
        stock_oversellable: random.int(10, 50),
        stock_static: 0,
        incoming_on: null,
      }
    case 'static':
      return {
        stock_in_stock: 0,
        stock_oversellable: 0,
        stock_static: random.pick([25, 50, 100]),
        incoming_on: null,
      }
    case 'incoming':
      return {
        stock_in_stock: 0,
        stock_oversellable: 0,
        stock_static: 0,
        incoming_on: addDays(referenceDate, random.int(5, 45)),
      }
  }
}

/** EAN-13 with GS1 Finland's 640 prefix and the sku id; the last digit is the check digit. */
export function gtinFor(skuId: number): string {
  const body = `640${String(skuId).padStart(9, '0')}`
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0)
  return `${body}${(10 - (sum % 10)) % 10}`
}

function campaignFor(random: Random, categoryPath: readonly string[]): CampaignDefinition {
  const matching = CAMPAIGNS.filter(
    (campaign) =>
      campaign.key !== 'outlet' &&
      campaign.key !== 'black-week' &&
      campaign.categories.some((key) => categoryPath.includes(key)),
  )
  const fallback = CAMPAIGNS.find((campaign) => campaign.key === 'spring-sale')
  if (!fallback) throw new Error('spring-sale campaign missing')
  return matching.length > 0 ? random.pick(matching) : fallback
}

function campaignByKey(key: string): CampaignDefinition {
  const campaign = CAMPAIGNS.find((candidate) => candidate.key === key)
  if (!campaign) throw new Error(`unknown campaign ${key}`)
  return campaign
}

function reviewCount(random: Random): number {
  return random.weighted<() => number>([
    [() => 0, 35],
    [() => random.int(1, 3), 30],
    [() => random.int(4, 10), 25],
    [() => random.int(11, 30), 10],
  ])()
}

// ---------------------------------------------------------------------------------------------
// Colour variants: a style sold in two or three colours
// ---------------------------------------------------------------------------------------------

/** Generated products from this id on may be colour variants of the product before them (1–8 are fixed). */
const FIRST_GENERATED_VARIANT = 9
const VARIANT_CHANCE = 0.2
const MAX_COLOURS_PER_STYLE = 3

/** The style's main product of a generated product: itself, or the product before it (a style of ≤ 3 colours). */
function generatedVariantLead(seed: number, productId: number): number {
  if (productId < FIRST_GENERATED_VARIANT) return productId
  if (!Random.for(seed, 'variant', productId).chance(VARIANT_CHANCE)) return productId
  const previous = generatedVariantLead(seed, productId - 1)
  return productId - previous < MAX_COLOURS_PER_STYLE ? previous : productId
}

/** The main product of the style `productId` belongs to (itself when it is the main product or has no variants). */
export function variantLead(seed: number, productId: number): number {
  return FIXTURE_PRODUCT_OVERRIDES.get(productId)?.variantOf ?? generatedVariantLead(seed, productId)
}

/** Whether some other product is a colour variant of this one. */
function hasVariants(seed: number, productId: number): boolean {
  for (const overrides of FIXTURE_PRODUCT_OVERRIDES.values())
    if (overrides.variantOf === productId) return true
  return generatedVariantLead(seed, productId + 1) === productId
}

/**
 * A colour variant's colour: a step along the colour list from the main product's colour, the
 * step drawn per style and at most half the list, so the two or three colours of a style differ.
 */
function variantColour(seed: number, lead: number, leadColour: string, productId: number): string {
  const step = Random.for(seed, 'variant-colour', lead).int(1, Math.floor((COLOURS.length - 1) / 2))
  const start = COLOURS.findIndex((colour) => colour.key === leadColour)
  const colour = COLOURS[(start + step * (productId - lead)) % COLOURS.length]
  if (!colour) throw new Error(`no colour for variant ${productId}`)
  return colour.key
}

// ---------------------------------------------------------------------------------------------
// One product, step by step. Each step draws from the product's own random stream, so the steps
// run in this fixed order (tests pin the result: server/db/seed/catalogue.test.ts).
// ---------------------------------------------------------------------------------------------

/** The decisions every later step reads: what the product is, when it sells and at what discount. */
interface ProductDraft {
  productId: number
  random: Random
  context: CatalogueContext
  overrides: ProductOverrides
  /** The style's main product (itself unless it is a colour variant) */
  lead: number
  garment: Garment
  colour: Colour
  material: Material
  compoundName: boolean
  leaf: CategoryInfo
  brand: BrandInfo
  extendedSizes: boolean
  isPetite: boolean
  isOutlet: boolean
  isCollab: boolean
  isSustainable: boolean
  availableInDays: number
  incoming: boolean
  firstAvailableOn: string
  createdAt: Date
  campaign: CampaignDefinition | null
  salePercentage: number | null
  articleNumber: string
  names: PerLanguage
  aliases: PerLanguage
}

/** The style (garment, colour, material, brand, price) of a product as the seed writes it. */
function styleOf(context: CatalogueContext, productId: number): ProductStyle {
  const known = context.styles.get(productId)
  if (known) return known
  const style = generateProduct(context, productId, FIXTURE_PRODUCT_OVERRIDES.get(productId) ?? {}).style
  context.styles.set(productId, style)
  return style
}

/** A colour variant takes its main product's garment, material, brand and price. */
function withStyleOf(context: CatalogueContext, productId: number, own: ProductOverrides) {
  const lead = own.variantOf ?? generatedVariantLead(context.seed, productId)
  if (lead === productId) return { lead, overrides: own }
  const style = styleOf(context, lead)
  const overrides: ProductOverrides = {
    garment: style.garment,
    material: style.material,
    brand: style.brand,
    euro: style.euro,
    colour: variantColour(context.seed, lead, style.colour, productId),
    ...own,
  }
  return { lead, overrides }
}

function drawIdentity(
  context: CatalogueContext,
  random: Random,
  productId: number,
  overrides: ProductOverrides,
) {
  const garment = overrides.garment ? garmentByKey.get(overrides.garment) : random.weighted(GARMENT_WEIGHTS)
  if (!garment) throw new Error(`unknown garment ${overrides.garment}`)
  const colour = overrides.colour ? colourByKey.get(overrides.colour) : random.pick(COLOURS)
  if (!colour) throw new Error(`unknown colour ${overrides.colour}`)
  const compoundName = garment.compoundMaterials.length > 0
  const materialKey =
    overrides.material ?? random.pick(compoundName ? garment.compoundMaterials : garment.plainMaterials)
  const material = materialByKey.get(materialKey)
  if (!material) throw new Error(`unknown material ${materialKey}`)
  const leaf = context.categories.get(garment.category)
  if (!leaf) throw new Error(`unknown category ${garment.category}`)
  const topGroup = leaf.path[0] as TopGroup
  const brand = overrides.brand
    ? context.brandsByName.get(overrides.brand)
    : random.pick(context.brandsByGroup.get(topGroup) ?? [])
  if (!brand) throw new Error(`no brand for product ${productId}`)
  return { garment, colour, material, compoundName, leaf, brand }
}

function drawFlags(random: Random, garment: Garment, material: Material, overrides: ProductOverrides) {
  const isClothing = garment.sizes !== 'one' && garment.sizes !== 'shoes'
  const extendedSizes = isClothing && SIZE_RUNS[garment.sizes].extended.length > 0 && random.chance(0.08)
  const isPetite = isClothing && !extendedSizes && random.chance(0.05)
  const isOutlet = overrides.outlet ?? random.chance(0.04)
  const isCollab = random.chance(0.03)
  const isSustainable = material.sustainable === true || random.chance(0.08)
  return { extendedSizes, isPetite, isOutlet, isCollab, isSustainable }
}

/** A few 'coming soon', some new arrivals, most listed for a while. */
function drawAvailability(random: Random, referenceDate: string, overrides: ProductOverrides) {
  const availableInDays =
    overrides.availableInDays ??
    random.weighted<() => number>([
      [() => random.int(7, 45), 3],
      [() => -random.int(0, 29), 9],
      [() => -random.int(30, 720), 88],
    ])()
  return {
    availableInDays,
    incoming: availableInDays > 0,
    firstAvailableOn: addDays(referenceDate, availableInDays),
    createdAt: at(addDays(referenceDate, Math.min(availableInDays, 0) - 14), 8),
  }
}

/** On sale through a campaign, at a percentage of its own, or not (never while incoming). */
function drawSale(
  random: Random,
  leaf: CategoryInfo,
  incoming: boolean,
  isOutlet: boolean,
  overrides: ProductOverrides,
) {
  const saleChoice: ProductOverrides['sale'] = incoming
    ? 'none'
    : (overrides.sale ??
      (isOutlet
        ? { campaign: 'outlet' }
        : random.chance(0.2)
          ? random.chance(0.5)
            ? { campaign: campaignFor(random, leaf.path).key }
            : { percentage: random.pick([20, 25, 30, 40]) }
          : 'none'))
  const campaign =
    typeof saleChoice === 'object' && 'campaign' in saleChoice ? campaignByKey(saleChoice.campaign) : null
  const salePercentage =
    campaign?.percentage ??
    (typeof saleChoice === 'object' && 'percentage' in saleChoice ? saleChoice.percentage : null)
  return { campaign, salePercentage }
}

function draftProduct(context: CatalogueContext, productId: number, own: ProductOverrides): ProductDraft {
  const random = Random.for(context.seed, 'product', productId)
  const { lead, overrides } = withStyleOf(context, productId, own)
  const identity = drawIdentity(context, random, productId, overrides)
  const flags = drawFlags(random, identity.garment, identity.material, overrides)
  const availability = drawAvailability(random, context.referenceDate, overrides)
  const sale = drawSale(random, identity.leaf, availability.incoming, flags.isOutlet, overrides)
  const { garment, colour, material, compoundName, brand } = identity
  const names = Object.fromEntries(
    LOCALE_CODES.map((language) => [
      language,
      productName(language, colour, compoundName ? material : null, garment.noun[language]),
    ]),
  ) as PerLanguage
  const aliases = Object.fromEntries(
    LOCALE_CODES.map((language) => [language, `${slugify(`${names[language]} ${brand.name}`)}-${productId}`]),
  ) as PerLanguage
  const articleNumber = `LU${String(productId).padStart(6, '0')}`
  return {
    productId,
    random,
    context,
    overrides,
    lead,
    ...identity,
    ...flags,
    ...availability,
    ...sale,
    articleNumber,
    names,
    aliases,
  }
}

/** Sizes, each a SKU with its stock. */
function skuRowsOf(draft: ProductDraft): { sizes: string[]; skus: Insertable<SkusTable>[] } {
  const { random, overrides, garment, incoming, productId, firstAvailableOn } = draft
  const sizes = overrides.sizes ? [...overrides.sizes] : pickSizes(random, garment, draft.extendedSizes)
  const skus = sizes.map((size, index) => {
    const status: StockStatus = incoming
      ? 'incoming'
      : (overrides.stock?.[index] ?? random.weighted(STOCK_WEIGHTS))
    const stock = stockFor(random, status, draft.context.referenceDate)
    const skuId = productId * 100 + index + 1
    return {
      sku_id: skuId,
      product_id: productId,
      article_number: `${draft.articleNumber}-${size.replace(/\s+/g, '').toUpperCase()}`,
      name: size,
      gtin: gtinFor(skuId),
      sort_order: index,
      ...stock,
      incoming_on: incoming ? firstAvailableOn : stock.incoming_on,
      weight_grams: garment.sizes === 'shoes' ? random.int(500, 1400) : random.int(120, 1200),
    }
  })
  return { sizes, skus }
}

/** A price per market and, for a product on sale, the price log behind its 30-day lowest price. */
function priceRowsOf(draft: ProductDraft) {
  const { random, garment, productId, salePercentage } = draft
  const referenceDate = draft.context.referenceDate
  const eligiblePoints = EURO_PRICE_POINTS.filter(
    (point) => point >= garment.price[0] && point <= garment.price[1] + 1,
  )
  const pickedEuro = random.pick(eligiblePoints.length > 0 ? eligiblePoints : EURO_PRICE_POINTS)
  const euro = draft.overrides.euro ?? pickedEuro
  const regular = regularPrices(euro)
  const prices: Insertable<ProductPricesTable>[] = []
  const priceLog: Insertable<PriceLogTable>[] = []
  // Days ago the product was listed (the log needs no more than 90 days of history).
  const listedDaysAgo = Math.min(Math.max(-draft.availableInDays, 0), 90)
  const saleStartedDaysAgo = Math.min(random.int(1, 20), listedDaysAgo)
  const earlierDiscount = draft.overrides.earlierDiscount ?? random.chance(0.25)
  const earlierDiscountDaysAgo = saleStartedDaysAgo + random.int(8, 20)
  for (const market of MARKET_ALIASES) {
    const regularPrice = regular[market]
    const selling = salePercentage ? discountedPrice(market, regularPrice, salePercentage) : regularPrice
    prices.push({
      product_id: productId,
      market_alias: market,
      regular_price_inc_vat: regularPrice,
      selling_price_inc_vat: selling,
      vat_rate_bp: STANDARD_VAT_RATE_BP[market],
    })
    if (!salePercentage) continue
    // One row per price change: listed at the regular price, maybe a short earlier discount, then the sale.
    const log = (daysAgo: number, price: number) =>
      priceLog.push({
        product_id: productId,
        market_alias: market,
        logged_on: addDays(referenceDate, -daysAgo),
        selling_price_inc_vat: price,
        regular_price_inc_vat: regularPrice,
      })
    // A product launched on sale has no regular-price row: its lowest price is the sale price.
    if (listedDaysAgo > saleStartedDaysAgo) log(listedDaysAgo, regularPrice)
    if (earlierDiscount && earlierDiscountDaysAgo < listedDaysAgo) {
      log(earlierDiscountDaysAgo, discountedPrice(market, regularPrice, 10))
      log(earlierDiscountDaysAgo - 5, regularPrice)
    }
    log(saleStartedDaysAgo, selling)
  }
  return { euro, prices, priceLog }
}

/** The leaf category, its ancestors, and the outlet / staff picks lists. */
function categoryRowsOf(draft: ProductDraft): Insertable<ProductCategoriesTable>[] {
  const categoryKeys = new Set(draft.leaf.path)
  if (draft.isOutlet) categoryKeys.add('outlet')
  if (draft.random.chance(0.02)) categoryKeys.add('staff-picks')
  return [...categoryKeys].map((key) => {
    const category = draft.context.categories.get(key)
    if (!category) throw new Error(`unknown category ${key}`)
    return { product_id: draft.productId, category_id: category.id }
  })
}

function campaignRowsOf(draft: ProductDraft): Insertable<DiscountCampaignProductsTable>[] {
  const { campaign, productId } = draft
  const rows = campaign ? [{ campaign_id: campaign.id, product_id: productId }] : []
  if (!campaign && !draft.incoming && draft.random.chance(0.03)) {
    // Was part of the ended Black Week campaign: membership stays, the price is regular again.
    rows.push({ campaign_id: campaignByKey('black-week').id, product_id: productId })
  }
  return rows
}

/** Colour, material, laundry guide, country and, for modelled garments, the model's height and size. */
function parameterRowsOf(draft: ProductDraft, sizes: readonly string[]) {
  const { random, productId, material } = draft
  const laundryKey = laundryFor(random, material)
  const value = (parameterId: number, base: number, index: number) => ({
    product_id: productId,
    parameter_id: parameterId,
    parameter_value_id: base + index + 1,
  })
  const parameterValues: Insertable<ProductParameterValuesTable>[] = [
    value(1, VALUE_ID_BASE.Color, COLOURS.indexOf(draft.colour)),
    value(2, VALUE_ID_BASE.Material, MATERIALS.indexOf(material)),
    value(
      3,
      VALUE_ID_BASE.LaundryGuide,
      LAUNDRY_GUIDES.findIndex((guide) => guide.key === laundryKey),
    ),
    value(4, VALUE_ID_BASE.ProducedIn, random.int(0, COUNTRIES.length - 1)),
  ]
  let model: { height: number; size: string } | null = null
  if (draft.garment.modelled) {
    const height = draft.isPetite ? random.int(168, 171) : random.pick(MODEL_HEIGHTS)
    const size = sizes[Math.floor(sizes.length / 2)] ?? sizes[0] ?? 'M'
    model = { height, size }
    parameterValues.push(
      value(5, VALUE_ID_BASE.ModelHeight, MODEL_HEIGHTS.indexOf(height)),
      value(6, VALUE_ID_BASE.ModelSize, MODEL_SIZES.indexOf(size)),
    )
  }
  return { parameterValues, model }
}

/** Name, description and search words in each language. */
function textRowsOf(draft: ProductDraft, model: { height: number; size: string } | null) {
  const { material, brand, leaf, names, context } = draft
  const sentences = draft.random.sample([0, 1, 2, 3, 4, 5, 6, 7], 2)
  return LOCALE_CODES.map((language): Insertable<ProductTextsTable> => {
    const parts = [
      ...sentences.map((index) => DESCRIPTION_SENTENCES[language][index] ?? ''),
      DESCRIPTION_TEMPLATES.material[language].replace('{material}', material.label[language].toLowerCase()),
    ]
    if (draft.isSustainable) parts.push(DESCRIPTION_TEMPLATES.sustainable[language])
    if (draft.isPetite) parts.push(DESCRIPTION_TEMPLATES.petite[language])
    if (draft.isCollab) parts.push(DESCRIPTION_TEMPLATES.collab[language])
    if (model) {
      parts.push(
        DESCRIPTION_TEMPLATES.model[language]
          .replace('{height}', String(model.height))
          .replace('{size}', model.size),
      )
    }
    parts.push(DESCRIPTION_TEMPLATES.brand[language].replace('{brand}', brand.name))
    const categoryNames = leaf.path.map((key) => context.categories.get(key)?.name[language] ?? '')
    return {
      product_id: draft.productId,
      language,
      name: names[language],
      alias: draft.aliases[language],
      text1: parts.join(' '),
      text2: '',
      text3: '',
      meta_title: `${names[language]} | ${brand.name}`,
      meta_description: parts.slice(0, 2).join(' '),
      meta_keywords: null,
      search_keywords: [
        brand.name,
        colourLabel(draft.colour, language),
        material.label[language],
        ...categoryNames,
      ].join(' '),
    }
  })
}

/** Front and detail views always, a styled third view for some. */
function imageRowsOf(draft: ProductDraft) {
  const views: ImageView[] = draft.random.chance(0.4) ? ['front', 'detail', 'styled'] : ['front', 'detail']
  const images: Insertable<ImagesTable>[] = []
  const productImages: Insertable<ProductImagesTable>[] = []
  views.forEach((view, index) => {
    const fileName = `${draft.aliases.fi}-${index + 1}.svg`
    images.push({
      file_name: fileName,
      content_type: 'image/svg+xml',
      svg: drawGarment(draft.garment.shape, draft.colour.hex, view),
      data: null,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      created_at: draft.createdAt,
    })
    productImages.push({
      product_id: draft.productId,
      file_name: fileName,
      sort_order: index,
      tags: index === 0 ? ['primary', view] : [view],
    })
  })
  return { images, productImages }
}

function reviewRowsOf(draft: ProductDraft): Insertable<ReviewsTable>[] {
  const { random, availableInDays } = draft
  const referenceDate = draft.context.referenceDate
  const reviews: Insertable<ReviewsTable>[] = []
  const reviewTotal = draft.incoming ? 0 : (draft.overrides.reviews ?? reviewCount(random))
  const reviewableDays = Math.max(1, Math.min(365, -availableInDays))
  for (let i = 0; i < reviewTotal; i++) {
    const rating = random.weighted<number>([
      [5, 45],
      [4, 30],
      [3, 12],
      [2, 7],
      [1, 6],
    ])
    const language = random.weighted<LocaleCode>([
      ['fi', 40],
      ['sv', 30],
      ['nb', 15],
      ['da', 15],
    ])
    const band = rating >= 4 ? 2 : rating === 3 ? 1 : 0
    reviews.push({
      product_id: draft.productId,
      user_id: null,
      author: `${random.pick(REVIEW_AUTHORS)} ${String.fromCharCode(65 + random.int(0, 25))}.`,
      rating,
      comment: random.pick(REVIEW_COMMENTS[language][band]),
      language,
      created_at: at(
        addDays(referenceDate, -random.int(0, reviewableDays - 1)),
        random.int(7, 22),
        random.int(0, 59),
      ),
    })
  }
  return reviews
}

function productRowOf(
  draft: ProductDraft,
  skus: readonly Insertable<SkusTable>[],
): Insertable<ProductsTable> {
  const { productId, lead, salePercentage } = draft
  const discountType: DiscountType = draft.campaign
    ? 'PRICE_CAMPAIGN'
    : salePercentage
      ? 'SALE_PRICE'
      : 'NONE'
  return {
    product_id: productId,
    article_number: draft.articleNumber,
    brand_id: draft.brand.id,
    primary_category_id: draft.leaf.id,
    first_available_on: draft.firstAvailableOn,
    created_at: draft.createdAt,
    discount_type: discountType,
    is_active: true,
    is_collab: draft.isCollab,
    is_sustainable: draft.isSustainable,
    is_petite: draft.isPetite,
    is_outlet: draft.isOutlet,
    has_extended_sizes: draft.extendedSizes,
    color_hex: draft.colour.hex,
    variant_group_id: lead !== productId || hasVariants(draft.context.seed, productId) ? lead : null,
    sales_count: draft.incoming ? 0 : Math.floor(draft.random.next() ** 3 * 600),
    weight_grams: skus[0]?.weight_grams ?? 0,
  }
}

export function generateProduct(
  context: CatalogueContext,
  productId: number,
  ownOverrides: ProductOverrides = {},
): ProductRows {
  const draft = draftProduct(context, productId, ownOverrides)
  const { sizes, skus } = skuRowsOf(draft)
  const { euro, prices, priceLog } = priceRowsOf(draft)
  const categories = categoryRowsOf(draft)
  const campaignProducts = campaignRowsOf(draft)
  const { parameterValues, model } = parameterRowsOf(draft, sizes)
  const texts = textRowsOf(draft, model)
  const { images, productImages } = imageRowsOf(draft)
  const reviews = reviewRowsOf(draft)
  const product = productRowOf(draft, skus)
  const { garment, colour, material, brand } = draft
  return {
    product,
    texts,
    categories,
    skus,
    prices,
    priceLog,
    campaignProducts,
    parameterValues,
    images,
    productImages,
    reviews,
    style: { garment: garment.key, colour: colour.key, material: material.key, brand: brand.name, euro },
  }
}

/** Product `productId` as the seed writes it: generated, with the fixture products' forced values. */
export function buildProduct(context: CatalogueContext, productId: number): ProductRows {
  const rows = generateProduct(context, productId, FIXTURE_PRODUCT_OVERRIDES.get(productId) ?? {})
  context.styles.set(productId, rows.style)
  for (const sku of rows.skus) {
    const fixed = FIXTURE_SKU_STOCK.get(sku.sku_id)
    if (!fixed) continue
    sku.stock_in_stock = fixed.inStock
    sku.stock_oversellable = fixed.oversellable
    sku.stock_static = fixed.static
  }
  return rows
}
