import { createHash } from 'node:crypto'
import { catalogueContext } from '../server/db/seed/catalogue'
import { codeRows, customerRows } from '../server/db/seed/commerce'
import { FIXED_REFERENCE_DATE, DEFAULT_SEED } from '../server/db/seed/fixtures'
const context = catalogueContext(DEFAULT_SEED, FIXED_REFERENCE_DATE)
console.log(createHash('sha256').update(JSON.stringify([customerRows(context), codeRows(FIXED_REFERENCE_DATE)])).digest('hex'))
