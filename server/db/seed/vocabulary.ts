/**
 * The seed's word lists: colours, materials, garments and the category tree in Finnish, Swedish,
 * Norwegian (bokmål) and Danish. Product names are composed from them as colour + material +
 * garment with each language's agreement and compounding rules ("Musta satiinimekko",
 * "Svart satinklänning", "Svart satengkjole", "Sort satinkjole").
 */
import type { LocaleCode } from '../../../src/shared/markets'
import type { ShapeKind } from './images'

export type PerLanguage<T = string> = Record<LocaleCode, T>

/** Grammatical form a colour adjective agrees with: common or neuter singular, or plural. */
export type NounForm = 'common' | 'neuter' | 'plural'

export interface Colour {
  key: string
  hex: string
  /** fi: [singular, plural]; sv/nb/da: [common, neuter, plural] */
  fi: readonly [string, string]
  sv: readonly [string, string, string]
  nb: readonly [string, string, string]
  da: readonly [string, string, string]
}

// prettier-ignore
export const COLOURS: readonly Colour[] = [
  { key: 'black', hex: '#1f1f1f', fi: ['musta', 'mustat'], sv: ['svart', 'svart', 'svarta'], nb: ['svart', 'svart', 'svarte'], da: ['sort', 'sort', 'sorte'] },
  { key: 'white', hex: '#f7f5f0', fi: ['valkoinen', 'valkoiset'], sv: ['vit', 'vitt', 'vita'], nb: ['hvit', 'hvitt', 'hvite'], da: ['hvid', 'hvidt', 'hvide'] },
  { key: 'offwhite', hex: '#ece3d0', fi: ['luonnonvalkoinen', 'luonnonvalkoiset'], sv: ['benvit', 'benvitt', 'benvita'], nb: ['kremhvit', 'kremhvitt', 'kremhvite'], da: ['cremehvid', 'cremehvidt', 'cremehvide'] },
  { key: 'beige', hex: '#d8c3a5', fi: ['beige', 'beiget'], sv: ['beige', 'beige', 'beige'], nb: ['beige', 'beige', 'beige'], da: ['beige', 'beige', 'beige'] },
  { key: 'brown', hex: '#7a5236', fi: ['ruskea', 'ruskeat'], sv: ['brun', 'brunt', 'bruna'], nb: ['brun', 'brunt', 'brune'], da: ['brun', 'brunt', 'brune'] },
  { key: 'navy', hex: '#1d2b4f', fi: ['tummansininen', 'tummansiniset'], sv: ['marinblå', 'marinblått', 'marinblå'], nb: ['marineblå', 'marineblått', 'marineblå'], da: ['marineblå', 'marineblåt', 'marineblå'] },
  { key: 'blue', hex: '#3f6fb5', fi: ['sininen', 'siniset'], sv: ['blå', 'blått', 'blå'], nb: ['blå', 'blått', 'blå'], da: ['blå', 'blåt', 'blå'] },
  { key: 'green', hex: '#3d6b4a', fi: ['vihreä', 'vihreät'], sv: ['grön', 'grönt', 'gröna'], nb: ['grønn', 'grønt', 'grønne'], da: ['grøn', 'grønt', 'grønne'] },
  { key: 'red', hex: '#c0312b', fi: ['punainen', 'punaiset'], sv: ['röd', 'rött', 'röda'], nb: ['rød', 'rødt', 'røde'], da: ['rød', 'rødt', 'røde'] },
  { key: 'burgundy', hex: '#6d1f2f', fi: ['viininpunainen', 'viininpunaiset'], sv: ['vinröd', 'vinrött', 'vinröda'], nb: ['vinrød', 'vinrødt', 'vinrøde'], da: ['vinrød', 'vinrødt', 'vinrøde'] },
  { key: 'pink', hex: '#e8a5b8', fi: ['vaaleanpunainen', 'vaaleanpunaiset'], sv: ['rosa', 'rosa', 'rosa'], nb: ['rosa', 'rosa', 'rosa'], da: ['lyserød', 'lyserødt', 'lyserøde'] },
  { key: 'grey', hex: '#8c8c8c', fi: ['harmaa', 'harmaat'], sv: ['grå', 'grått', 'grå'], nb: ['grå', 'grått', 'grå'], da: ['grå', 'gråt', 'grå'] },
  { key: 'yellow', hex: '#e3b934', fi: ['keltainen', 'keltaiset'], sv: ['gul', 'gult', 'gula'], nb: ['gul', 'gult', 'gule'], da: ['gul', 'gult', 'gule'] },
  { key: 'lilac', hex: '#a48bc4', fi: ['liila', 'liilat'], sv: ['lila', 'lila', 'lila'], nb: ['lilla', 'lilla', 'lilla'], da: ['lilla', 'lilla', 'lilla'] },
]

/** The colour's name on its own, for the Color parameter value. */
export function colourLabel(colour: Colour, language: LocaleCode): string {
  return capitalise(colour[language][0])
}

export interface Material {
  key: string
  /** The prefix used in compounds: satiini|mekko, bomulls|skjorta */
  prefix: PerLanguage | null
  /** The Material parameter value */
  label: PerLanguage
  sustainable?: boolean
}

