import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { createRenderGate, type GatedResponse } from './render-gate'

/** A response that finishes, or whose client leaves, when the test says so. */
class FakeResponse extends EventEmitter implements GatedResponse {
  destroyed = false
  finish() {
    this.emit('finish')
    this.emit('close')
  }
  leave() {
    this.destroyed = true
    this.emit('close')
  }
}

/** Lets every promise callback that is ready run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('createRenderGate', () => {
  it('lets `limit` renders in and the rest in arrival order, one per finished render', async () => {
    const gate = createRenderGate(2)
    const responses = Array.from({ length: 5 }, () => new FakeResponse())
    const admitted: number[] = []
    responses.forEach((response, index) => {
      void gate.enter(response).then((go) => go && admitted.push(index))
    })
    await settle()
    expect(admitted).toEqual([0, 1])
    expect([gate.active, gate.waiting]).toEqual([2, 3])

    responses[1]!.finish()
    await settle()
    expect(admitted).toEqual([0, 1, 2])
    responses[0]!.finish()
    responses[2]!.finish()
    await settle()
    expect(admitted).toEqual([0, 1, 2, 3, 4])
    expect([gate.active, gate.waiting]).toEqual([2, 0])

    responses[3]!.finish()
    responses[4]!.finish()
    expect([gate.active, gate.waiting]).toEqual([0, 0])
  })

  it('gives the slot back once, though a response emits both finish and close', async () => {
    const gate = createRenderGate(1)
    const first = new FakeResponse()
    expect(await gate.enter(first)).toBe(true)
    first.finish()
    first.emit('close')
    first.emit('finish')
    expect(gate.active).toBe(0)
    const [a, b] = [new FakeResponse(), new FakeResponse()]
    expect(await gate.enter(a)).toBe(true)
    let bIn = false
    void gate.enter(b).then((go) => (bIn = go))
    await settle()
    // a second release of `first` would have let b in beside a
    expect(bIn).toBe(false)
    expect([gate.active, gate.waiting]).toEqual([1, 1])
  })

  it('skips a shopper who left while waiting and passes the turn on', async () => {
    const gate = createRenderGate(1)
    const [running, leaver, next] = [new FakeResponse(), new FakeResponse(), new FakeResponse()]
    expect(await gate.enter(running)).toBe(true)
    const leaverTurn = gate.enter(leaver)
    let nextIn = false
    void gate.enter(next).then((go) => (nextIn = go))
    leaver.leave()
    running.finish()
    expect(await leaverTurn).toBe(false)
    await settle()
    expect(nextIn).toBe(true)
    expect([gate.active, gate.waiting]).toEqual([1, 0])
  })

  it('refuses a response whose connection is already gone, keeping no slot', async () => {
    const gate = createRenderGate(1)
    const gone = new FakeResponse()
    gone.destroyed = true
    expect(await gate.enter(gone)).toBe(false)
    expect(gate.active).toBe(0)
    expect(await gate.enter(new FakeResponse())).toBe(true)
  })

  it('with limit 0 lets every render in at once', async () => {
    const gate = createRenderGate(0)
    const results = await Promise.all(Array.from({ length: 50 }, () => gate.enter(new FakeResponse())))
    expect(results.every(Boolean)).toBe(true)
    expect(gate.waiting).toBe(0)
  })

  it('never runs more than the limit, nor loses a slot, whatever the order of ends (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.tuple(fc.nat(30), fc.boolean()), { minLength: 1, maxLength: 30 }),
        async (limit, steps) => {
          const gate = createRenderGate(limit)
          const responses = steps.map(() => new FakeResponse())
          const running = new Set<FakeResponse>()
          let most = 0
          responses.forEach((response) => {
            void gate.enter(response).then((go) => {
              if (!go) return
              running.add(response)
              most = Math.max(most, running.size)
            })
          })
          await settle()
          // end the responses in an arbitrary order, some finished, some left mid-wait
          for (const [pick, leaves] of steps) {
            const open = responses.filter((response) => response.listenerCount('close') > 0)
            const response = open[pick % open.length]
            if (!response || response.destroyed) continue
            running.delete(response)
            if (leaves) response.leave()
            else response.finish()
            response.removeAllListeners()
            await settle()
          }
          for (const response of responses) {
            if (response.listenerCount('close') === 0) continue
            running.delete(response)
            response.finish()
            response.removeAllListeners()
            await settle()
          }
          expect(most).toBeLessThanOrEqual(limit)
          expect([gate.active, gate.waiting]).toEqual([0, 0])
        },
      ),
      { numRuns: 200 },
    )
  })
})
