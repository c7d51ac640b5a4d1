// lint-as: server/services/graphql/checkout/clean.ts
// Everything a service may import: its own folder, the database, src/shared/, server/contracts/,
// server/services/shared/ and the server's config.
import type { Config } from '../../../config'
import type { DB } from '../../../db/schema'
import { signedHeaders } from '../../../contracts/lumopay'
import { createServiceFetch } from '../../shared/service-fetch'
import { isUuid } from '../../../../src/shared/validation/ids'
import { apiError } from '../errors'

export const demo: [Config | undefined, DB | undefined, unknown, unknown, unknown, unknown] = [
  undefined,
  undefined,
  signedHeaders,
  createServiceFetch,
  isUuid,
  apiError,
]
