/**
 * The labelled query sets of the search relevance benchmark (scripts/bench/search.ts), each query
 * with its kind and a graded judgement of the seeded catalogue:
 *  - CATALOGUE_QUERIES, 15 per language, mostly the catalogue's own words (a plural, a compound, a
 *    brand as the seed writes them);
 *  - SHOPPER_QUERIES, 10 per language, written as a shopper types them and not taken from the
 *    seed's words (issue 27): unfinished words (`kenk`, `klänn`, `buks`), other inflections than the
 *    catalogue's (`kenkä`, `byxa`, `kjolen`, `støvel`), misspellings (`mekkko`, `gensre`) and the
 *    colour with an unfinished garment (`svart kjol`), judged by the same rules
 * (server/db/seed: every product is a colour + material + garment of a brand, so a judgement is a
 * rule over those facts and holds at any catalogue size).
 *
 * Grades: 3 = exactly what was asked (garment, and colour / material / brand when named),
 *         2 = the right garment, another colour or material,
 *         1 = a close relative (the cardigan for a sweater, a garment of the same family),
 *         0 = not relevant.
 */
import type { LocaleCode } from '../../src/shared/markets'

export type QueryKind =
  | 'plain'
  | 'plural'
  | 'compound'
  | 'typo'
  | 'colour'
  | 'brand'
  | 'synonym'
  | 'product number'
  | 'prefix'
  | 'inflection'

export interface ProductFacts {
  productId: number
  articleNumber: string
  garment: string
  colour: string
  material: string
  brand: string
}

export interface JudgedQuery {
  /** who wrote the query: taken from the catalogue's words, or typed as a shopper would */
  by: 'catalogue' | 'shopper'
  language: LocaleCode
  q: string
  kind: QueryKind
  /** the garments asked for (seed GARMENTS keys) */
  garments?: readonly string[]
  /** close relatives, graded 1 */
  related?: readonly string[]
  colour?: string
  material?: string
  brand?: string
  /** a product number query: its product id */
  productId?: number
}

const DRESSES = ['dress', 'party-dress', 'maxi-dress', 'shirt-dress', 'evening-gown', 'beach-dress']
const BIKINI = ['bikini-top', 'bikini-bottoms']
/** the garments of the shoe category (kengät, skor, sko) */
const SHOES = ['boots', 'ankle-boots', 'sneakers', 'pumps', 'sandals', 'loafers']
const JACKETS = ['jacket', 'puffer-jacket', 'trench-coat', 'training-jacket']

/** The grade of a product for a query (see above). */
export function grade(query: JudgedQuery, product: ProductFacts): number {
  if (query.productId !== undefined) return product.productId === query.productId ? 3 : 0
  const attributesMatch =
    (query.colour === undefined || query.colour === product.colour) &&
    (query.material === undefined || query.material === product.material) &&
    (query.brand === undefined || query.brand === product.brand)
  if (query.garments === undefined) return attributesMatch ? 3 : 0
  if (query.garments.includes(product.garment)) return attributesMatch ? 3 : query.brand ? 0 : 2
  if (query.related?.includes(product.garment)) return attributesMatch ? 1 : 0
  return 0
}

const q = (
  language: LocaleCode,
  text: string,
  kind: QueryKind,
  judgement: Omit<JudgedQuery, 'by' | 'language' | 'q' | 'kind'>,
): JudgedQuery => ({ by: 'catalogue', language, q: text, kind, ...judgement })
const typed = (...args: Parameters<typeof q>): JudgedQuery => ({ ...q(...args), by: 'shopper' })

