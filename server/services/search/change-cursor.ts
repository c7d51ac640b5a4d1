/**
 * Where an index in memory stands in search_changes (migration 1010). Change ids are taken when a
 * transaction writes and seen when it commits, so on a PostgreSQL server (several connections)
 * an id below the highest one read can still appear: its transaction was open at the read. An id
 * a read skipped is kept as a gap and asked for again, until GAP_WAIT_MS has passed (the ids of
 * a rolled-back transaction, or of entries already pruned, never appear). On PGlite, one
 * connection commits in id order and gaps only come from rollbacks.
 */

/** How long a skipped change id is asked for: longer than any write transaction of the shop. */
export const GAP_WAIT_MS = 10 * 60_000
/** At most this many gaps are kept; a larger jump is read again wholesale by the caller. */
export const MAX_GAPS = 10_000

export class ChangeCursor {
  /** the highest change id read */
  last = 0
  /** skipped ids → when they were first missed */
  private readonly gaps = new Map<number, number>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts over at `last`, with the ids below it that a reader found missing. */
  reset(last: number, missing: readonly number[]): void {
    this.gaps.clear()
    this.last = last
    const missedAt = this.now()
    for (const id of missing.slice(0, MAX_GAPS)) this.gaps.set(id, missedAt)
  }

  /** The skipped ids still worth asking for (the expired ones are dropped). */
  pending(): number[] {
    const oldest = this.now() - GAP_WAIT_MS
    for (const [id, missedAt] of this.gaps) if (missedAt < oldest) this.gaps.delete(id)
    return [...this.gaps.keys()]
  }

  /** Takes the ids a read returned: fills gaps, moves `last` and notes the ids it jumped over. */
  advance(ids: readonly number[]): void {
    const fresh: number[] = []
    for (const id of ids) {
      if (id > this.last) fresh.push(id)
      else this.gaps.delete(id)
    }
    fresh.sort((a, b) => a - b)
    const missedAt = this.now()
    for (const id of fresh) {
      for (let skipped = this.last + 1; skipped < id && this.gaps.size < MAX_GAPS; skipped++)
        this.gaps.set(skipped, missedAt)
      this.last = id
    }
  }
}
