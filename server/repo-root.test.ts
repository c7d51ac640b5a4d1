import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findRepoRoot, REPO_ROOT } from './repo-root'

describe('findRepoRoot', () => {
  let directory: string | undefined
  afterEach(() => directory && rmSync(directory, { recursive: true, force: true }))

  it('finds the nearest folder with a package.json, from source or from the bundle', () => {
    directory = mkdtempSync(path.join(tmpdir(), 'lumo-root-'))
    writeFileSync(path.join(directory, 'package.json'), '{}')
    for (const nested of ['server/services/graphql', 'dist/server/assets']) {
      mkdirSync(path.join(directory, nested), { recursive: true })
      expect(findRepoRoot(path.join(directory, nested))).toBe(directory)
    }
  })

  it('is the checkout this module lives in', () => {
    expect(existsSync(path.join(REPO_ROOT, 'server', 'repo-root.ts'))).toBe(true)
  })
})
