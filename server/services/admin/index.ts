/**
 * The admin service: what the back office needs beyond the services' own operations
 * (docs/adr/0027-admin-api.md). Each service mounts its operations at `/admin/api/{area}` with
 * `registerAdminRoutes` (server/services/shared/admin.ts); this one answers
 *
 *   GET /admin/api/audit?limit=&action=&before=   → the audit log, newest first:
 *       { entries: [{ id, at, actor, action, target, details }], next: id | null }
 *   GET /admin/api/backup                          → the embedded database as a gzip-compressed
 *       tar (`npm run backup`); 409 on a PostgreSQL server, which is backed up with pg_dump
 *
 * behind the same admin key.
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Config } from '../../config'
import type { Database } from '../../db'
import { backupDatabase, BackupUnsupportedError } from '../../db/backup'
import {
  AdminRefusal,
  parseAdminInput,
  recordAdminAction,
  registerAdminRoutes,
  type AdminDB,
} from '../shared/admin'
import type { DB } from '../../db/schema'

export interface AdminServiceOptions {
  database: Database
  config: Pick<Config, 'adminKey'>
}

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  action: z.string().trim().min(1).max(80).optional(),
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'an entry id')
    .optional(),
})

export default async function adminService(app: FastifyInstance, { database, config }: AdminServiceOptions) {
  const db: Kysely<AdminDB> = database.db.withTables<Omit<AdminDB, keyof DB>>()
  await registerAdminRoutes(app, { area: 'audit', config }, (admin) => {
    admin.get('/', async (request) => {
      const { limit, action, before } = parseAdminInput(auditQuery, request.query)
      let query = db
        .selectFrom('admin_audit_log')
        .select(['id', 'at', 'actor', 'action', 'target', 'details'])
        .orderBy('id', 'desc')
        .limit(limit + 1)
      if (action) query = query.where('action', '=', action)
      if (before) query = query.where('id', '<', Number(before))
      const rows = await query.execute()
      const entries = rows.slice(0, limit).map((row) => ({ ...row, id: String(row.id) }))
      return { entries, next: rows.length > limit ? (entries.at(-1)?.id ?? null) : null }
    })
  })

  await registerAdminRoutes(app, { area: 'backup', config }, (admin) => {
    admin.get('/', async (request, reply) => {
      let archive: Buffer
      try {
        archive = await backupDatabase(database)
      } catch (error) {
        if (error instanceof BackupUnsupportedError)
          throw new AdminRefusal(409, 'NOT_EMBEDDED', error.message)
        throw error
      }
      await recordAdminAction(database.db, request, {
        action: 'database.backup',
        details: { bytes: archive.length },
      })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="lumo-backup-${stamp}.tar.gz"`)
        .send(archive)
    })
  })
}
