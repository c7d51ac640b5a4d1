/**
 * The shop's own log as an operator reads it (issue 29), on the production build as `npm start`
 * wires it: a page is one line (the page cache's in-process render writes none of its own), an
 * unknown product is one 404 line without a stack and nothing on the console, and every line a
 * request causes carries its id.
 */
import path from 'node:path'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../../../server/config'
import { buildApp } from '../../../server/app'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { ensureProductionBuild, PRODUCTION_API_KEY } from './production-app'

interface Line {
  level: number
  msg: string
  reqId?: string
  req?: { url: string }
  res?: { statusCode: number }
  cache?: string
}

let database: TestDatabase
let app: FastifyInstance
let lines: Line[] = []

beforeAll(async () => {
  await ensureProductionBuild()
  database = await createTestDatabase({ seed: { products: 10 } })
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lumo-log-')),
    PORT: '3000',
    API_KEY: PRODUCTION_API_KEY,
  })
  app = await buildApp({
    config,
    database,
    processMetrics: false,
    logStream: { write: (text) => void lines.push(JSON.parse(text) as Line) },
  })
  await app.ready()
}, 600_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
})
beforeEach(() => {
  lines = []
})

const completions = () => lines.filter((line) => line.msg === 'request completed')

describe('the shop writes one line per request', () => {
  it('a page rendered through the page cache: one line, with the cache state', async () => {
    const miss = await app.inject({ method: 'GET', url: '/fi/' })
    expect(miss.statusCode).toBe(200)
    const hit = await app.inject({ method: 'GET', url: '/fi/' })
    expect(hit.headers['x-lumo-cache']).toBe('hit')
    expect(completions().map((line) => [line.req?.url, line.res?.statusCode, line.cache])).toEqual([
      ['/fi/', 200, 'miss'],
      ['/fi/', 200, 'hit'],
    ])
    // every line of these requests carries one of their two ids
    const ids = new Set([miss.headers['x-request-id'], hit.headers['x-request-id']])
    expect(lines.every((line) => ids.has(line.reqId))).toBe(true)
  })

  it('an unknown product: one 404 line, no stack anywhere, nothing on the console', async () => {
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    try {
      const response = await app.inject({ method: 'GET', url: '/fi/p/ei-tallaista-tuotetta' })
      expect(response.statusCode).toBe(404)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({ level: 30, res: { statusCode: 404 } })
      expect(JSON.stringify(lines)).not.toContain('stack')
      expect(warn).not.toHaveBeenCalled()
      expect(error).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
      error.mockRestore()
    }
  })

  it("the API's expected refusal (no such product) is one line, without mercurius' stack dump", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-apikey': PRODUCTION_API_KEY },
      payload: { query: '{ reviews(alias: "ei-tallaista-tuotetta", take: 1) { count } }' },
    })
    expect(response.json().errors[0].extensions.code).toBe('NOT_FOUND')
    expect(lines.map((line) => line.msg)).toEqual(['request completed'])
    expect(JSON.stringify(lines)).not.toContain('stack')
  })
})
