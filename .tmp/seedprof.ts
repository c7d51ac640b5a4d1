import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { openPGliteDatabase, PGLITE_EXTENSIONS, PGLITE_PARSERS } from '../server/db'
import { seedDatabase } from '../server/db/seed'
const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS, parsers: PGLITE_PARSERS })
const byKey = new Map<string, number>()
const database = await openPGliteDatabase(pglite, { onQuery: (e) => {
  const m = /^\s*(insert into "?(\w+)|select (\w+)\(|create index \w+|(\w+))/i.exec(e.sql)
  const key = (m?.[2] ?? m?.[3] ?? m?.[4] ?? m?.[1] ?? e.sql.slice(0, 30)).toLowerCase()
  byKey.set(key, (byKey.get(key) ?? 0) + e.durationMs)
} } as never)
const s = performance.now()
await seedDatabase(database.db, { products: Number(process.env.N ?? 2000) })
console.log('total', Math.round(performance.now() - s))
console.log([...byKey].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${Math.round(v)}`).join('\n'))
await database.close()
