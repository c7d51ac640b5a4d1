/**
 * A minimal DataLoader: `load(key)` calls made while GraphQL resolves one level of a response are
 * collected and answered by one `batch(keys)` call, and every key is cached for the request. A
 * list of 48 products therefore costs one statement per kind of data, not 48.
 *
 * Dispatch waits for the promise jobs already queued and then one `process.nextTick`, the same
 * trick as the dataloader package, so that resolvers of sibling list items all enqueue first.
 */
export type BatchFunction<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>

export class BatchLoader<K, V> {
  private readonly cache = new Map<K, Promise<V | undefined>>()
  private queue: { key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[] = []

  constructor(private readonly batch: BatchFunction<K, V>) {}

  /** The value for key, or undefined when the batch has none. */
  load(key: K): Promise<V | undefined> {
    const cached = this.cache.get(key)
    if (cached) return cached
    const promise = new Promise<V | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject })
      if (this.queue.length === 1) scheduleDispatch(() => this.dispatch())
    })
    this.cache.set(key, promise)
    return promise
  }

  loadMany(keys: readonly K[]): Promise<(V | undefined)[]> {
    return Promise.all(keys.map((key) => this.load(key)))
  }

  /** Puts a value into the cache, e.g. one that an earlier query already returned. */
  prime(key: K, value: V): void {
    if (!this.cache.has(key)) this.cache.set(key, Promise.resolve(value))
  }

  private dispatch(): void {
    const queue = this.queue
    this.queue = []
    const keys = [...new Set(queue.map((entry) => entry.key))]
    this.batch(keys).then(
      (values) => {
        for (const entry of queue) entry.resolve(values.get(entry.key))
      },
      (error: unknown) => {
        // A failed batch must not stay cached: a later request for the key may succeed.
        for (const entry of queue) {
          this.cache.delete(entry.key)
          entry.reject(error)
        }
      },
    )
  }
}

const resolved = Promise.resolve()

function scheduleDispatch(dispatch: () => void): void {
  void resolved.then(() => process.nextTick(dispatch))
}

/** Groups rows by a key: the usual shape of a one-to-many batch result. */
export function groupBy<K, R>(rows: readonly R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return groups
}
