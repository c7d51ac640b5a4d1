/**
 * No user enumeration by time: a failed login for an unknown e-mail runs the KDF exactly as a
 * wrong password for a known account does (counted), and the two cost about the same (measured
 * side by side in one run and compared as a ratio, no absolute times).
 */
import { performance } from 'node:perf_hooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginRequest, registerAndLogin } from '../helpers/auth'
import { API_KEY, startAuthApp, type AuthApp } from './auth-harness'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('login timing for unknown and known users', () => {
  let auth: AuthApp
  let address = 0
  const attempt = (email: string) =>
    loginRequest(auth.app, {
      email,
      password: 'Vaara-000',
      apiKey: API_KEY,
      remoteAddress: `10.9.0.${++address}`,
    })

  beforeAll(async () => {
    auth = await startAuthApp()
    await registerAndLogin(auth.app, { email: 'known@example.fi', password: 'Oikea-123', apiKey: API_KEY })
  })
  afterAll(() => auth.close())

  it('runs the KDF once for an unknown user as for a wrong password, and once for a right one', async () => {
    const runs = async (email: string, password = 'Vaara-000') => {
      const before = auth.kdfRuns()
      await loginRequest(auth.app, { email, password, apiKey: API_KEY, remoteAddress: `10.9.1.${++address}` })
      return auth.kdfRuns() - before
    }
    expect(await runs('known@example.fi')).toBe(1)
    expect(await runs('unknown@example.fi')).toBe(1)
    expect(await runs('known@example.fi', 'Oikea-123')).toBe(1)
  })

  it('costs an unknown user about what a known one costs (ratio of medians, interleaved)', async () => {
    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 7; i++) {
      for (const [email, times] of [
        ['known@example.fi', known],
        [`unknown${i}@example.fi`, unknown],
      ] as const) {
        const start = performance.now()
        expect((await attempt(email)).statusCode).toBe(401)
        times.push(performance.now() - start)
      }
    }
    // without the decoy hash an unknown user would answer in a small fraction of the time
    const ratio = median(unknown) / median(known)
    expect(ratio).toBeGreaterThan(0.5)
    expect(ratio).toBeLessThan(2)
  })
})