// prettier-ignore
export const CATALOGUE_QUERIES: readonly JudgedQuery[] = [
  q('fi', 'neule', 'plain', { garments: ['sweater'], related: ['cardigan'] }),
  q('fi', 'villaneule', 'compound', { garments: ['sweater'], related: ['cardigan'], material: 'wool' }),
  q('fi', 'neuleet', 'plural', { garments: ['sweater'], related: ['cardigan'] }),
  q('fi', 'mekot', 'plural', { garments: DRESSES }),
  q('fi', 'musta mekko', 'colour', { garments: DRESSES, colour: 'black' }),
  q('fi', 'punaiset tennarit', 'colour', { garments: ['sneakers'], colour: 'red' }),
  q('fi', 'nahkasaappaat', 'compound', { garments: ['boots'], related: ['ankle-boots'], material: 'leather' }),
  q('fi', 'saappat', 'typo', { garments: ['boots'], related: ['ankle-boots'] }),
  q('fi', 'farkkutakki', 'compound', { garments: ['jacket'], material: 'denim' }),
  q('fi', 'satiinimeko', 'typo', { garments: DRESSES, material: 'satin' }),
  q('fi', 'Polaris Knit', 'brand', { brand: 'Polaris Knit' }),
  q('fi', 'bikinit', 'synonym', { garments: BIKINI }),
  q('fi', 'LU000123', 'product number', { productId: 123 }),
  q('fi', 'kashmirhuivi', 'compound', { garments: ['scarf'], material: 'cashmere' }),
  q('fi', 'valkoinen t-paita', 'colour', { garments: ['t-shirt'], colour: 'white' }),

  q('sv', 'tröja', 'plain', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  q('sv', 'ulltröja', 'compound', { garments: ['sweater'], related: ['cardigan'], material: 'wool' }),
  q('sv', 'klänningar', 'plural', { garments: DRESSES }),
  q('sv', 'svart klänning', 'colour', { garments: DRESSES, colour: 'black' }),
  q('sv', 'röda sneakers', 'colour', { garments: ['sneakers'], colour: 'red' }),
  q('sv', 'läderstövlar', 'compound', { garments: ['boots'], related: ['ankle-boots'], material: 'leather' }),
  q('sv', 'stövlr', 'typo', { garments: ['boots'], related: ['ankle-boots'] }),
  q('sv', 'denimjacka', 'compound', { garments: ['jacket'], material: 'denim' }),
  q('sv', 'klänig', 'typo', { garments: DRESSES }),
  q('sv', 'Norrsken', 'brand', { brand: 'Norrsken' }),
  q('sv', 'bikini', 'synonym', { garments: BIKINI }),
  q('sv', 'LU000456', 'product number', { productId: 456 }),
  q('sv', 'kashmirsjal', 'compound', { garments: ['scarf'], material: 'cashmere' }),
  q('sv', 'sidenblus', 'compound', { garments: ['blouse'], material: 'silk' }),
  q('sv', 'vit t-shirt', 'colour', { garments: ['t-shirt'], colour: 'white' }),

  q('nb', 'genser', 'plain', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  q('nb', 'ullgenser', 'compound', { garments: ['sweater'], related: ['cardigan'], material: 'wool' }),
  q('nb', 'kjoler', 'plural', { garments: DRESSES }),
  q('nb', 'svart kjole', 'colour', { garments: DRESSES, colour: 'black' }),
  q('nb', 'røde sneakers', 'colour', { garments: ['sneakers'], colour: 'red' }),
  q('nb', 'skinnstøvler', 'compound', { garments: ['boots'], related: ['ankle-boots'], material: 'leather' }),
  q('nb', 'støvlr', 'typo', { garments: ['boots'], related: ['ankle-boots'] }),
  q('nb', 'denimjakke', 'compound', { garments: ['jacket'], material: 'denim' }),
  q('nb', 'kjloe', 'typo', { garments: DRESSES }),
  q('nb', 'Nordlys', 'brand', { brand: 'Nordlys' }),
  q('nb', 'bikini', 'synonym', { garments: BIKINI }),
  q('nb', 'LU000789', 'product number', { productId: 789 }),
  q('nb', 'kasjmirskjerf', 'compound', { garments: ['scarf'], material: 'cashmere' }),
  q('nb', 'silkebluse', 'compound', { garments: ['blouse'], material: 'silk' }),
  q('nb', 'hvit t-skjorte', 'colour', { garments: ['t-shirt'], colour: 'white' }),

  q('da', 'sweater', 'plain', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  q('da', 'uldsweater', 'compound', { garments: ['sweater'], related: ['cardigan'], material: 'wool' }),
  q('da', 'kjoler', 'plural', { garments: DRESSES }),
  q('da', 'sort kjole', 'colour', { garments: DRESSES, colour: 'black' }),
  q('da', 'røde sneakers', 'colour', { garments: ['sneakers'], colour: 'red' }),
  q('da', 'læderstøvler', 'compound', { garments: ['boots'], related: ['ankle-boots'], material: 'leather' }),
  q('da', 'støvlre', 'typo', { garments: ['boots'], related: ['ankle-boots'] }),
  q('da', 'denimjakke', 'compound', { garments: ['jacket'], material: 'denim' }),
  q('da', 'kjoel', 'typo', { garments: DRESSES }),
  q('da', 'Ørum Copenhagen', 'brand', { brand: 'Ørum Copenhagen' }),
  q('da', 'bikini', 'synonym', { garments: BIKINI }),
  q('da', 'LU001000', 'product number', { productId: 1000 }),
  q('da', 'kashmirtørklæde', 'compound', { garments: ['scarf'], material: 'cashmere' }),
  q('da', 'silkebluse', 'compound', { garments: ['blouse'], material: 'silk' }),
  q('da', 'hvid t-shirt', 'colour', { garments: ['t-shirt'], colour: 'white' }),
]

// prettier-ignore
export const SHOPPER_QUERIES: readonly JudgedQuery[] = [
  typed('fi', 'kenk', 'prefix', { garments: SHOES }),
  typed('fi', 'kenkä', 'inflection', { garments: SHOES }),
  typed('fi', 'mekk', 'prefix', { garments: DRESSES }),
  typed('fi', 'mekkko', 'typo', { garments: DRESSES }),
  typed('fi', 'kengt', 'typo', { garments: SHOES }),
  typed('fi', 'saapas', 'inflection', { garments: ['boots'], related: ['ankle-boots'] }),
  typed('fi', 'housu', 'inflection', { garments: ['trousers'], related: ['jeans'] }),
  typed('fi', 'takk', 'prefix', { garments: JACKETS, related: ['cardigan', 'wool-coat'] }),
  typed('fi', 'musta mek', 'colour', { garments: DRESSES, colour: 'black' }),
  typed('fi', 'farkkutakkki', 'typo', { garments: ['jacket'], material: 'denim' }),

  typed('sv', 'klänn', 'prefix', { garments: DRESSES }),
  typed('sv', 'klänningen', 'inflection', { garments: DRESSES }),
  typed('sv', 'byxa', 'inflection', { garments: ['trousers'], related: ['jeans'] }),
  typed('sv', 'stövel', 'inflection', { garments: ['boots'], related: ['ankle-boots'] }),
  typed('sv', 'kjolen', 'inflection', { garments: ['skirt'] }),
  typed('sv', 'tröjor', 'inflection', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  typed('sv', 'sneak', 'prefix', { garments: ['sneakers'] }),
  typed('sv', 'jakca', 'typo', { garments: JACKETS }),
  typed('sv', 'svart klänn', 'colour', { garments: DRESSES, colour: 'black' }),
  typed('sv', 'sandlaer', 'typo', { garments: ['sandals'] }),

  typed('nb', 'buks', 'prefix', { garments: ['trousers'], related: ['jeans'] }),
  typed('nb', 'kjol', 'prefix', { garments: DRESSES }),
  typed('nb', 'buksa', 'inflection', { garments: ['trousers'], related: ['jeans'] }),
  typed('nb', 'støvel', 'inflection', { garments: ['boots'], related: ['ankle-boots'] }),
  typed('nb', 'kjolen', 'inflection', { garments: DRESSES }),
  typed('nb', 'gensre', 'typo', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  typed('nb', 'jakk', 'prefix', { garments: JACKETS }),
  typed('nb', 'skjørtet', 'inflection', { garments: ['skirt'] }),
  typed('nb', 'svart kjol', 'colour', { garments: DRESSES, colour: 'black' }),
  typed('nb', 'sandalr', 'typo', { garments: ['sandals'] }),

  typed('da', 'buks', 'prefix', { garments: ['trousers'], related: ['jeans'] }),
  typed('da', 'kjol', 'prefix', { garments: DRESSES }),
  typed('da', 'kjolen', 'inflection', { garments: DRESSES }),
  typed('da', 'støvle', 'inflection', { garments: ['boots'], related: ['ankle-boots'] }),
  typed('da', 'bukserne', 'inflection', { garments: ['trousers'], related: ['jeans'] }),
  typed('da', 'nederdele', 'inflection', { garments: ['skirt'] }),
  typed('da', 'swaeter', 'typo', { garments: ['sweater'], related: ['cardigan', 'hoodie'] }),
  typed('da', 'jakk', 'prefix', { garments: JACKETS }),
  typed('da', 'sort kjol', 'colour', { garments: DRESSES, colour: 'black' }),
  typed('da', 'sandler', 'typo', { garments: ['sandals'] }),
]

export const JUDGED_QUERIES: readonly JudgedQuery[] = [...CATALOGUE_QUERIES, ...SHOPPER_QUERIES]

/** Discounted cumulative gain of graded results, gain 2^grade − 1. */
export function dcg(grades: readonly number[], k = 10): number {
  return grades.slice(0, k).reduce((sum, value, index) => sum + (2 ** value - 1) / Math.log2(index + 2), 0)
}

/** NDCG@k of a ranking, against the ideal ordering of every judged product. */
export function ndcg(ranked: readonly number[], allGrades: readonly number[], k = 10): number {
  const ideal = dcg(
    [...allGrades].sort((a, b) => b - a),
    k,
  )
  return ideal === 0 ? 0 : dcg(ranked, k) / ideal
}
