import { describe, expect, it } from 'vitest'
import { createJobQueue, QueueFullError } from './job-queue'

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

describe('createJobQueue', () => {
  it('runs at most `concurrency` jobs at once and starts waiting ones in order', async () => {
    const queue = createJobQueue({ concurrency: 2, maxWaiting: 10 })
    const jobs = [1, 2, 3, 4].map((n) => controlledJob(n))
    const results = jobs.map((job) => queue.run(job.job))
    await Promise.resolve()
    expect(jobs.map((job) => job.started)).toEqual([true, true, false, false])
    expect([queue.running, queue.waiting]).toEqual([2, 2])

    jobs[0]?.finish()
    expect(await results[0]).toBe(1)
    await Promise.resolve()
    expect(jobs.map((job) => job.started)).toEqual([true, true, true, false])

    jobs.slice(1).forEach((job) => job.finish())
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4])
    expect([queue.running, queue.waiting]).toEqual([0, 0])
  })

  it('refuses a job when the waiting list is full, and frees the slot of a failed job', async () => {
    const queue = createJobQueue({ concurrency: 1, maxWaiting: 1 })
    const running = controlledJob('a')
    const waiting = controlledJob('b')
    const first = queue.run(running.job)
    const second = queue.run(waiting.job)
    await expect(queue.run(async () => 'c')).rejects.toBeInstanceOf(QueueFullError)

    running.finish()
    waiting.finish()
    expect(await Promise.all([first, second])).toEqual(['a', 'b'])

    await expect(queue.run(() => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed')
    expect(await queue.run(async () => 'after')).toBe('after')
    expect(queue.running).toBe(0)
  })
})
