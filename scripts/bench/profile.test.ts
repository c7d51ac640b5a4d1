import { describe, expect, it } from 'vitest'
import { topSelfTime, wasmShare, type CpuProfile } from './profile'

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber })

// Samples every 1000 µs from t = 0: node 2 (render) ×3, node 3 (idle) ×1, node 4 (parse) ×2.
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)') },
    { id: 2, callFrame: frame('render', 'file:///app/node_modules/react-dom/server.js', 9) },
    { id: 3, callFrame: frame('(idle)') },
    { id: 4, callFrame: frame('parse', 'file:///app/server/services/graphql/index.ts', 41) },
  ],
  startTime: 0,
  endTime: 6000,
  samples: [2, 2, 4, 3, 2, 4],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000],
}

describe('topSelfTime', () => {
  it('sums self time per function, largest first, without the idle frame', () => {
    const top = topSelfTime(profile)
    expect(top.map((entry) => entry.name)).toEqual([
      'render react-dom/server.js:10',
      'parse graphql/index.ts:42',
    ])
    expect(top[0]!.ms).toBe(3)
    expect(top[0]!.share).toBeCloseTo(0.6)
  })

  it('counts only the samples inside the window', () => {
    const top = topSelfTime(profile, 2500, 6000)
    expect(top.map((entry) => [entry.name, entry.ms])).toEqual([
      ['parse graphql/index.ts:42', 2],
      ['render react-dom/server.js:10', 1],
    ])
  })
})

describe('wasmShare', () => {
  it('sums the WebAssembly functions (PGlite) among the self times', () => {
    const selfTimes = [
      { name: 'wasm-function[264] wasm/022a9842:1', ms: 3, share: 0.3 },
      { name: 'render react-dom/server.js:10', ms: 5, share: 0.5 },
      { name: 'wasm-function[2977] wasm/022a9842:1', ms: 2, share: 0.2 },
    ]
    expect(wasmShare(selfTimes)).toEqual({ name: 'WebAssembly', ms: 5, share: 0.5 })
  })
})