// prettier-ignore
export const MATERIALS: readonly Material[] = [
  { key: 'satin', prefix: { fi: 'satiini', sv: 'satin', nb: 'sateng', da: 'satin' }, label: { fi: 'Satiini', sv: 'Satin', nb: 'Sateng', da: 'Satin' } },
  { key: 'silk', prefix: { fi: 'silkki', sv: 'siden', nb: 'silke', da: 'silke' }, label: { fi: 'Silkki', sv: 'Siden', nb: 'Silke', da: 'Silke' } },
  { key: 'cotton', prefix: { fi: 'puuvilla', sv: 'bomulls', nb: 'bomulls', da: 'bomulds' }, label: { fi: 'Luomupuuvilla', sv: 'Ekologisk bomull', nb: 'Økologisk bomull', da: 'Økologisk bomuld' }, sustainable: true },
  { key: 'linen', prefix: { fi: 'pellava', sv: 'linne', nb: 'lin', da: 'hør' }, label: { fi: 'Pellava', sv: 'Linne', nb: 'Lin', da: 'Hør' }, sustainable: true },
  { key: 'wool', prefix: { fi: 'villa', sv: 'ull', nb: 'ull', da: 'uld' }, label: { fi: 'Villa', sv: 'Ull', nb: 'Ull', da: 'Uld' } },
  { key: 'cashmere', prefix: { fi: 'kashmir', sv: 'kashmir', nb: 'kasjmir', da: 'kashmir' }, label: { fi: 'Kashmir', sv: 'Kashmir', nb: 'Kasjmir', da: 'Kashmir' } },
  { key: 'leather', prefix: { fi: 'nahka', sv: 'läder', nb: 'skinn', da: 'læder' }, label: { fi: 'Nahka', sv: 'Läder', nb: 'Skinn', da: 'Læder' } },
  { key: 'suede', prefix: { fi: 'mokka', sv: 'mocka', nb: 'ruskinns', da: 'ruskinds' }, label: { fi: 'Mokka', sv: 'Mocka', nb: 'Ruskinn', da: 'Ruskind' } },
  { key: 'velvet', prefix: { fi: 'sametti', sv: 'sammets', nb: 'fløyels', da: 'fløjls' }, label: { fi: 'Sametti', sv: 'Sammet', nb: 'Fløyel', da: 'Fløjl' } },
  { key: 'denim', prefix: { fi: 'farkku', sv: 'denim', nb: 'denim', da: 'denim' }, label: { fi: 'Denim', sv: 'Denim', nb: 'Denim', da: 'Denim' } },
  { key: 'lace', prefix: { fi: 'pitsi', sv: 'spets', nb: 'blonde', da: 'blonde' }, label: { fi: 'Pitsi', sv: 'Spets', nb: 'Blonder', da: 'Blonder' } },
  { key: 'canvas', prefix: { fi: 'kangas', sv: 'canvas', nb: 'canvas', da: 'canvas' }, label: { fi: 'Puuvillakanvas', sv: 'Bomullscanvas', nb: 'Bomullscanvas', da: 'Bomuldscanvas' } },
  { key: 'viscose', prefix: { fi: 'viskoosi', sv: 'viskos', nb: 'viskose', da: 'viskose' }, label: { fi: 'Viskoosi', sv: 'Viskos', nb: 'Viskose', da: 'Viskose' } },
  { key: 'recycled-polyester', prefix: null, label: { fi: 'Kierrätetty polyesteri', sv: 'Återvunnen polyester', nb: 'Resirkulert polyester', da: 'Genanvendt polyester' }, sustainable: true },
  { key: 'polyamide-elastane', prefix: null, label: { fi: 'Polyamidi ja elastaani', sv: 'Polyamid och elastan', nb: 'Polyamid og elastan', da: 'Polyamid og elastan' } },
]

export const materialByKey = new Map(MATERIALS.map((material) => [material.key, material]))

export type SizeRunKey = 'letters' | 'eu' | 'waist' | 'shoes' | 'cups' | 'one'

/** Regular sizes, then the extended ('curve') sizes a product with the sizes badge also has. */
export const SIZE_RUNS: Record<SizeRunKey, { regular: readonly string[]; extended: readonly string[] }> = {
  letters: { regular: ['XS', 'S', 'M', 'L', 'XL'], extended: ['XXL', '3XL'] },
  eu: { regular: ['32', '34', '36', '38', '40', '42', '44'], extended: ['46', '48', '50'] },
  waist: { regular: ['24', '25', '26', '27', '28', '29', '30', '31', '32'], extended: ['33', '34', '36'] },
  shoes: { regular: ['35', '36', '37', '38', '39', '40', '41', '42'], extended: [] },
  cups: {
    regular: ['70B', '70C', '75B', '75C', '75D', '80B', '80C', '80D'],
    extended: ['85C', '85D', '90D'],
  },
  one: { regular: ['One size'], extended: [] },
}

export interface Noun {
  word: string
  form: NounForm
}

export interface Garment {
  key: string
  /** Key of the leaf category it belongs to */
  category: string
  shape: ShapeKind
  noun: PerLanguage<Noun>
  /** Materials named in the product name as a compound prefix */
  compoundMaterials: readonly string[]
  /** Materials for garments whose name carries none */
  plainMaterials: readonly string[]
  sizes: SizeRunKey
  /** Regular price range in euro */
  price: readonly [number, number]
  /** Relative frequency in the catalogue */
  weight: number
  /** Shown on a model (model height and size parameters) */
  modelled: boolean
}

const n = (word: string, form: NounForm = 'common'): Noun => ({ word, form })

