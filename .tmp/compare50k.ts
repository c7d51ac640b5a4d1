// Side-by-side timings on an already seeded data directory: the listing SQL vs the pre-0700 SQL.
import { performance } from 'node:perf_hooks'
import { openDatabase } from '../server/db'
import { emptySelection, parseFacets } from '../server/services/graphql/catalogue/facets'
import { selectFilters, selectProductPage, type ListQuery } from '../server/services/graphql/catalogue/listing'
import { descendantIds, loadCategoryTree } from '../server/services/graphql/catalogue/loaders'
import { selectProductCores } from '../server/services/graphql/catalogue/product-sql'
import { configuredMarkets, resolveScope } from '../server/services/graphql/scope'
import { referenceFilters, referenceProductPage } from '../tests/integration/graphql/listing-reference'

const database = await openDatabase({ dataDir: process.env.DIR ?? '/tmp/sql-50k', databaseUrl: process.env.URL })
const db = database.db
const scope = resolveScope(configuredMarkets(), { marketId: 'fi', languageId: 'fi' })
const tree = await loadCategoryTree(db, 'fi')
const root = tree.byAlias.get('vaatteet')!
const list: ListQuery = {
  target: { kind: 'category', node: root, categoryIds: descendantIds(tree, root.categoryId) },
  searchText: null, selection: emptySelection(), excluded: emptySelection(),
  priceRange: { lowest: null, highest: null }, productIds: null, sort: 'LATEST', filterMode: 'BY_GROUP', skip: 0, take: 48,
}
const selected: ListQuery = { ...list, selection: parseFacets(['b_1', 'sk_M']) }
const home: ListQuery = { ...list, target: { kind: 'all' }, take: 1 }
const time = async (f: () => Promise<unknown>) => { const s = performance.now(); await f(); return performance.now() - s }
const both = (q: ListQuery, page: typeof selectProductPage, filters: typeof selectFilters) => async () => { await page(db, scope, tree, q); await filters(db, scope, tree, q) }
const cases: Record<string, () => Promise<unknown>> = {
  'list 48 + facets, listing': both(list, selectProductPage, selectFilters),
  'list 48 + facets, pre-0700': both(list, referenceProductPage as never, referenceFilters as never),
  'brand+size selected, listing': both(selected, selectProductPage, selectFilters),
  'brand+size selected, pre-0700': both(selected, referenceProductPage as never, referenceFilters as never),
  'home campaigns (all facets), listing': () => selectFilters(db, scope, tree, home),
  'home campaigns (all facets), pre-0700': () => referenceFilters(db, scope, tree, home),
  'product core row': () => selectProductCores(db, scope, [527]),
}
const runs: Record<string, number[]> = {}
const iterations = Number(process.env.ITER ?? 10)
for (let i = 0; i < iterations + 2; i++) {
  for (const [name, run] of Object.entries(cases)) {
    const t = await time(run)
    if (i >= 2) (runs[name] ??= []).push(t)
  }
}
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.ceil((p / 100) * a.length) - 1)]!.toFixed(1)
for (const [k, v] of Object.entries(runs)) console.log(`${k.padEnd(40)} median ${pct(v, 50)} ms  p95 ${pct(v, 95)} ms`)
await database.close()
