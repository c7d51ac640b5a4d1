/**
 * The render queue (ADR 0072): at most `concurrency` renders at once, with a waiting line per
 * client address served in turn (round robin), so one address asking for many expensive renders
 * waits behind its own renders, not in front of everyone else's.
 *
 * - One address runs at most `maxRunningPerClient` renders at once (default: all slots but one),
 *   so a slot stays free for the next address even while one address has a long line.
 * - A free slot goes to the waiting address with the fewest renders running (below its cap),
 *   the first in turn among equals; the address then goes to the back of the turn.
 * - At most `maxWaitingPerClient` renders of one address wait (beyond: ClientQueueFullError, the
 *   service answers 429), and `maxWaiting` in all (beyond: QueueFullError, 503), so a burst cannot
 *   pile up unbounded work and memory on a 2-core machine.
 */
export class QueueFullError extends Error {
  override name = 'QueueFullError'
}

/** This client already has as many renders waiting as one may. */
export class ClientQueueFullError extends Error {
  override name = 'ClientQueueFullError'
}

export type QueueEvent = { type: 'queued' | 'start' | 'end'; client: string }

export interface RenderQueue {
  /** Runs `job` as `client`'s (the requester's address), in its turn. */
  run<T>(client: string, job: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

export interface RenderQueueOptions {
  concurrency: number
  maxWaiting: number
  maxWaitingPerClient?: number
  maxRunningPerClient?: number
  /** Every job's queued/start/end, in order (tests read the order; operators could count). */
  onEvent?: (event: QueueEvent) => void
}

interface ClientLine {
  running: number
  waiting: Array<() => void>
}

export function createRenderQueue({
  concurrency,
  maxWaiting,
  maxWaitingPerClient = maxWaiting,
  maxRunningPerClient = Math.max(1, concurrency - 1),
  onEvent,
}: RenderQueueOptions): RenderQueue {
  let running = 0
  let waiting = 0
  const lines = new Map<string, ClientLine>()
  /** Clients with renders waiting, in turn order. */
  let turn: string[] = []

  function lineOf(client: string): ClientLine {
    let line = lines.get(client)
    if (!line) {
      line = { running: 0, waiting: [] }
      lines.set(client, line)
    }
    return line
  }

  function forgetIfIdle(client: string, line: ClientLine) {
    if (line.running === 0 && line.waiting.length === 0) lines.delete(client)
  }

  /** The next client to serve: fewest renders running (under its cap), then first in turn. */
  function nextInTurn(): number {
    let best = -1
    let bestRunning = maxRunningPerClient
    turn.forEach((client, index) => {
      const clientRunning = lines.get(client)?.running ?? 0
      if (clientRunning < bestRunning) {
        best = index
        bestRunning = clientRunning
      }
    })
    return best
  }

  /** Hands free slots to waiting clients in turn. */
  function dispatch() {
    while (running < concurrency) {
      const index = nextInTurn()
      if (index < 0) return
      const client = turn[index] as string
      const line = lineOf(client)
      const start = line.waiting.shift()
      turn = [...turn.slice(0, index), ...turn.slice(index + 1)]
      if (!start) continue
      if (line.waiting.length > 0) turn.push(client)
      waiting -= 1
      running += 1
      line.running += 1
      start()
    }
  }

  return {
    get running() {
      return running
    },
    get waiting() {
      return waiting
    },
    async run<T>(client: string, job: () => Promise<T>): Promise<T> {
      const line = lineOf(client)
      const startsNow =
        running < concurrency && line.running < maxRunningPerClient && line.waiting.length === 0
      if (startsNow) {
        onEvent?.({ type: 'queued', client })
        running += 1
        line.running += 1
      } else {
        if (waiting >= maxWaiting) {
          forgetIfIdle(client, line)
          throw new QueueFullError('Too many image renders waiting')
        }
        if (line.waiting.length >= maxWaitingPerClient) {
          forgetIfIdle(client, line)
          throw new ClientQueueFullError('Too many image renders waiting for this client')
        }
        onEvent?.({ type: 'queued', client })
        await new Promise<void>((resolve) => {
          line.waiting.push(resolve)
          waiting += 1
          if (!turn.includes(client)) turn.push(client)
        })
      }
      onEvent?.({ type: 'start', client })
      try {
        return await job()
      } finally {
        running -= 1
        line.running -= 1
        onEvent?.({ type: 'end', client })
        forgetIfIdle(client, line)
        dispatch()
      }
    },
  }
}