// prettier-ignore
export const GARMENTS: readonly Garment[] = [
  { key: 'dress', category: 'everyday-dresses', shape: 'dress', noun: { fi: n('mekko'), sv: n('klänning'), nb: n('kjole'), da: n('kjole') }, compoundMaterials: ['satin', 'viscose', 'linen', 'cotton', 'velvet', 'silk'], plainMaterials: [], sizes: 'eu', price: [39, 129], weight: 10, modelled: true },
  { key: 'party-dress', category: 'party-dresses', shape: 'dress', noun: { fi: n('juhlamekko'), sv: n('festklänning'), nb: n('festkjole'), da: n('festkjole') }, compoundMaterials: [], plainMaterials: ['satin', 'velvet', 'recycled-polyester', 'viscose'], sizes: 'eu', price: [59, 199], weight: 8, modelled: true },
  { key: 'maxi-dress', category: 'maxi-dresses', shape: 'gown', noun: { fi: n('maksimekko'), sv: n('maxiklänning'), nb: n('maksikjole'), da: n('maxikjole') }, compoundMaterials: [], plainMaterials: ['viscose', 'linen', 'cotton'], sizes: 'eu', price: [49, 149], weight: 5, modelled: true },
  { key: 'shirt-dress', category: 'shirt-dresses', shape: 'dress', noun: { fi: n('paitamekko'), sv: n('skjortklänning'), nb: n('skjortekjole'), da: n('skjortekjole') }, compoundMaterials: [], plainMaterials: ['cotton', 'linen', 'viscose'], sizes: 'letters', price: [45, 119], weight: 4, modelled: true },
  { key: 'evening-gown', category: 'evening-gowns', shape: 'gown', noun: { fi: n('iltapuku'), sv: n('aftonklänning'), nb: n('aftenkjole'), da: n('aftenkjole') }, compoundMaterials: [], plainMaterials: ['satin', 'silk', 'velvet'], sizes: 'eu', price: [129, 349], weight: 3, modelled: true },
  { key: 'wool-coat', category: 'wool-coats', shape: 'coat', noun: { fi: n('kappa'), sv: n('kappa'), nb: n('kåpe'), da: n('frakke') }, compoundMaterials: ['wool', 'cashmere'], plainMaterials: [], sizes: 'letters', price: [149, 399], weight: 4, modelled: true },
  { key: 'trench-coat', category: 'trench-coats', shape: 'coat', noun: { fi: n('trenssitakki'), sv: n('trenchcoat'), nb: n('trenchcoat'), da: n('trenchcoat') }, compoundMaterials: [], plainMaterials: ['cotton'], sizes: 'letters', price: [119, 259], weight: 3, modelled: true },
  { key: 'puffer-jacket', category: 'puffer-jackets', shape: 'puffer', noun: { fi: n('toppatakki'), sv: n('pufferjacka'), nb: n('boblejakke'), da: n('dynejakke') }, compoundMaterials: [], plainMaterials: ['recycled-polyester'], sizes: 'letters', price: [99, 279], weight: 3, modelled: true },
  { key: 'jacket', category: 'jackets', shape: 'jacket', noun: { fi: n('takki'), sv: n('jacka'), nb: n('jakke'), da: n('jakke') }, compoundMaterials: ['leather', 'denim', 'suede', 'velvet'], plainMaterials: [], sizes: 'letters', price: [69, 299], weight: 4, modelled: true },
  { key: 'blazer', category: 'blazers', shape: 'jacket', noun: { fi: n('bleiseri'), sv: n('kavaj'), nb: n('blazer'), da: n('blazer') }, compoundMaterials: ['wool', 'linen', 'velvet'], plainMaterials: [], sizes: 'eu', price: [79, 199], weight: 3, modelled: true },
  { key: 'blouse', category: 'blouses', shape: 'shirt', noun: { fi: n('pusero'), sv: n('blus'), nb: n('bluse'), da: n('bluse') }, compoundMaterials: ['satin', 'silk', 'cotton', 'linen', 'viscose'], plainMaterials: [], sizes: 'eu', price: [29, 119], weight: 6, modelled: true },
  { key: 't-shirt', category: 't-shirts', shape: 'tshirt', noun: { fi: n('t-paita'), sv: n('t-shirt'), nb: n('t-skjorte'), da: n('t-shirt') }, compoundMaterials: [], plainMaterials: ['cotton'], sizes: 'letters', price: [15, 45], weight: 6, modelled: true },
  { key: 'tank-top', category: 'tank-tops', shape: 'tank', noun: { fi: n('toppi'), sv: n('linne', 'neuter'), nb: n('topp'), da: n('top') }, compoundMaterials: ['silk', 'satin', 'cotton', 'lace'], plainMaterials: [], sizes: 'letters', price: [19, 69], weight: 4, modelled: true },
  { key: 'shirt', category: 'shirts', shape: 'shirt', noun: { fi: n('kauluspaita'), sv: n('skjorta'), nb: n('skjorte'), da: n('skjorte') }, compoundMaterials: ['linen', 'cotton', 'silk'], plainMaterials: [], sizes: 'eu', price: [39, 119], weight: 4, modelled: true },
  { key: 'sweater', category: 'sweaters', shape: 'sweater', noun: { fi: n('neule'), sv: n('tröja'), nb: n('genser'), da: n('sweater') }, compoundMaterials: ['wool', 'cashmere', 'cotton'], plainMaterials: [], sizes: 'letters', price: [49, 229], weight: 5, modelled: true },
  { key: 'cardigan', category: 'cardigans', shape: 'cardigan', noun: { fi: n('neuletakki'), sv: n('kofta'), nb: n('cardigan'), da: n('cardigan') }, compoundMaterials: ['wool', 'cashmere', 'cotton'], plainMaterials: [], sizes: 'letters', price: [49, 199], weight: 4, modelled: true },
  { key: 'trousers', category: 'trousers', shape: 'trousers', noun: { fi: n('housut', 'plural'), sv: n('byxor', 'plural'), nb: n('bukse'), da: n('bukser', 'plural') }, compoundMaterials: ['linen', 'wool', 'velvet', 'satin', 'cotton'], plainMaterials: [], sizes: 'eu', price: [39, 149], weight: 6, modelled: true },
  { key: 'jeans', category: 'jeans', shape: 'trousers', noun: { fi: n('farkut', 'plural'), sv: n('jeans', 'plural'), nb: n('jeans', 'plural'), da: n('jeans', 'plural') }, compoundMaterials: [], plainMaterials: ['denim'], sizes: 'waist', price: [49, 149], weight: 5, modelled: true },
  { key: 'skirt', category: 'skirts', shape: 'skirt', noun: { fi: n('hame'), sv: n('kjol'), nb: n('skjørt', 'neuter'), da: n('nederdel') }, compoundMaterials: ['satin', 'denim', 'leather', 'wool', 'linen'], plainMaterials: [], sizes: 'eu', price: [35, 129], weight: 5, modelled: true },
  { key: 'shorts', category: 'shorts', shape: 'shorts', noun: { fi: n('shortsit', 'plural'), sv: n('shorts', 'plural'), nb: n('shorts', 'plural'), da: n('shorts', 'plural') }, compoundMaterials: ['linen', 'denim', 'cotton'], plainMaterials: [], sizes: 'eu', price: [25, 69], weight: 3, modelled: true },
  { key: 'boots', category: 'boots', shape: 'boot', noun: { fi: n('saappaat', 'plural'), sv: n('stövlar', 'plural'), nb: n('støvler', 'plural'), da: n('støvler', 'plural') }, compoundMaterials: ['leather', 'suede'], plainMaterials: [], sizes: 'shoes', price: [129, 329], weight: 4, modelled: false },
  { key: 'ankle-boots', category: 'ankle-boots', shape: 'ankle-boot', noun: { fi: n('nilkkurit', 'plural'), sv: n('kängor', 'plural'), nb: n('støvletter', 'plural'), da: n('støvletter', 'plural') }, compoundMaterials: ['leather', 'suede'], plainMaterials: [], sizes: 'shoes', price: [99, 249], weight: 4, modelled: false },
  { key: 'sneakers', category: 'sneakers', shape: 'sneaker', noun: { fi: n('tennarit', 'plural'), sv: n('sneakers', 'plural'), nb: n('sneakers', 'plural'), da: n('sneakers', 'plural') }, compoundMaterials: ['leather', 'canvas', 'suede'], plainMaterials: [], sizes: 'shoes', price: [59, 169], weight: 5, modelled: false },
  { key: 'pumps', category: 'pumps', shape: 'pump', noun: { fi: n('avokkaat', 'plural'), sv: n('pumps', 'plural'), nb: n('pumps', 'plural'), da: n('pumps', 'plural') }, compoundMaterials: ['leather', 'suede', 'satin'], plainMaterials: [], sizes: 'shoes', price: [79, 219], weight: 3, modelled: false },
  { key: 'sandals', category: 'sandals', shape: 'sandal', noun: { fi: n('sandaalit', 'plural'), sv: n('sandaler', 'plural'), nb: n('sandaler', 'plural'), da: n('sandaler', 'plural') }, compoundMaterials: ['leather'], plainMaterials: [], sizes: 'shoes', price: [49, 149], weight: 3, modelled: false },
  { key: 'loafers', category: 'loafers', shape: 'loafer', noun: { fi: n('loaferit', 'plural'), sv: n('loafers', 'plural'), nb: n('loafers', 'plural'), da: n('loafers', 'plural') }, compoundMaterials: ['leather', 'suede'], plainMaterials: [], sizes: 'shoes', price: [89, 199], weight: 2, modelled: false },
  { key: 'tights', category: 'tights', shape: 'tights', noun: { fi: n('treenitrikoot', 'plural'), sv: n('träningstights', 'plural'), nb: n('treningstights', 'plural'), da: n('træningstights', 'plural') }, compoundMaterials: [], plainMaterials: ['polyamide-elastane', 'recycled-polyester'], sizes: 'letters', price: [35, 89], weight: 3, modelled: true },
  { key: 'sports-bra', category: 'sports-bras', shape: 'sports-bra', noun: { fi: n('urheiluliivit', 'plural'), sv: n('sport-bh'), nb: n('sports-BH'), da: n('sports-bh') }, compoundMaterials: [], plainMaterials: ['polyamide-elastane', 'recycled-polyester'], sizes: 'letters', price: [29, 69], weight: 3, modelled: true },
  { key: 'hoodie', category: 'hoodies', shape: 'hoodie', noun: { fi: n('huppari'), sv: n('hoodie'), nb: n('hettegenser'), da: n('hættetrøje') }, compoundMaterials: ['cotton'], plainMaterials: [], sizes: 'letters', price: [49, 119], weight: 3, modelled: true },
  { key: 'training-jacket', category: 'training-jackets', shape: 'jacket', noun: { fi: n('treenitakki'), sv: n('träningsjacka'), nb: n('treningsjakke'), da: n('træningsjakke') }, compoundMaterials: [], plainMaterials: ['recycled-polyester'], sizes: 'letters', price: [59, 149], weight: 2, modelled: true },
  { key: 'bikini-top', category: 'bikini-tops', shape: 'bikini-top', noun: { fi: n('bikiniyläosa'), sv: n('bikiniöverdel'), nb: n('bikinitopp'), da: n('bikinitop') }, compoundMaterials: [], plainMaterials: ['polyamide-elastane', 'recycled-polyester'], sizes: 'letters', price: [25, 69], weight: 3, modelled: true },
  { key: 'bikini-bottoms', category: 'bikini-bottoms', shape: 'bikini-bottom', noun: { fi: n('bikinialaosa'), sv: n('bikiniunderdel'), nb: n('bikinitruse'), da: n('bikinitrusser', 'plural') }, compoundMaterials: [], plainMaterials: ['polyamide-elastane', 'recycled-polyester'], sizes: 'letters', price: [19, 55], weight: 3, modelled: true },
  { key: 'swimsuit', category: 'swimsuits', shape: 'swimsuit', noun: { fi: n('uimapuku'), sv: n('baddräkt'), nb: n('badedrakt'), da: n('badedragt') }, compoundMaterials: [], plainMaterials: ['polyamide-elastane', 'recycled-polyester'], sizes: 'eu', price: [45, 129], weight: 3, modelled: true },
  { key: 'beach-dress', category: 'beach-dresses', shape: 'dress', noun: { fi: n('rantamekko'), sv: n('strandklänning'), nb: n('strandkjole'), da: n('strandkjole') }, compoundMaterials: [], plainMaterials: ['linen', 'cotton', 'viscose'], sizes: 'letters', price: [35, 99], weight: 2, modelled: true },
  { key: 'bra', category: 'bras', shape: 'bra', noun: { fi: n('rintaliivit', 'plural'), sv: n('bh'), nb: n('BH'), da: n('bh') }, compoundMaterials: ['lace', 'satin'], plainMaterials: [], sizes: 'cups', price: [29, 79], weight: 4, modelled: true },
  { key: 'briefs', category: 'briefs', shape: 'briefs', noun: { fi: n('alushousut', 'plural'), sv: n('trosor', 'plural'), nb: n('truse'), da: n('trusser', 'plural') }, compoundMaterials: ['lace', 'cotton', 'silk'], plainMaterials: [], sizes: 'letters', price: [12, 39], weight: 4, modelled: true },
  { key: 'body', category: 'bodies', shape: 'swimsuit', noun: { fi: n('body'), sv: n('body'), nb: n('body'), da: n('body') }, compoundMaterials: ['lace', 'satin'], plainMaterials: [], sizes: 'letters', price: [39, 99], weight: 2, modelled: true },
  { key: 'robe', category: 'robes', shape: 'robe', noun: { fi: n('aamutakki'), sv: n('morgonrock'), nb: n('morgenkåpe'), da: n('morgenkåbe') }, compoundMaterials: ['satin', 'silk', 'cotton'], plainMaterials: [], sizes: 'letters', price: [49, 149], weight: 2, modelled: true },
  { key: 'bag', category: 'bags', shape: 'bag', noun: { fi: n('laukku'), sv: n('väska'), nb: n('veske'), da: n('taske') }, compoundMaterials: ['leather', 'suede', 'canvas'], plainMaterials: [], sizes: 'one', price: [49, 299], weight: 4, modelled: false },
  { key: 'scarf', category: 'scarves', shape: 'scarf', noun: { fi: n('huivi'), sv: n('sjal'), nb: n('skjerf', 'neuter'), da: n('tørklæde', 'neuter') }, compoundMaterials: ['wool', 'cashmere', 'silk'], plainMaterials: [], sizes: 'one', price: [25, 129], weight: 3, modelled: false },
]

