/**
 * The shop's process: configuration, database (migrated, seeded on first start), the Fastify app,
 * and a graceful shutdown on SIGTERM/SIGINT that lets requests in flight finish.
 */
import { existsSync } from 'node:fs'
import { loadConfig, ConfigError } from './config'
import { openDatabase } from './db'
import { ensureSeeded } from './db/seed'
import { buildApp } from './app'
import { routeConsoleToLog } from './console-log'

async function main() {
  const dev = process.argv.includes('--dev')
  // A .env file beside package.json is read if present; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env')
  if (!dev && !process.env.NODE_ENV) process.env.NODE_ENV = 'production'
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }

  const database = await openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    fsync: config.dbFsync,
  })
  await ensureSeeded(database, config)
  const app = await buildApp({ config, database, dev })
  // the render's console.warn/error as JSON lines in the same stream (server/console-log.ts)
  if (!dev) routeConsoleToLog(app.log)

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    try {
      await app.close()
      await database.close()
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  const address = await app.listen({ port: config.port, host: config.host })
  console.log(`Lumo listening on ${address}`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
