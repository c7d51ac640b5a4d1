/**
 * The labelled query set of the search relevance benchmark (scripts/bench/search.ts): 15 queries
 * per language, each with its kind and a graded judgement of the seeded catalogue
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
  'plain' | 'plural' | 'compound' | 'typo' | 'colour' | 'brand' | 'synonym' | 'product number'

export interface ProductFacts {
  productId: number
  articleNumber: string
  garment: string
  colour: string
  material: string
  brand: string
}

export interface JudgedQuery {
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
  judgement: Omit<JudgedQuery, 'language' | 'q' | 'kind'>,
): JudgedQuery => ({ language, q: text, kind, ...judgement })

// prettier-ignore
export const JUDGED_QUERIES: readonly JudgedQuery[] = [
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
