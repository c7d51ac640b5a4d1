import { CompiledQuery } from 'kysely'
import { createTestDatabase } from '../tests/integration/helpers/db'
import { emptySelection } from '../server/services/graphql/catalogue/facets'
import { selectFilters, selectProductPage, type ListQuery } from '../server/services/graphql/catalogue/listing'
import { descendantIds, loadCategoryTree } from '../server/services/graphql/catalogue/loaders'
import { configuredMarkets, resolveScope } from '../server/services/graphql/scope'

const database = await createTestDatabase({ kind: (process.env.KIND ?? 'pglite') as 'pglite', seed: { products: Number(process.env.N ?? 2000) } })
const db = database.db
const scope = resolveScope(configuredMarkets(), { marketId: 'fi', languageId: 'fi' })
const tree = await loadCategoryTree(db, 'fi')
const root = tree.byAlias.get('vaatteet')!
const query: ListQuery = {
  target: { kind: 'category', node: root, categoryIds: descendantIds(tree, root.categoryId) },
  searchText: null, selection: emptySelection(), excluded: emptySelection(),
  priceRange: { lowest: null, highest: null }, productIds: null, sort: 'LATEST', filterMode: 'BY_GROUP', skip: 0, take: 48,
}
const captured: { sql: string; parameters: readonly unknown[] }[] = []
const stop = database.onQuery((e) => captured.push(e))
await selectProductPage(db, scope, tree, query)
await selectFilters(db, scope, tree, query)
stop()
for (const q of captured) {
  const { rows } = await db.executeQuery(CompiledQuery.raw('EXPLAIN (ANALYZE, BUFFERS OFF) ' + q.sql, [...q.parameters]))
  console.log((rows as any[]).map((r) => r['QUERY PLAN']).join('\n'))
  console.log('-----')
}
await database.close()
