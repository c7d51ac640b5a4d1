/**
 * The admin API's common ground (server/services/shared/admin.ts, ADR 0027) on a real database:
 * the admin key and nothing else opens it, every change lands in the audit log with its actor,
 * bad input gets a 400 naming the field, and `npm run admin` (scripts/admin) drives it over HTTP.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import adminService from '../../../server/services/admin'
import {
  AdminRefusal,
  parseAdminInput,
  recordAdminAction,
  registerAdminRoutes,
} from '../../../server/services/shared/admin'
import { createAdminCall } from '../../../scripts/admin/client'
import { runAdmin } from '../../../scripts/admin/index'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const ADMIN_KEY = 'test-admin-key-0123456789abcdef'
const API_KEY = 'test-storefront-key'

describeEachDatabase('admin API on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let baseUrl: string

  beforeAll(async () => {
    database = await createTestDatabase({ kind })
    app = Fastify()
    const config = { adminKey: ADMIN_KEY }
    await app.register(adminService, { database, config })
    // an operation of the shape every service's admin routes have
    await registerAdminRoutes(app, { area: 'example', config }, (admin) => {
      admin.post('/notes', async (request) => {
        const { text } = parseAdminInput(z.object({ text: z.string().min(1).max(20) }), request.body)
        if (text === 'refuse') throw new AdminRefusal(409, 'NOT_NOW', 'Not now.')
        await database.db.transaction().execute(async (trx) => {
          await recordAdminAction(trx, request, {
            action: 'note.add',
            target: text,
            details: { length: text.length },
          })
        })
        return { ok: true }
      })
    })
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    baseUrl = `http://127.0.0.1:${address.port}/admin/api`
  }, 120_000)
  afterAll(async () => {
    await app?.close()
    await database?.close()
  })

  const post = (headers: Record<string, string>, body: unknown = { text: 'hello' }) =>
    app.inject({ method: 'POST', url: '/admin/api/example/notes', headers, payload: body as object })

  it('refuses a call without a key, with a wrong key and with the storefront API key', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-key' },
      { authorization: `Bearer ${API_KEY}` },
      { 'x-api-key': ADMIN_KEY },
    ]
    for (const headers of attempts) {
      const response = await post(headers)
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toContain('lumo-admin')
      expect(response.headers['cache-control']).toBe('private, no-store')
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'An admin key is required.' },
      })
    }
    const audit = await app.inject({
      method: 'GET',
      url: '/admin/api/audit',
      headers: { authorization: 'Bearer nope' },
    })
    expect(audit.statusCode).toBe(401)
  })

  it('records a change with its actor, and lists it newest first', async () => {
    const auth = { authorization: `Bearer ${ADMIN_KEY}` }
    expect((await post({ ...auth, 'x-admin-actor': 'maija.m' }, { text: 'first' })).statusCode).toBe(200)
    expect((await post(auth, { text: 'second' })).statusCode).toBe(200)
    const response = await app.inject({
      method: 'GET',
      url: '/admin/api/audit?action=note.add',
      headers: auth,
    })
    expect(response.statusCode).toBe(200)
    const { entries } = response.json<{ entries: { actor: string; target: string; details: unknown }[] }>()
    expect(entries.map((entry) => [entry.actor, entry.target])).toEqual([
      ['admin', 'second'],
      ['maija.m', 'first'],
    ])
    expect(entries[1]?.details).toEqual({ length: 5 })
  })

  it('says which field is wrong, refuses on rules, and records neither', async () => {
    const auth = { authorization: `Bearer ${ADMIN_KEY}` }
    const bad = await post(auth, { text: '' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: 'BAD_INPUT', fields: { text: expect.any(String) } } })
    const refused = await post(auth, { text: 'refuse' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: { code: 'NOT_NOW', message: 'Not now.' } })
    const actor = await post({ ...auth, 'x-admin-actor': '<script>' })
    expect(actor.statusCode).toBe(400)
    const audit = await app.inject({ method: 'GET', url: '/admin/api/audit?limit=500', headers: auth })
    const targets = audit.json<{ entries: { target: string }[] }>().entries.map((entry) => entry.target)
    expect(targets).not.toContain('')
    expect(targets).not.toContain('refuse')
  })

  it('pages the audit log with next/before', async () => {
    const auth = { authorization: `Bearer ${ADMIN_KEY}` }
    const first = await app.inject({ method: 'GET', url: '/admin/api/audit?limit=1', headers: auth })
    const page = first.json<{ entries: { id: string }[]; next: string | null }>()
    expect(page.entries).toHaveLength(1)
    expect(page.next).toBe(page.entries[0]?.id)
    const second = await app.inject({
      method: 'GET',
      url: `/admin/api/audit?limit=1&before=${page.next}`,
      headers: auth,
    })
    const older = second.json<{ entries: { id: string }[] }>().entries
    expect(Number(older[0]?.id)).toBeLessThan(Number(page.next))
  })

  it('npm run admin -- audit prints the log; a wrong key is a clear error and exit code 1', async () => {
    const lines: string[] = []
    const errors: string[] = []
    const code = await runAdmin(['audit', '--action', 'note.add'], {
      call: createAdminCall({ baseUrl, key: ADMIN_KEY, actor: 'cli' }),
      print: (line) => lines.push(line),
      printError: (line) => errors.push(line),
    })
    expect(code).toBe(0)
    expect(lines.join('\n')).toMatch(/note\.add\tsecond/)
    const refused = await runAdmin(['audit'], {
      call: createAdminCall({ baseUrl, key: 'wrong', actor: 'cli' }),
      print: (line) => lines.push(line),
      printError: (line) => errors.push(line),
    })
    expect(refused).toBe(1)
    expect(errors.at(-1)).toBe('audit: An admin key is required. (401 UNAUTHENTICATED)')
    expect(await runAdmin(['nonsense'], { printError: (line) => errors.push(line) })).toBe(2)
    expect(errors.at(-1)).toMatch(/Unknown command "nonsense"/)
  })
})
