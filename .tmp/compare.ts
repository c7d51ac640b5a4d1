import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { createTestDatabase } from '../tests/integration/helpers/db'
import { emptySelection } from '../server/services/graphql/catalogue/facets'
import { selectFilters, selectProductPage, type ListQuery } from '../server/services/graphql/catalogue/listing'
import { descendantIds, loadCategoryTree } from '../server/services/graphql/catalogue/loaders'
import { configuredMarkets, resolveScope } from '../server/services/graphql/scope'
import { referenceFilters, referenceProductPage } from '../tests/integration/graphql/listing-reference'

const products = Number(process.env.N ?? 2000)
const kind = (process.env.KIND ?? 'pglite') as 'pglite' | 'postgres'
const t0 = performance.now()
const database = await createTestDatabase({ kind, seed: { products } })
console.log('db ready', Math.round(performance.now() - t0), 'ms')
const db = database.db
const scope = resolveScope(configuredMarkets(), { marketId: 'fi', languageId: 'fi' })
const tree = await loadCategoryTree(db, 'fi')
const root = tree.byAlias.get('vaatteet') ?? tree.children.get(null)![0]!
const query: ListQuery = {
  target: { kind: 'category', node: root, categoryIds: descendantIds(tree, root.categoryId) },
  searchText: null, selection: emptySelection(), excluded: emptySelection(),
  priceRange: { lowest: null, highest: null }, productIds: null, sort: 'LATEST', filterMode: 'BY_GROUP', skip: 0, take: 48,
}
const all: ListQuery = { ...query, target: { kind: 'all' }, take: 1 }
const runs = { new: [] as number[], ref: [] as number[], newPage: [] as number[], newFacets: [] as number[], homeNew: [] as number[], homeRef: [] as number[] }
const time = async (f: () => Promise<unknown>) => { const s = performance.now(); await f(); return performance.now() - s }
for (let i = 0; i < Number(process.env.ITER ?? 20); i++) {
  runs.newPage.push(await time(() => selectProductPage(db, scope, tree, query)))
  runs.newFacets.push(await time(() => selectFilters(db, scope, tree, query)))
  runs.new.push(runs.newPage.at(-1)! + runs.newFacets.at(-1)!)
  runs.ref.push(await time(async () => { await referenceProductPage(db, scope, tree, query); await referenceFilters(db, scope, tree, query) }))
  runs.homeNew.push(await time(() => selectFilters(db, scope, tree, all)))
  runs.homeRef.push(await time(() => referenceFilters(db, scope, tree, all)))
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1)
for (const [k, v] of Object.entries(runs)) console.log(k, med(v))
if (process.env.EXPLAIN) {
  const { rows } = await sql.raw(`EXPLAIN ANALYZE SELECT * FROM product_listing WHERE market_alias='fi'`).execute(db)
  console.log(rows.map((r: any) => r['QUERY PLAN']).join('\n'))
}
await database.close()