export interface CategoryDefinition {
  key: string
  parent: string | null
  name: PerLanguage
  hidden?: boolean
}

const c = (
  key: string,
  parent: string | null,
  fi: string,
  sv: string,
  nb: string,
  da: string,
  hidden = false,
) => ({
  key,
  parent,
  name: { fi, sv, nb, da },
  ...(hidden ? { hidden } : {}),
})

/** The category tree in display order; parents come before their children. */
// prettier-ignore
export const CATEGORIES: readonly CategoryDefinition[] = [
  c('clothing', null, 'Vaatteet', 'Kläder', 'Klær', 'Tøj'),
  c('dresses', 'clothing', 'Mekot', 'Klänningar', 'Kjoler', 'Kjoler'),
  c('party-dresses', 'dresses', 'Juhlamekot', 'Festklänningar', 'Festkjoler', 'Festkjoler'),
  c('maxi-dresses', 'dresses', 'Maksimekot', 'Maxiklänningar', 'Maksikjoler', 'Maxikjoler'),
  c('shirt-dresses', 'dresses', 'Paitamekot', 'Skjortklänningar', 'Skjortekjoler', 'Skjortekjoler'),
  c('evening-gowns', 'dresses', 'Iltapuvut', 'Aftonklänningar', 'Aftenkjoler', 'Aftenkjoler'),
  c('everyday-dresses', 'dresses', 'Arkimekot', 'Vardagsklänningar', 'Hverdagskjoler', 'Hverdagskjoler'),
  c('coats', 'clothing', 'Takit', 'Jackor och kappor', 'Jakker og kåper', 'Jakker og frakker'),
  c('wool-coats', 'coats', 'Villakangastakit', 'Ullkappor', 'Ullkåper', 'Uldfrakker'),
  c('trench-coats', 'coats', 'Trenssitakit', 'Trenchcoats', 'Trenchcoats', 'Trenchcoats'),
  c('puffer-jackets', 'coats', 'Toppatakit', 'Pufferjackor', 'Boblejakker', 'Dynejakker'),
  c('jackets', 'coats', 'Lyhyet takit', 'Korta jackor', 'Korte jakker', 'Korte jakker'),
  c('blazers', 'coats', 'Bleiserit', 'Kavajer', 'Blazere', 'Blazere'),
  c('tops', 'clothing', 'Paidat ja topit', 'Toppar och blusar', 'Topper og bluser', 'Toppe og bluser'),
  c('blouses', 'tops', 'Puserot', 'Blusar', 'Bluser', 'Bluser'),
  c('t-shirts', 'tops', 'T-paidat', 'T-shirts', 'T-skjorter', 'T-shirts'),
  c('tank-tops', 'tops', 'Topit', 'Linnen', 'Singleter', 'Toppe'),
  c('shirts', 'tops', 'Kauluspaidat', 'Skjortor', 'Skjorter', 'Skjorter'),
  c('knitwear', 'clothing', 'Neuleet', 'Stickat', 'Strikk', 'Strik'),
  c('sweaters', 'knitwear', 'Neulepuserot', 'Stickade tröjor', 'Gensere', 'Sweatre'),
  c('cardigans', 'knitwear', 'Neuletakit', 'Koftor', 'Cardigans', 'Cardigans'),
  c('trousers', 'clothing', 'Housut', 'Byxor', 'Bukser', 'Bukser'),
  c('jeans', 'clothing', 'Farkut', 'Jeans', 'Jeans', 'Jeans'),
  c('skirts', 'clothing', 'Hameet', 'Kjolar', 'Skjørt', 'Nederdele'),
  c('shorts', 'clothing', 'Shortsit', 'Shorts', 'Shorts', 'Shorts'),
  c('shoes', null, 'Kengät', 'Skor', 'Sko', 'Sko'),
  c('boots', 'shoes', 'Saappaat', 'Stövlar', 'Støvler', 'Støvler'),
  c('ankle-boots', 'shoes', 'Nilkkurit', 'Kängor', 'Støvletter', 'Støvletter'),
  c('sneakers', 'shoes', 'Tennarit', 'Sneakers', 'Sneakers', 'Sneakers'),
  c('pumps', 'shoes', 'Avokkaat', 'Pumps', 'Pumps', 'Pumps'),
  c('sandals', 'shoes', 'Sandaalit', 'Sandaler', 'Sandaler', 'Sandaler'),
  c('loafers', 'shoes', 'Loaferit', 'Loafers', 'Loafers', 'Loafers'),
  c('sportswear', null, 'Urheiluvaatteet', 'Träningskläder', 'Treningsklær', 'Træningstøj'),
  c('tights', 'sportswear', 'Treenitrikoot', 'Träningstights', 'Treningstights', 'Træningstights'),
  c('sports-bras', 'sportswear', 'Urheiluliivit', 'Sport-bh', 'Sports-BH', 'Sports-bh'),
  c('hoodies', 'sportswear', 'Hupparit', 'Hoodies', 'Hettegensere', 'Hættetrøjer'),
  c('training-jackets', 'sportswear', 'Treenitakit', 'Träningsjackor', 'Treningsjakker', 'Træningsjakker'),
  c('beachwear', null, 'Rantavaatteet', 'Badkläder', 'Badetøy', 'Badetøj'),
  c('bikinis', 'beachwear', 'Bikinit', 'Bikinis', 'Bikinier', 'Bikinier'),
  c('bikini-tops', 'bikinis', 'Bikiniyläosat', 'Bikiniöverdelar', 'Bikinitopper', 'Bikinitoppe'),
  c('bikini-bottoms', 'bikinis', 'Bikinialaosat', 'Bikiniunderdelar', 'Bikinitruser', 'Bikinitrusser'),
  c('swimsuits', 'beachwear', 'Uimapuvut', 'Baddräkter', 'Badedrakter', 'Badedragter'),
  c('beach-dresses', 'beachwear', 'Rantamekot', 'Strandklänningar', 'Strandkjoler', 'Strandkjoler'),
  c('lingerie', null, 'Alusvaatteet', 'Underkläder', 'Undertøy', 'Undertøj'),
  c('bras', 'lingerie', 'Rintaliivit', 'Behåar', 'BH-er', 'Bh’er'),
  c('briefs', 'lingerie', 'Alushousut', 'Trosor', 'Truser', 'Trusser'),
  c('bodies', 'lingerie', 'Bodyt', 'Bodys', 'Bodyer', 'Bodyer'),
  c('robes', 'lingerie', 'Aamutakit', 'Morgonrockar', 'Morgenkåper', 'Morgenkåber'),
  c('accessories', null, 'Asusteet', 'Accessoarer', 'Tilbehør', 'Tilbehør'),
  c('bags', 'accessories', 'Laukut', 'Väskor', 'Vesker', 'Tasker'),
  c('scarves', 'accessories', 'Huivit', 'Sjalar', 'Skjerf', 'Tørklæder'),
  c('outlet', null, 'Outlet', 'Outlet', 'Outlet', 'Outlet'),
  c('staff-picks', null, 'Henkilökunnan suosikit', 'Personalens favoriter', 'Personalets favoritter', 'Personalets favoritter', true),
]

