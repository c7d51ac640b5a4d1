/**
 * How `npm run admin` reaches the admin API (docs/adr/0027-admin-api.md): ADMIN_URL (default this
 * machine's shop at PORT, `/admin/api`), the key from ADMIN_KEY or the file the server generated
 * in DATA_DIR, and the operator's login name as the actor the audit log records.
 */
import { existsSync, readFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import path from 'node:path'
import { ADMIN_KEY_FILE } from '../../server/config'

export interface AdminClientOptions {
  baseUrl: string
  key: string
  actor: string
}

export class AdminApiError extends Error {
  override name = 'AdminApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export function adminClientOptions(env: NodeJS.ProcessEnv = process.env): AdminClientOptions {
  const port = env.PORT ?? '3000'
  const baseUrl = (env.ADMIN_URL ?? `http://127.0.0.1:${port}/admin/api`).replace(/\/$/, '')
  let key = env.ADMIN_KEY
  if (!key) {
    const file = path.join(path.resolve(env.DATA_DIR ?? './.data'), ADMIN_KEY_FILE)
    if (!existsSync(file))
      throw new Error(`No admin key: set ADMIN_KEY, or start the shop once so that it writes ${file}`)
    key = readFileSync(file, 'utf8').trim()
  }
  return { baseUrl, key, actor: env.ADMIN_ACTOR ?? safeUserName() }
}

function safeUserName(): string {
  try {
    return userInfo().username || 'admin'
  } catch {
    return 'admin'
  }
}

export type AdminCall = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  pathAndQuery: string,
  body?: unknown,
) => Promise<T>

/** One admin API call: JSON in and out; an error answer becomes an AdminApiError with its message. */
export function createAdminCall({ baseUrl, key, actor }: AdminClientOptions): AdminCall {
  return async <T>(method: string, pathAndQuery: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'x-admin-actor': actor,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    const json = text ? (JSON.parse(text) as unknown) : undefined
    if (!response.ok) {
      const error = (json as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
        ?.error
      throw new AdminApiError(
        response.status,
        error?.code ?? 'HTTP_' + response.status,
        error?.message ?? response.statusText,
        error?.fields,
      )
    }
    return json as T
  }
}
