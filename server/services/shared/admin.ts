/**
 * The back office's API (docs/adr/0027-admin-api.md). Each service owns the operations on its own
 * data and mounts them under `/admin/api/{area}/…` with `registerAdminRoutes`: one key check, one
 * error shape and one audit log for all of them. The key is the admin key (`ADMIN_KEY`, or the one
 * generated into DATA_DIR), never the storefront's API key, sent as `Authorization: Bearer <key>`;
 * the operator names themself in `X-Admin-Actor` (the CLI sends the login name).
 *
 * Every change goes through `recordAdminAction`, inside the change's own transaction where there
 * is one, so the log never names a change that was rolled back nor misses one that was made.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Generated, Kysely } from 'kysely'
import { z } from 'zod'
import type { Config } from '../../config'
import type { DB, GeneratedTimestamp, Json } from '../../db/schema'
import { isValidApiKey } from './api-key'
import { PRIVATE_NO_STORE } from './cache-control'

export const ADMIN_API_PREFIX = '/admin/api'
export const ADMIN_ACTOR_HEADER = 'x-admin-actor'
const DEFAULT_ACTOR = 'admin'

export interface AdminAuditLogTable {
  /** bigserial (int8, parsed as a number on both kinds: server/db/pglite-options.ts) */
  id: Generated<number>
  at: GeneratedTimestamp
  actor: string
  action: string
  target: Generated<string>
  details: Json<Record<string, unknown>>
}

export interface AdminDB extends DB {
  admin_audit_log: AdminAuditLogTable
}

/** What an operation tells the log: `action` names the operation (`stock.set`), `target` its object. */
export interface AdminAction {
  action: string
  target?: string
  details?: Record<string, unknown>
}

export interface AdminError {
  error: { code: string; message: string; fields?: Record<string, string> }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is making an admin API call (X-Admin-Actor); set by the admin key check. */
    adminActor?: string
  }
}

const actorSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\p{L}\p{N} ._@-]+$/u)

function bearer(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
}

export function sendAdminError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  const body: AdminError = { error: { code, message, ...(fields ? { fields } : {}) } }
  return reply.code(status).header('cache-control', PRIVATE_NO_STORE).send(body)
}

/** An operation's input that failed its schema: 400 naming each field and what is wrong with it. */
export class AdminInputError extends Error {
  override name = 'AdminInputError'
  constructor(readonly fields: Record<string, string>) {
    super(
      Object.entries(fields)
        .map(([field, problem]) => `${field}: ${problem}`)
        .join('; '),
    )
  }
}

/** A refusal of an operation on the shop's rules (unknown order, return window over, ...). */
export class AdminRefusal extends Error {
  override name = 'AdminRefusal'
  constructor(
    readonly status: 404 | 409 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** Parses a body, query or params object with a schema; throws AdminInputError on failure. */
export function parseAdminInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '(input)'
    fields[field] ??= issue.message
  }
  throw new AdminInputError(fields)
}

export async function recordAdminAction(
  db: Kysely<DB>,
  request: FastifyRequest,
  { action, target = '', details = {} }: AdminAction,
): Promise<void> {
  await db
    .withTables<Omit<AdminDB, keyof DB>>()
    .insertInto('admin_audit_log')
    .values({
      actor: request.adminActor ?? DEFAULT_ACTOR,
      action,
      target: target.slice(0, 200),
      details: JSON.stringify(details),
    })
    .execute()
}

export interface AdminRoutesOptions {
  /** The path segment after /admin/api: `commerce`, `loyalty`, ... */
  area: string
  config: Pick<Config, 'adminKey'>
}

/**
 * Mounts a service's admin operations at `/admin/api/{area}`: every route behind the admin key,
 * answers never cached, input and refusal errors in one JSON shape.
 */
export async function registerAdminRoutes(
  app: FastifyInstance,
  { area, config }: AdminRoutesOptions,
  routes: (admin: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        if (!isValidApiKey(bearer(request), config.adminKey)) {
          reply.header('www-authenticate', 'Bearer realm="lumo-admin"')
          return sendAdminError(reply, 401, 'UNAUTHENTICATED', 'An admin key is required.')
        }
        const actor = actorSchema.safeParse(request.headers[ADMIN_ACTOR_HEADER] ?? DEFAULT_ACTOR)
        if (!actor.success)
          return sendAdminError(
            reply,
            400,
            'BAD_ACTOR',
            `${ADMIN_ACTOR_HEADER}: 1–80 letters, digits, . _ @ -`,
          )
        request.adminActor = actor.data
      })
      admin.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', PRIVATE_NO_STORE)
        return payload
      })
      admin.setErrorHandler((error, request, reply) => {
        if (error instanceof AdminInputError)
          return sendAdminError(reply, 400, 'BAD_INPUT', error.message, error.fields)
        if (error instanceof AdminRefusal)
          return sendAdminError(reply, error.status, error.code, error.message)
        const status = (error as { statusCode?: number }).statusCode
        if (status && status >= 400 && status < 500)
          return sendAdminError(reply, status, 'BAD_REQUEST', (error as Error).message)
        request.log.error({ err: error }, 'admin operation failed')
        return sendAdminError(reply, 500, 'INTERNAL', 'The operation failed; nothing was changed.')
      })
      await routes(admin)
    },
    { prefix: `${ADMIN_API_PREFIX}/${area}` },
  )
}