/** Fictional Nordic brand names (no real brand is meant). */
// prettier-ignore
export const BRAND_NAMES: readonly string[] = [
  'Lumo Studio', 'Lumo Essentials', 'Aalto Atelier', 'Aava', 'Aurinko', 'Björkvik', 'Blåbär Studio', 'Dagg',
  'Ebba Moss', 'Eira', 'Fjällsjö', 'Fjord & Fell', 'Frost Atelier', 'Grå Hav', 'Halla', 'Havsbris', 'Hilja',
  'Ilta', 'Isbryter', 'Jokiranta', 'Kaamos', 'Kide', 'Korppi', 'Kuura', 'Lilja & Lin', 'Linnea Vale',
  'Maa & Meri', 'Midnattsol', 'Mira Holm', 'Morgondis', 'Myrtle Moss', 'Nordlys', 'Norrsken', 'Norra Kusten',
  'Nova Sund', 'Olli & Oona', 'Polaris Knit', 'Pohjola', 'Revontuli', 'Routa', 'Ruska', 'Saaristo',
  'Saga Nord', 'Salt & Sand', 'Selja', 'Sisu Sport', 'Skog', 'Skärgård', 'Solvik', 'Stella Nord',
  'Strand Studio', 'Sundby', 'Taimi', 'Talvi', 'Tuuli', 'Tyyni', 'Ulla Berg', 'Vala', 'Vinter Atelier',
  'Vår & Vind', 'Väinö', 'Ylva', 'Åsa Lind', 'Ørum Copenhagen',
]

