/**
 * Deterministic randomness for the seed. Every product gets its own stream derived from
 * (seed, product id), so product 17 is the same whether 200 or 50,000 products are seeded.
 */

/** 32-bit FNV-1a over the parts: a stable stream key. */
function hashKey(parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5
  for (const part of parts) {
    const text = `${part}\u0000`
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193) >>> 0
    }
  }
  return hash
}

export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9
  }

  /** A stream of its own for one key, e.g. `Random.for(seed, 'product', 17)`. */
  static for(seed: number, ...key: Array<string | number>): Random {
    return new Random(hashKey([seed, ...key]))
  }

  /** mulberry32: fast, good enough for test data, and identical on every platform. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
    let roll = this.next() * total
    for (const [value, weight] of entries) {
      roll -= weight
      if (roll < 0) return value
    }
    const last = entries[entries.length - 1]
    if (!last) throw new Error('weighted pick from an empty list')
    return last[0]
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
    }
    return copy.slice(0, Math.min(count, copy.length))
  }

  /** A version-4-shaped UUID from this stream (deterministic, so seeded ids are stable). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16))
    hex[12] = '4'
    hex[16] = ((Math.floor(this.next() * 4) + 8) as number).toString(16)
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }
}
