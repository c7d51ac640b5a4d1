import { afterEach, describe, expect, it, vi } from 'vitest'
import { yieldToMain } from './yield-to-main'

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'scheduler')
})

describe('yieldToMain', () => {
  it('resumes in a later task: the microtasks queued meanwhile run first', async () => {
    const order: string[] = []
    const resumed = yieldToMain().then(() => order.push('resumed'))
    queueMicrotask(() => order.push('microtask'))
    await Promise.resolve()
    await Promise.resolve()
    expect(order).toEqual(['microtask'])
    await resumed
    expect(order).toEqual(['microtask', 'resumed'])
  })

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTask = vi.fn(() => Promise.resolve())
    Object.assign(globalThis, { scheduler: { yield: yieldTask } })
    await yieldToMain()
    expect(yieldTask).toHaveBeenCalledTimes(1)
  })
})
