import type { PostgresPool, PostgresPoolClient } from 'kysely'
import { describe, expect, it } from 'vitest'
import { currentDatabaseShare, DatabaseBudgetError, fairSharePool, withDatabaseShare } from './fair-share'

/** A pool that hands out connections at once and counts those out. */
function countingPool() {
  const state = { out: 0, released: 0 }
  const pool: PostgresPool = {
    connect: async () => {
      state.out += 1
      return {
        query: () => Promise.resolve({ rows: [] }),
        release: () => {
          state.out -= 1
          state.released += 1
        },
      } as unknown as PostgresPoolClient
    },
    end: async () => undefined,
  }
  return { pool, state }
}

/** Lets every settled promise's continuations run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('fairSharePool', () => {
  it('holds a client to its slots and hands a freed slot to its next statement', async () => {
    const { pool, state } = countingPool()
    const fair = fairSharePool(pool, 2)
    const taken: PostgresPoolClient[] = []
    withDatabaseShare('203.0.113.7', Infinity, () => {
      for (let i = 0; i < 5; i++) void fair.connect().then((connection) => taken.push(connection))
    })
    await settle()
    expect(taken).toHaveLength(2)
    expect(fair.waitingForShare()).toBe(3)

    // another shopper is not behind them, nor is the server's own work
    const other = await withDatabaseShare('198.51.100.9', Infinity, () => fair.connect())
    const own = await fair.connect()
    expect(state.out).toBe(4)

    taken[0]!.release()
    taken[0]!.release() // a second release gives nothing back twice
    await settle()
    expect(taken).toHaveLength(3)
    expect(fair.waitingForShare()).toBe(2)
    for (const connection of [...taken.slice(1), other, own]) connection.release()
    await settle()
    expect(taken).toHaveLength(5)
    for (const connection of taken.slice(3)) connection.release()
    expect(state.out).toBe(0)
    expect(fair.waitingForShare()).toBe(0)
  })

  it('refuses the next statement of a request that has used its database time', async () => {
    const { pool } = countingPool()
    const fair = fairSharePool(pool)
    await withDatabaseShare('203.0.113.7', 50, async () => {
      const first = await fair.connect()
      currentDatabaseShare()!.spentMs = 49
      first.release()
      // the time the statement held the connection was added on release
      expect(currentDatabaseShare()!.spentMs).toBeGreaterThanOrEqual(49)
      currentDatabaseShare()!.spentMs = 50
      await expect(fair.connect()).rejects.toBeInstanceOf(DatabaseBudgetError)
    })
    // a new request has a new budget
    await withDatabaseShare('203.0.113.7', 50, async () => (await fair.connect()).release())
  })
})
