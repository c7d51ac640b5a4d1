import { performance } from 'node:perf_hooks'
import { sql } from 'kysely'
import { createTestDatabase } from '../tests/integration/helpers/db'

const database = await createTestDatabase({ kind: (process.env.KIND ?? 'pglite') as 'pglite', seed: { products: Number(process.env.N ?? 2000) } })
const db = database.db
const cats = sql.raw(`ARRAY(SELECT generate_series(1,25))`)
const base = sql`SELECT l.* FROM product_listing l WHERE l.market_alias = 'fi' AND l.languages @> '{fi}' AND (l.primary_category_id = ANY(${cats}) OR l.category_ids && ${cats})`
const variants: Record<string, () => Promise<unknown>> = {
  baseOnly: () => sql`WITH base AS MATERIALIZED (${base}) SELECT count(*) FROM base`.execute(db),
  unnestCats: () => sql`WITH base AS MATERIALIZED (${base}) SELECT c, count(*) FROM base, unnest(base.category_ids) c GROUP BY c`.execute(db),
  unnestSizes: () => sql`WITH base AS MATERIALIZED (${base}) SELECT s.name, min(s.o), count(*) FROM base, unnest(base.sizes, base.size_orders) s(name, o) GROUP BY s.name`.execute(db),
  unnestParams: () => sql`WITH base AS MATERIALIZED (${base}) SELECT v, count(*) FROM base, unnest(base.parameter_value_ids) v GROUP BY v`.execute(db),
  onePass: () => sql`WITH base AS MATERIALIZED (${base}) SELECT f.kind, f.key, count(*) FROM base, LATERAL (
      SELECT 1 AS kind, c AS key FROM unnest(base.category_ids) c
      UNION ALL SELECT 2, base.brand_id
      UNION ALL SELECT 3, v FROM unnest(base.parameter_value_ids) v
      UNION ALL SELECT 4, d FROM unnest(base.campaign_ids) d
      UNION ALL SELECT 5, base.discount_percent WHERE base.regular > base.price) f GROUP BY 1, 2`.execute(db),
  separatePasses: () => sql`WITH base AS MATERIALIZED (${base})
      SELECT 1, c, count(*) FROM base, unnest(base.category_ids) c GROUP BY c
      UNION ALL SELECT 2, brand_id, count(*) FROM base GROUP BY brand_id
      UNION ALL SELECT 3, v, count(*) FROM base, unnest(base.parameter_value_ids) v GROUP BY v
      UNION ALL SELECT 4, d, count(*) FROM base, unnest(base.campaign_ids) d GROUP BY d
      UNION ALL SELECT 5, discount_percent, count(*) FROM base WHERE regular > price GROUP BY discount_percent`.execute(db),
  arrayCat: () => sql`WITH base AS MATERIALIZED (${base}) SELECT k, count(*) FROM base, unnest(base.category_ids || (base.parameter_value_ids + 0)) k GROUP BY k`.execute(db).catch(() => 0),
}
const times: Record<string, number[]> = {}
for (let i = 0; i < Number(process.env.ITER ?? 30); i++) {
  for (const [name, run] of Object.entries(variants)) {
    const s = performance.now(); await run(); (times[name] ??= []).push(performance.now() - s)
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(2)
for (const [k, v] of Object.entries(times)) console.log(k.padEnd(16), med(v))
await database.close()
