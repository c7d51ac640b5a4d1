import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { checkSuitesWithoutServers, outsideServerVariablesSet } from './suites-without-servers'

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'suites')
const CONFIG = path.join(FIXTURES, 'vitest.config.ts')
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))

describe('suites without servers', () => {
  const saved = process.env.TEST_REDIS_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.TEST_REDIS_URL
    else process.env.TEST_REDIS_URL = saved
    delete process.env.SUITES_FIXTURE
  })

  it('names the variables that are set', () => {
    expect(outsideServerVariablesSet({ TEST_REDIS_URL: 'redis://127.0.0.1:6379/15' })).toEqual([
      'TEST_REDIS_URL',
    ])
    expect(outsideServerVariablesSet({})).toEqual([])
  })

  it('fails a file whose suites exist only while TEST_REDIS_URL is set, even when it is set here', async () => {
    // the run this check guards had the variable set, and the file passed there
    process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379/15'
    process.env.SUITES_FIXTURE = 'only-with-redis.fixture.ts'
    const counts = await checkSuitesWithoutServers(mkdtempSync(path.join(tmpdir(), 'suites-')), readJson, [
      `--config=${CONFIG}`,
    ])
    expect(counts).toMatchObject({ passed: 0, failed: 1 })
    expect(counts.problems.join('\n')).toMatch(/only-with-redis\.fixture\.ts.*No test suite found/)
  })

  it('passes a file that reports its suite as skipped without the variable, running none of it', async () => {
    process.env.TEST_REDIS_URL = 'redis://127.0.0.1:6379/15'
    process.env.SUITES_FIXTURE = 'skipped-without-redis.fixture.ts'
    const counts = await checkSuitesWithoutServers(mkdtempSync(path.join(tmpdir(), 'suites-')), readJson, [
      `--config=${CONFIG}`,
    ])
    expect(counts).toEqual({ passed: 1, failed: 0, skipped: 0, problems: [] })
  })
})