/** Parameter groups and parameters (group 1 holds Color, as the storefront expects). */
export const PARAMETER_GROUPS = [
  { id: 1, name: { fi: 'Perustiedot', sv: 'Grundfakta', nb: 'Grunnfakta', da: 'Grundfakta' } },
  {
    id: 2,
    name: {
      fi: 'Materiaali ja hoito',
      sv: 'Material och skötsel',
      nb: 'Materiale og vedlikehold',
      da: 'Materiale og pleje',
    },
  },
  { id: 3, name: { fi: 'Malli', sv: 'Modell', nb: 'Modell', da: 'Model' } },
] as const

// prettier-ignore
export const PARAMETERS = [
  { id: 1, group: 1, name: 'Color', filter: true, label: { fi: 'Väri', sv: 'Färg', nb: 'Farge', da: 'Farve' } },
  { id: 2, group: 2, name: 'Material', filter: true, label: { fi: 'Materiaali', sv: 'Material', nb: 'Materiale', da: 'Materiale' } },
  { id: 3, group: 2, name: 'LaundryGuide', filter: false, label: { fi: 'Hoito-ohje', sv: 'Tvättråd', nb: 'Vaskeråd', da: 'Vaskeanvisning' } },
  { id: 4, group: 2, name: 'ProducedIn', filter: false, label: { fi: 'Valmistusmaa', sv: 'Tillverkningsland', nb: 'Produksjonsland', da: 'Produktionsland' } },
  { id: 5, group: 3, name: 'ModelHeight', filter: false, label: { fi: 'Mallin pituus', sv: 'Modellens längd', nb: 'Modellens høyde', da: 'Modellens højde' } },
  { id: 6, group: 3, name: 'ModelSize', filter: false, label: { fi: 'Mallin koko', sv: 'Modellen bär storlek', nb: 'Modellen bruker størrelse', da: 'Modellen bærer størrelse' } },
] as const

