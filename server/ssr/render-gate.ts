/**
 * Admission for server renders (ADR 0050): at most `limit` pages render at once, and the rest
 * wait their turn in arrival order. A render is CPU work on the one main thread, split into many
 * steps (loaders, database round trips, React's chunks, compression). Fifty renders let in at
 * once take turns step by step, so each waits behind all the others at every step, and the last
 * to finish wait longest. Let in a few at a time, a render finishes in a few render times once it
 * starts, and the wait before it is the queue ahead of it: first come, first served.
 *
 * A slot is held until the response is finished or its connection closed. A shopper who leaves
 * while waiting gives the turn on: the page is not rendered at all.
 */

/** What the gate watches of a response: Node's ServerResponse (light-my-request's too). */
export interface GatedResponse {
  readonly destroyed: boolean
  once(event: 'close' | 'finish', listener: () => void): unknown
}

export interface RenderGate {
  /**
   * Waits for a slot for the render of `response`. true: render now (the slot goes back when the
   * response ends); false: the client is gone, do not render.
   */
  enter(response: GatedResponse): Promise<boolean>
  /** renders running now */
  readonly active: number
  /** renders waiting for a slot */
  readonly waiting: number
}

/** `limit` 0 lets every render in at once (no gate). */
export function createRenderGate(limit: number): RenderGate {
  let active = 0
  const queue: (() => void)[] = []

  const passOn = () => {
    const next = queue.shift()
    if (next) next()
    else active--
  }

  return {
    get active() {
      return active
    },
    get waiting() {
      return queue.length
    },
    async enter(response) {
      if (limit <= 0) return !response.destroyed
      let holding = false
      let ended = false
      const end = () => {
        if (ended) return
        ended = true
        if (holding) passOn()
      }
      response.once('close', end)
      response.once('finish', end)
      if (active < limit) active++
      else await new Promise<void>((resolve) => queue.push(resolve))
      holding = true
      // gone while it waited: its turn passes to the next in line
      if (ended || response.destroyed) {
        ended = true
        passOn()
        return false
      }
      return true
    },
  }
}
