import { describe, expect, it } from 'vitest'
import { ClientQueueFullError, createRenderQueue, QueueFullError, type QueueEvent } from './job-queue'

/** A job the test finishes by hand, so the queue's state can be read in between. */
function controlledJob<T>(value: T) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  let started = false
  return {
    get started() {
      return started
    },
    finish,
    job: async () => {
      started = true
      await done
      return value
    },
  }
}

/** Lets the queue's promise chains settle (no timers). */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('createRenderQueue', () => {
  it('runs at most `concurrency` jobs at once and starts waiting ones in order', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 10, maxRunningPerClient: 2 })
    const jobs = [1, 2, 3, 4].map((n) => controlledJob(n))
    const results = jobs.map((job) => queue.run('a', job.job))
    await settle()
    expect(jobs.map((job) => job.started)).toEqual([true, true, false, false])
    expect([queue.running, queue.waiting]).toEqual([2, 2])

    jobs[0]?.finish()
    expect(await results[0]).toBe(1)
    await settle()
    expect(jobs.map((job) => job.started)).toEqual([true, true, true, false])

    jobs.slice(1).forEach((job) => job.finish())
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4])
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })

  it('keeps a slot for other clients: one client runs at most all slots but one', async () => {
    const events: QueueEvent[] = []
    const queue = createRenderQueue({
      concurrency: 2,
      maxWaiting: 20,
      onEvent: (event) => events.push(event),
    })
    const expensive = Array.from({ length: 8 }, (_, n) => controlledJob(`expensive ${n}`))
    const expensiveResults = expensive.map((job) => queue.run('198.51.100.7', job.job))
    await settle()
    expect(expensive.filter((job) => job.started)).toHaveLength(1)

    const normal = controlledJob('normal')
    const normalResult = queue.run('203.0.113.9', normal.job)
    await settle()
    // started at once, while seven of the eight wait
    expect(normal.started).toBe(true)
    expect(events.filter((event) => event.type === 'end')).toEqual([])
    expect([queue.running, queue.waiting]).toEqual([2, 7])

    normal.finish()
    expect(await normalResult).toBe('normal')
    for (const job of expensive) {
      job.finish()
      await settle()
    }
    expect(await Promise.all(expensiveResults)).toHaveLength(8)
  })

  it('serves the clients waiting in turn (round robin), not in order of arrival', async () => {
    const starts: string[] = []
    const queue = createRenderQueue({
      concurrency: 1,
      maxWaiting: 20,
      onEvent: (event) => {
        if (event.type === 'start') starts.push(event.client)
      },
    })
    const blocker = controlledJob('blocker')
    const held = queue.run('a', blocker.job)
    await settle()
    const results = [
      ...['a', 'a', 'a', 'a'].map((client) => queue.run(client, async () => client)),
      ...['b', 'b'].map((client) => queue.run(client, async () => client)),
      queue.run('c', async () => 'c'),
    ]
    blocker.finish()
    await held
    await Promise.all(results)
    expect(starts).toEqual(['a', 'a', 'b', 'c', 'a', 'b', 'a', 'a'])
  })

  it('gives a freed slot to the waiting client with the fewest renders running', async () => {
    const queue = createRenderQueue({ concurrency: 2, maxWaiting: 20, maxRunningPerClient: 2 })
    const first = [controlledJob('a0'), controlledJob('a1')]
    const running = first.map((job) => queue.run('a', job.job))
    const waitingA = [queue.run('a', async () => 'a2'), queue.run('a', async () => 'a3')]
    await settle()
    const b = controlledJob('b')
    const waitingB = queue.run('b', b.job)
    await settle()
    expect(b.started).toBe(false)
    first[0]?.finish()
    await settle()
    // a came first in turn, but runs one already; b runs none
    expect(b.started).toBe(true)
    expect([queue.running, queue.waiting]).toEqual([2, 2])
    b.finish()
    first[1]?.finish()
    expect(await Promise.all([...running, ...waitingA, waitingB])).toEqual(['a0', 'a1', 'a2', 'a3', 'b'])
  })

  it('refuses a client past its own waiting bound (429) and anyone past the whole bound (503)', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 3, maxWaitingPerClient: 2 })
    const running = controlledJob('running')
    const first = queue.run('a', running.job)
    const waiting = [queue.run('a', async () => 'a1'), queue.run('a', async () => 'a2')]
    await expect(queue.run('a', async () => 'a3')).rejects.toBeInstanceOf(ClientQueueFullError)
    // another client still gets in line
    waiting.push(queue.run('b', async () => 'b1'))
    await expect(queue.run('c', async () => 'c1')).rejects.toBeInstanceOf(QueueFullError)
    running.finish()
    expect(await Promise.all([first, ...waiting])).toEqual(['running', 'a1', 'a2', 'b1'])
  })

  it('frees the slot of a failed job', async () => {
    const queue = createRenderQueue({ concurrency: 1, maxWaiting: 1 })
    await expect(queue.run('a', () => Promise.reject(new Error('render failed')))).rejects.toThrow(
      'render failed',
    )
    expect(await queue.run('a', async () => 'after')).toBe('after')
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })
})
