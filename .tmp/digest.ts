import { createHash } from 'node:crypto'
import { buildProduct, catalogueContext } from '../server/db/seed/catalogue'
import { FIXED_REFERENCE_DATE, DEFAULT_SEED } from '../server/db/seed/fixtures'
const context = catalogueContext(DEFAULT_SEED, FIXED_REFERENCE_DATE)
const hash = createHash('sha256')
for (let id = 1; id <= 3000; id++) hash.update(JSON.stringify(buildProduct(context, id)))
console.log(hash.digest('hex'))