export const LAUNDRY_GUIDES: readonly { key: string; text: PerLanguage }[] = [
  {
    key: 'machine-30',
    text: { fi: 'Konepesu 30 °C', sv: 'Maskintvätt 30 °C', nb: 'Maskinvask 30 °C', da: 'Maskinvask 30 °C' },
  },
  {
    key: 'machine-40',
    text: { fi: 'Konepesu 40 °C', sv: 'Maskintvätt 40 °C', nb: 'Maskinvask 40 °C', da: 'Maskinvask 40 °C' },
  },
  {
    key: 'delicate-30',
    text: { fi: 'Hienopesu 30 °C', sv: 'Fintvätt 30 °C', nb: 'Finvask 30 °C', da: 'Finvask 30 °C' },
  },
  { key: 'hand-wash', text: { fi: 'Käsinpesu', sv: 'Handtvätt', nb: 'Håndvask', da: 'Håndvask' } },
  {
    key: 'dry-clean',
    text: { fi: 'Kemiallinen pesu', sv: 'Kemtvätt', nb: 'Kjemisk rens', da: 'Kemisk rens' },
  },
  {
    key: 'leather-care',
    text: {
      fi: 'Puhdista nahanhoitoaineella',
      sv: 'Rengör med läderbalsam',
      nb: 'Rengjør med skinnpleie',
      da: 'Rengør med læderpleje',
    },
  },
]

export const COUNTRIES: readonly { key: string; name: PerLanguage }[] = [
  { key: 'PT', name: { fi: 'Portugali', sv: 'Portugal', nb: 'Portugal', da: 'Portugal' } },
  { key: 'IT', name: { fi: 'Italia', sv: 'Italien', nb: 'Italia', da: 'Italien' } },
  { key: 'TR', name: { fi: 'Turkki', sv: 'Turkiet', nb: 'Tyrkia', da: 'Tyrkiet' } },
  { key: 'LT', name: { fi: 'Liettua', sv: 'Litauen', nb: 'Litauen', da: 'Litauen' } },
  { key: 'EE', name: { fi: 'Viro', sv: 'Estland', nb: 'Estland', da: 'Estland' } },
  { key: 'FI', name: { fi: 'Suomi', sv: 'Finland', nb: 'Finland', da: 'Finland' } },
  { key: 'ES', name: { fi: 'Espanja', sv: 'Spanien', nb: 'Spania', da: 'Spanien' } },
  { key: 'IN', name: { fi: 'Intia', sv: 'Indien', nb: 'India', da: 'Indien' } },
  { key: 'CN', name: { fi: 'Kiina', sv: 'Kina', nb: 'Kina', da: 'Kina' } },
  { key: 'BD', name: { fi: 'Bangladesh', sv: 'Bangladesh', nb: 'Bangladesh', da: 'Bangladesh' } },
]

/** Description sentences; any of them fits any garment. */
export const DESCRIPTION_SENTENCES: PerLanguage<readonly string[]> = {
  fi: [
    'Ajaton suosikki, joka sopii niin arkeen kuin juhlaan.',
    'Pehmeä ja miellyttävä materiaali tuntuu hyvältä iholla koko päivän.',
    'Huolellisesti viimeistellyt yksityiskohdat tekevät tuotteesta erityisen.',
    'Helppo yhdistää vaatekaapin perusvaatteisiin.',
    'Istuvuus on rento mutta siisti.',
    'Suunniteltu kestämään käytössä vuodesta toiseen.',
    'Täydellinen valinta juhliin, häihin ja illanviettoihin.',
    'Kevyt ja hengittävä valinta lämpimille päiville.',
  ],
  sv: [
    'En tidlös favorit som passar lika bra till vardags som till fest.',
    'Det mjuka materialet känns skönt mot huden hela dagen.',
    'Omsorgsfullt utvalda detaljer gör plagget till något extra.',
    'Lätt att kombinera med garderobens basplagg.',
    'Passformen är avslappnad men stilren.',
    'Designad för att hålla säsong efter säsong.',
    'Ett perfekt val till fest, bröllop och middagar.',
    'Ett lätt och luftigt val för varma dagar.',
  ],
  nb: [
    'En tidløs favoritt som passer like godt til hverdags som til fest.',
    'Det myke materialet kjennes behagelig mot huden hele dagen.',
    'Nøye utvalgte detaljer gjør plagget til noe ekstra.',
    'Lett å kombinere med basisplaggene i garderoben.',
    'Passformen er avslappet, men stilren.',
    'Designet for å vare sesong etter sesong.',
    'Et perfekt valg til fest, bryllup og middager.',
    'Et lett og luftig valg for varme dager.',
  ],
  da: [
    'En tidløs favorit, der passer lige godt til hverdag og fest.',
    'Det bløde materiale føles behageligt mod huden hele dagen.',
    'Omhyggeligt udvalgte detaljer gør produktet til noget særligt.',
    'Let at kombinere med garderobens basisvarer.',
    'Pasformen er afslappet, men stilren.',
    'Designet til at holde sæson efter sæson.',
    'Et perfekt valg til fest, bryllup og middage.',
    'Et let og luftigt valg til varme dage.',
  ],
}

export const DESCRIPTION_TEMPLATES = {
  material: {
    fi: 'Materiaali: {material}.',
    sv: 'Material: {material}.',
    nb: 'Materiale: {material}.',
    da: 'Materiale: {material}.',
  },
  brand: { fi: 'Merkiltä {brand}.', sv: 'Från {brand}.', nb: 'Fra {brand}.', da: 'Fra {brand}.' },
  sustainable: {
    fi: 'Valmistettu vastuullisemmista materiaaleista.',
    sv: 'Tillverkad av mer hållbara material.',
    nb: 'Laget av mer bærekraftige materialer.',
    da: 'Fremstillet af mere bæredygtige materialer.',
  },
  petite: {
    fi: 'Petite-mallisto on suunniteltu alle 165 cm pitkille.',
    sv: 'Petite-kollektionen är designad för dig som är under 165 cm.',
    nb: 'Petite-kolleksjonen er laget for deg som er under 165 cm.',
    da: 'Petite-kollektionen er designet til dig, der er under 165 cm.',
  },
  model: {
    fi: 'Malli on {height} cm pitkä ja käyttää kokoa {size}.',
    sv: 'Modellen är {height} cm lång och bär storlek {size}.',
    nb: 'Modellen er {height} cm høy og bruker størrelse {size}.',
    da: 'Modellen er {height} cm høj og bærer størrelse {size}.',
  },
  collab: {
    fi: 'Osa rajattua yhteistyömallistoa.',
    sv: 'En del av en begränsad samarbetskollektion.',
    nb: 'En del av en begrenset samarbeidskolleksjon.',
    da: 'En del af en begrænset samarbejdskollektion.',
  },
} as const

