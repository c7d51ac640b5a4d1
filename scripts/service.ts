/**
 * `npm run service -- <name>`: runs one embedded service on its own (PORT, HOST, DATA_DIR and
 * DATABASE_URL as for the shop), e.g. to run the commerce API on its own machine and point the
 * storefront's API_URL at it.
 */
import Fastify from 'fastify'
import fastifyCookie from '@fastify/cookie'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db'
import { ensureSeeded } from '../server/db/seed'
import authService from '../server/services/auth'
import graphqlService from '../server/services/graphql'
import imagesService from '../server/services/images'
import paymentsService from '../server/services/payments'
import mailService from '../server/services/mail'
import likesService from '../server/services/likes'
import loyaltyService from '../server/services/loyalty'
import searchService from '../server/services/search'
import { createServiceFetch } from '../server/services/shared/service-fetch'

const SERVICES = {
  auth: authService,
  graphql: graphqlService,
  images: imagesService,
  payments: paymentsService,
  mail: mailService,
  likes: likesService,
  loyalty: loyaltyService,
  search: searchService,
} as const

const name = process.argv[2]
if (!name || !(name in SERVICES)) {
  console.error(`Usage: npm run service -- <${Object.keys(SERVICES).join(' | ')}>`)
  process.exit(64)
}

process.env.NODE_ENV ??= 'production'
const config = loadConfig()
const database = await openDatabase({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  statementTimeoutMs: config.dbStatementTimeoutMs,
  fsync: config.dbFsync,
})
await ensureSeeded(database, config)
const app = Fastify({ logger: { level: 'info' }, forceCloseConnections: 'idle' })
await app.register(fastifyCookie, { secret: config.sessionSecret })
app.get('/healthz', async () => ({ status: 'ok', service: name }))
// The GraphQL service verifies tokens against AUTH_URL: in process when that is this process.
await app.register(SERVICES[name as keyof typeof SERVICES], {
  database,
  config,
  fetch: createServiceFetch(app, config),
})
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0)),
)
const address = await app.listen({ port: config.port, host: config.host })
console.log(`Lumo ${name} service listening on ${address}`)
