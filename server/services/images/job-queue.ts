/**
 * A small limiter for CPU-heavy jobs: at most `concurrency` run at once, at most `maxWaiting` wait;
 * beyond that a job is refused at once, so a burst of uncached requests cannot pile up unbounded
 * work and memory on a 2-core machine.
 */
export class QueueFullError extends Error {
  override name = 'QueueFullError'
}

export interface JobQueue {
  run<T>(job: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

export function createJobQueue({
  concurrency,
  maxWaiting,
}: {
  concurrency: number
  maxWaiting: number
}): JobQueue {
  let running = 0
  const waiting: Array<() => void> = []

  function release() {
    running -= 1
    const next = waiting.shift()
    if (next) {
      running += 1
      next()
    }
  }

  return {
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new QueueFullError('Too many image jobs waiting')
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running += 1
      }
      try {
        return await job()
      } finally {
        release()
      }
    },
  }
}
