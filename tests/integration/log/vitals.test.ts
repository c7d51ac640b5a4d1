/**
 * The real-user metrics endpoint of the log service (POST /api/vitals, ADR 0035) on a real
 * database: a valid batch is stored, a bad one is refused with nothing stored, one address is
 * rate-limited with Retry-After, samples past the retention are pruned, and the report's and
 * /metrics' p75 per page type and market come from what was stored; the back office reads them
 * through GET /admin/api/vitals and `npm run admin -- vitals`.
 */
import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import logService, {
  pruneVitals,
  VITALS_REPORT_LIMIT,
  VITALS_RETENTION_DAYS,
} from '../../../server/services/log'
import { formatVitalsTable, vitalsP75 } from '../../../server/services/log/vitals-report'
import { createMemoryRateLimiter } from '../../../server/services/shared/rate-limit'
import { createMetrics } from '../../../server/services/shared/metrics'
import { createAdminCall } from '../../../scripts/admin/client'
import { runAdmin } from '../../../scripts/admin/index'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { describeEachDatabase } from '../helpers/outside-servers'

const ADMIN_KEY = 'vitals-test-admin-key-0123456789abcdef'

describeEachDatabase('POST /api/vitals (%s)', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    database = await createTestDatabase({ kind })
    app = Fastify()
    app.decorate('metrics', createMetrics({ processMetrics: false }))
    await app.register(logService, {
      database,
      limiter: createMemoryRateLimiter(),
      config: { adminKey: ADMIN_KEY },
    })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const post = (payload: unknown, ip = '203.0.113.1') =>
    app.inject({ method: 'POST', url: '/api/vitals', payload: payload as object, remoteAddress: ip })
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom('web_vitals')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it(`keeps samples for ${VITALS_RETENTION_DAYS} days, then prunes them`, async () => {
    const now = new Date('2026-11-25T12:00:00Z')
    const day = 24 * 60 * 60 * 1000
    const ids = await database.db
      .insertInto('web_vitals')
      .values([
        { page_type: 'retention', metric: 'LCP', value: 1, recorded_at: new Date(now.getTime() - 40 * day) },
        {
          page_type: 'retention',
          metric: 'LCP',
          value: 2,
          recorded_at: new Date(now.getTime() - VITALS_RETENTION_DAYS * day - 60_000),
        },
        {
          page_type: 'retention',
          metric: 'LCP',
          value: 3,
          recorded_at: new Date(now.getTime() - VITALS_RETENTION_DAYS * day + 60_000),
        },
      ])
      .returning('id')
      .execute()
    expect(await pruneVitals(database, now)).toBe(2)
    const left = await database.db
      .selectFrom('web_vitals')
      .select('value')
      .where('page_type', '=', 'retention')
      .execute()
    expect(left).toEqual([{ value: 3 }])
    await database.db
      .deleteFrom('web_vitals')
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .execute()
  })

  it('stores a valid batch with its market', async () => {
    const response = await post({
      market: 'se',
      metrics: [
        { name: 'LCP', value: 1800.5, pageType: 'product' },
        { name: 'CLS', value: 0.02, pageType: 'product' },
        { name: 'TTFB', value: 95, pageType: 'product' },
        { name: 'INP', value: 120, pageType: 'product' },
      ],
    })
    expect(response.statusCode).toBe(204)
    const rows = await database.db
      .selectFrom('web_vitals')
      .select(['page_type', 'market', 'metric', 'value'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { page_type: 'product', market: 'se', metric: 'LCP', value: 1800.5 },
      { page_type: 'product', market: 'se', metric: 'CLS', value: 0.02 },
      { page_type: 'product', market: 'se', metric: 'TTFB', value: 95 },
      { page_type: 'product', market: 'se', metric: 'INP', value: 120 },
    ])
  })

  it.each([
    ['an unknown metric', { metrics: [{ name: 'FID', value: 10, pageType: 'home' }] }],
    ['a negative value', { metrics: [{ name: 'LCP', value: -1, pageType: 'home' }] }],
    ['a time beyond a minute', { metrics: [{ name: 'LCP', value: 600_000, pageType: 'home' }] }],
    ['a page type that is not a route name', { metrics: [{ name: 'LCP', value: 10, pageType: '<script>' }] }],
    ['an empty batch', { metrics: [] }],
    [
      'a market the shop does not have',
      { market: 'xx', metrics: [{ name: 'LCP', value: 10, pageType: 'home' }] },
    ],
    [
      'too many metrics',
      { metrics: Array.from({ length: 11 }, () => ({ name: 'LCP', value: 1, pageType: 'home' })) },
    ],
    ['a body without metrics', {}],
  ])('refuses %s and stores nothing', async (_label, payload) => {
    const before = await count()
    const response = await post(payload, '203.0.113.2')
    expect(response.statusCode).toBe(400)
    expect(await count()).toBe(before)
  })

  it('refuses a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/vitals',
      headers: { 'content-type': 'text/html' },
      payload: '<p>x</p>',
      remoteAddress: '203.0.113.3',
    })
    expect(response.statusCode).toBe(415)
  })

  it('rate-limits one address like the error sink, with Retry-After', async () => {
    const ip = '203.0.113.9'
    const batch = { metrics: [{ name: 'TTFB', value: 50, pageType: 'home' }] }
    const statuses: number[] = []
    let retryAfter: string | undefined
    for (let i = 0; i <= VITALS_REPORT_LIMIT.limit; i++) {
      const response = await post(batch, ip)
      statuses.push(response.statusCode)
      if (response.statusCode === 429) retryAfter = String(response.headers['retry-after'])
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(VITALS_REPORT_LIMIT.limit)
    expect(statuses.at(-1)).toBe(429)
    expect(Number(retryAfter)).toBeGreaterThan(0)
    // another address is not affected
    expect((await post(batch, '203.0.113.10')).statusCode).toBe(204)
  })

  it('reports the 75th percentile per page type, market and metric, in the report and on /metrics', async () => {
    await database.db.deleteFrom('web_vitals').execute()
    const lcps = [1000, 2000, 3000, 4000, 5000]
    await database.db
      .insertInto('web_vitals')
      .values([
        ...lcps.map((value) => ({
          page_type: 'product',
          market: 'fi' as const,
          metric: 'LCP' as const,
          value,
        })),
        { page_type: 'product', market: 'se' as const, metric: 'LCP' as const, value: 900 },
        { page_type: 'home', market: null, metric: 'CLS' as const, value: 0.3 },
      ])
      .execute()
    const rows = await vitalsP75(database.db)
    expect(rows).toEqual([
      { pageType: 'home', market: '–', metric: 'CLS', p75: 0.3, samples: 1 },
      // percentile_cont: 4000 is the 75th percentile of five evenly spread values
      { pageType: 'product', market: 'fi', metric: 'LCP', p75: 4000, samples: 5 },
      { pageType: 'product', market: 'se', metric: 'LCP', p75: 900, samples: 1 },
    ])
    const table = formatVitalsTable(rows)
    expect(table).toMatch(/product\s+fi\s+4000 ms \(n=5\) !/)
    expect(table).toMatch(/product\s+se\s+900 ms \(n=1\)/)
    expect(table).toMatch(/0\.300 \(n=1\) !/)

    const scraped = await app.metrics.registry.metrics()
    expect(scraped).toContain('lumo_web_vitals_p75{page_type="product",market="fi",metric="LCP"} 4000')
    expect(scraped).toContain('lumo_web_vitals_p75{page_type="product",market="se",metric="LCP"} 900')
    expect(scraped).toContain('lumo_web_vitals_samples{page_type="product",market="fi",metric="LCP"} 5')
  })

  it('the back office reads them: GET /admin/api/vitals behind the admin key, and npm run admin -- vitals', async () => {
    const refused = await app.inject({ method: 'GET', url: '/admin/api/vitals' })
    expect(refused.statusCode).toBe(401)
    const tooLong = await app.inject({
      method: 'GET',
      url: '/admin/api/vitals?days=90',
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    })
    expect(tooLong.statusCode).toBe(400)
    const answer = await app.inject({
      method: 'GET',
      url: '/admin/api/vitals?days=7',
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      days: 7,
      rows: expect.arrayContaining([
        { pageType: 'product', market: 'fi', metric: 'LCP', p75: 4000, samples: 5 },
      ]),
    })

    await app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = app.server.address() as AddressInfo
    const lines: string[] = []
    const code = await runAdmin(['vitals', '--days', '7'], {
      call: createAdminCall({ baseUrl: `http://127.0.0.1:${port}/admin/api`, key: ADMIN_KEY, actor: 'cli' }),
      print: (line) => lines.push(line),
      printError: (line) => lines.push(line),
    })
    expect(code).toBe(0)
    expect(lines.join('\n')).toMatch(/The last 7 days:/)
    expect(lines.join('\n')).toMatch(/product\s+fi\s+4000 ms \(n=5\) !/)
  })
})
