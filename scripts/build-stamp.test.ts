import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BUILD_STAMP, buildIsCurrent, SERVER_ENTRY, sourceFingerprint } from './build-stamp'

describe('buildIsCurrent', () => {
  let root: string
  beforeEach(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'lumo-stamp-'))
    mkdirSync(path.join(root, 'server'))
    writeFileSync(path.join(root, 'server', 'main.ts'), 'export {}\n')
    mkdirSync(path.dirname(path.join(root, SERVER_ENTRY)), { recursive: true })
    writeFileSync(path.join(root, SERVER_ENTRY), '// compiled\n')
    writeFileSync(path.join(root, BUILD_STAMP), await sourceFingerprint(root))
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('is true for a build made from the current sources', async () => {
    expect(await buildIsCurrent(root)).toBe(true)
  })

  it('goes stale when the server changes: npm start runs it compiled', async () => {
    writeFileSync(path.join(root, 'server', 'main.ts'), 'export const changed = true\n')
    expect(await buildIsCurrent(root)).toBe(false)
  })

  it('ignores a change to a test file', async () => {
    writeFileSync(path.join(root, 'server', 'main.test.ts'), 'it.todo("x")\n')
    expect(await buildIsCurrent(root)).toBe(true)
  })

  it('is false when the compiled server is missing', async () => {
    rmSync(path.join(root, SERVER_ENTRY))
    expect(await buildIsCurrent(root)).toBe(false)
  })
})
