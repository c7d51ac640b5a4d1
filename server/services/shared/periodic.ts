/**
 * A periodic background job of a service (expiry sweeps, mail rounds): one round at a time per
 * process (a round still running skips the tick), the timer does not keep the process alive, and
 * closing the app stops the timer and waits for the round in flight. Rounds must be safe to run in
 * several instances at once: each job claims its rows in the database.
 */
import type { FastifyInstance } from 'fastify'

export function startPeriodicJob(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  round: () => Promise<unknown>,
): void {
  if (intervalMs <= 0) return
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = round()
      .catch((error: unknown) => app.log.warn({ err: error }, `${name} failed`))
      .finally(() => {
        running = null
      })
  }, intervalMs)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