export const BRAND_DESCRIPTIONS = {
  since: {
    fi: '{brand} – pohjoismaista muotoilua vuodesta {year}.',
    sv: '{brand} – nordisk design sedan {year}.',
    nb: '{brand} – nordisk design siden {year}.',
    da: '{brand} – nordisk design siden {year}.',
  },
  focus: {
    fi: 'Merkin tunnetuimpia tuotteita ovat {groups}.',
    sv: 'Märket är mest känt för {groups}.',
    nb: 'Merket er mest kjent for {groups}.',
    da: 'Mærket er mest kendt for {groups}.',
  },
  and: { fi: 'ja', sv: 'och', nb: 'og', da: 'og' },
} as const

// prettier-ignore
export const REVIEW_AUTHORS: readonly string[] = [
  'Aino', 'Elina', 'Saara', 'Emma', 'Linnea', 'Maja', 'Ingrid', 'Nora', 'Freja', 'Ida', 'Sofie', 'Anna',
  'Helmi', 'Venla', 'Astrid', 'Karin', 'Sigrid', 'Mette', 'Laura', 'Oona', 'Elsa', 'Tuuli', 'Hanna', 'Julia',
]

/** Review comments by rating band: 0 = 1–2 stars, 1 = 3 stars, 2 = 4–5 stars. */
export const REVIEW_COMMENTS: PerLanguage<
  readonly [readonly string[], readonly string[], readonly string[]]
> = {
  fi: [
    [
      'Koko oli aivan liian pieni, palautin.',
      'Materiaali tuntui halvalta eikä kestänyt ensimmäistä pesua.',
      'Väri oli eri kuin kuvassa.',
    ],
    [
      'Ihan ok, mutta istuvuus olisi voinut olla parempi.',
      'Kiva malli, materiaali hieman ohut.',
      'Kelpo tuote hintaansa nähden.',
    ],
    [
      'Todella ihana! Koko vastasi täydellisesti.',
      'Laadukas ja kaunis, sain paljon kehuja.',
      'Paras ostokseni tänä vuonna.',
      'Mukava päällä ja näyttää tyylikkäältä.',
      'Nopea toimitus ja upea tuote.',
    ],
  ],
  sv: [
    [
      'Storleken var alldeles för liten, jag returnerade.',
      'Materialet kändes billigt och höll inte första tvätten.',
      'Färgen var annorlunda än på bilden.',
    ],
    [
      'Helt okej, men passformen kunde varit bättre.',
      'Fin modell, materialet lite tunt.',
      'Prisvärd produkt.',
    ],
    [
      'Helt underbar! Storleken stämde perfekt.',
      'Hög kvalitet och så snygg, fick massor av komplimanger.',
      'Årets bästa köp.',
      'Skön att ha på sig och ser elegant ut.',
      'Snabb leverans och en fantastisk produkt.',
    ],
  ],
  nb: [
    [
      'Størrelsen var altfor liten, jeg returnerte.',
      'Materialet føltes billig og tålte ikke første vask.',
      'Fargen var annerledes enn på bildet.',
    ],
    [
      'Helt greit, men passformen kunne vært bedre.',
      'Fin modell, materialet litt tynt.',
      'Grei kvalitet for prisen.',
    ],
    [
      'Helt nydelig! Størrelsen stemte perfekt.',
      'Høy kvalitet og så fin, fikk mange komplimenter.',
      'Årets beste kjøp.',
      'Behagelig å ha på og ser elegant ut.',
      'Rask levering og et fantastisk produkt.',
    ],
  ],
  da: [
    [
      'Størrelsen var alt for lille, jeg returnerede.',
      'Materialet føltes billigt og holdt ikke til første vask.',
      'Farven var anderledes end på billedet.',
    ],
    [
      'Helt okay, men pasformen kunne have været bedre.',
      'Fin model, materialet lidt tyndt.',
      'Fin kvalitet til prisen.',
    ],
    [
      'Helt skøn! Størrelsen passede perfekt.',
      'Høj kvalitet og så flot, fik mange komplimenter.',
      'Årets bedste køb.',
      'Behagelig at have på og ser elegant ud.',
      'Hurtig levering og et fantastisk produkt.',
    ],
  ],
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1)
}

const FINNISH_VOWELS = 'aeiouyäö'

/** Joins a material prefix and a garment word as the language compounds them. */
export function compound(language: LocaleCode, prefix: string, word: string): string {
  if (language === 'fi') {
    // Finnish puts a hyphen where the same vowel meets itself: nahka-avokkaat.
    const last = prefix.charAt(prefix.length - 1)
    return last === word.charAt(0) && FINNISH_VOWELS.includes(last) ? `${prefix}-${word}` : `${prefix}${word}`
  }
  // Abbreviations and already hyphenated words join with a hyphen: spets-bh, blonde-BH.
  if (/^(bh|BH)$/.test(word) || word.includes('-')) return `${prefix}-${word}`
  return `${prefix}${word}`
}

/** "Musta satiinimekko", "Svart satinklänning", "Svarte skinnstøvler", "Sort satinkjole". */
export function productName(
  language: LocaleCode,
  colour: Colour,
  material: Material | null,
  noun: Noun,
): string {
  const adjective =
    language === 'fi'
      ? colour.fi[noun.form === 'plural' ? 1 : 0]
      : colour[language][noun.form === 'common' ? 0 : noun.form === 'neuter' ? 1 : 2]
  const garment = material?.prefix ? compound(language, material.prefix[language], noun.word) : noun.word
  return `${capitalise(adjective)} ${garment}`
}

/** A url-safe alias: lower case ASCII letters, digits and single hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
