import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { findImportCycles, repositorySources } from './import-cycles'

const REPO_ROOT = path.resolve(import.meta.dirname, '../..')

describe('findImportCycles', () => {
  it('finds a circle made of type-only imports, which import-x/no-cycle leaves out', () => {
    const files = new Map([
      ['a/context.ts', "import type { Scope } from './scope'\nexport interface Context { scope: Scope }"],
      ['a/scope.ts', "import type { Context } from './context'\nexport type Scope = Context['scope']"],
      ['a/leaf.ts', "import type { Scope } from './scope'"],
    ])
    expect(findImportCycles(files)).toEqual([['a/context.ts', 'a/scope.ts']])
  })

  it('follows re-exports and index files, and ignores dynamic imports and packages', () => {
    const files = new Map([
      ['b/index.ts', "export { one } from './one'"],
      ['b/one.ts', "import { two } from '.'\nexport const one = () => import('./lazy')"],
      ['b/lazy.ts', "import { one } from './one'\nimport React from 'react'"],
    ])
    expect(findImportCycles(files)).toEqual([['b/index.ts', 'b/one.ts']])
  })

  it("leaves out codegen's generated.ts, whose mappers point back at the shapes it types", () => {
    const files = new Map([
      ['d/generated.ts', "import type { Shape } from './shape'\nexport type Product = { id: number }"],
      ['d/shape.ts', "import type { Product } from './generated'\nexport type Shape = Product[]"],
      ['d/a.ts', "import { b } from './b'"],
      ['d/b.ts', "import { a } from './a'"],
    ])
    expect(findImportCycles(files)).toEqual([['d/a.ts', 'd/b.ts']])
  })

  it('finds none where the imports only go one way', () => {
    const files = new Map([
      ['c/a.ts', "import { b } from './b'"],
      ['c/b.ts', "import { c } from './c'"],
      ['c/c.ts', 'export const c = 1'],
    ])
    expect(findImportCycles(files)).toEqual([])
  })
})

describe('the repository', () => {
  it('has no import circle, type-only imports and tests included', () => {
    expect(findImportCycles(repositorySources(REPO_ROOT))).toEqual([])
  })
})
