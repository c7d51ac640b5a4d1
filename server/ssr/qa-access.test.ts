import Fastify from 'fastify'
import cookie from '@fastify/cookie'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleQaParam, qaConsoleEnabled, qaCookieValue, QA_COOKIE_MAX_AGE_S } from './qa-access'

const QA_KEY = 'qa-key-for-the-unit-test'
const app = Fastify()

beforeAll(async () => {
  await app.register(cookie)
  app.get('/*', async (request, reply) => {
    if (handleQaParam(request, reply, { qaKey: QA_KEY, publicUrl: 'https://lumo.test' })) return reply
    return { qaConsole: qaConsoleEnabled(request.headers.cookie, QA_KEY) }
  })
  await app.ready()
})
afterAll(() => app.close())

describe('the QA key', () => {
  it('presented once sets an HttpOnly cookie without the key and drops the parameter', async () => {
    const response = await app.inject({ url: `/fi/uutuudet?page=2&qa=${QA_KEY}` })
    expect(response.statusCode).toBe(303)
    expect(response.headers.location).toBe('/fi/uutuudet?page=2')
    const set = String(response.headers['set-cookie'])
    expect(set).toContain(`lumo-qa=${qaCookieValue(QA_KEY)}`)
    expect(set).toContain('HttpOnly')
    expect(set).toContain('Secure')
    expect(set).toContain(`Max-Age=${QA_COOKIE_MAX_AGE_S}`)
    expect(set).not.toContain(QA_KEY)
  })

  it('enables the console only with the right cookie', async () => {
    const enabled = await app.inject({ url: '/fi/', headers: { cookie: `lumo-qa=${qaCookieValue(QA_KEY)}` } })
    expect(enabled.json()).toEqual({ qaConsole: true })
    const forged = await app.inject({ url: '/fi/', headers: { cookie: 'lumo-qa=guess' } })
    expect(forged.json()).toEqual({ qaConsole: false })
    expect(qaConsoleEnabled(`lumo-qa=${qaCookieValue(QA_KEY)}`, undefined)).toBe(false)
  })

  it('a wrong key sets nothing; qa=off removes the cookie', async () => {
    const wrong = await app.inject({ url: '/fi/?qa=not-the-key' })
    expect(wrong.statusCode).toBe(303)
    expect(wrong.headers['set-cookie']).toBeUndefined()
    const off = await app.inject({ url: '/fi/?qa=off' })
    expect(off.headers.location).toBe('/fi/')
    expect(String(off.headers['set-cookie'])).toMatch(/lumo-qa=;.*Expires=Thu, 01 Jan 1970/)
  })
})
