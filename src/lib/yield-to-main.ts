/**
 * Ends the current task and resumes in a new one, so that long start-up work (evaluating the app,
 * building the store and the routes, hydrating) reaches the browser as several short tasks instead
 * of one long one: input and paint can run between them (Lighthouse's total blocking time counts
 * each task's time over 50 ms). `scheduler.yield()` resumes ahead of other queued tasks where the
 * browser has it; elsewhere a message to a channel is the next task (a timer may be clamped).
 */
interface Scheduler {
  yield?: () => Promise<void>
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
