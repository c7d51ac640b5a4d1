/**
 * Each outside client's fair share of the database (issue 31 row 1, ADR 0060). A request that
 * names its client (`withDatabaseShare`, the commerce API does it for every request that carries
 * a shopper's address) holds at most `slotsPerClient` statements or transactions at once; the
 * rest of its statements wait in the process, not in the database. So however many statements
 * one document fans out to, the embedded database's single connection (which runs statements in
 * the order they arrive) and the PostgreSQL pool hold at most that many of one client's, and a
 * shopper's cart read queues behind no more than those. The server's own work (page renders,
 * jobs) names no client and is not held back.
 *
 * A request also has a time budget: the time its statements held the database adds up, and once
 * it is spent the next statement is refused (DatabaseBudgetError), so one request cannot keep a
 * share busy for long either.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { PostgresPool, PostgresPoolClient } from 'kysely'

/** Statements (or transactions) one client may hold at once. */
export const SLOTS_PER_CLIENT = 2

export interface DatabaseShare {
  /** Who the statements run for, e.g. the shopper's address. */
  readonly client: string
  /** Database time the request may use (ms); Infinity: no budget. */
  readonly budgetMs: number
  /** Database time used so far (ms). */
  spentMs: number
}

const current = new AsyncLocalStorage<DatabaseShare>()

/** Runs `work` with its statements counted against `client`'s share and a budget of `budgetMs`. */
export function withDatabaseShare<T>(client: string, budgetMs: number, work: () => T): T {
  return current.run({ client, budgetMs, spentMs: 0 }, work)
}

/** The share of the running request (undefined: the server's own work). */
export function currentDatabaseShare(): DatabaseShare | undefined {
  return current.getStore()
}

export class DatabaseBudgetError extends Error {
  override name = 'DatabaseBudgetError'
  constructor(readonly budgetMs: number) {
    super(`The request used its database time (${budgetMs} ms); ask for fewer or smaller lists`)
  }
}

interface ClientSlots {
  inUse: number
  waiting: (() => void)[]
}

export interface FairSharePool extends PostgresPool {
  /** Statements waiting for their client's share (the operator's /metrics). */
  waitingForShare(): number
}

/**
 * `pool` with each named client limited to `slotsPerClient` connections at once. Kysely takes a
 * connection for every statement outside a transaction and one for a whole transaction, so this
 * counts both; a transaction's own statements run on the connection it holds.
 */
export function fairSharePool(pool: PostgresPool, slotsPerClient = SLOTS_PER_CLIENT): FairSharePool {
  const clients = new Map<string, ClientSlots>()
  let waitingCount = 0

  async function takeSlot(client: string): Promise<void> {
    let slots = clients.get(client)
    if (!slots) {
      slots = { inUse: 0, waiting: [] }
      clients.set(client, slots)
    }
    if (slots.inUse < slotsPerClient) {
      slots.inUse += 1
      return
    }
    waitingCount += 1
    // the slot is handed over by giveBack, so inUse stays counted for us
    await new Promise<void>((resolve) => slots.waiting.push(resolve))
    waitingCount -= 1
  }

  function giveBack(client: string): void {
    const slots = clients.get(client)
    if (!slots) return
    const next = slots.waiting.shift()
    if (next) return next()
    slots.inUse -= 1
    if (slots.inUse === 0) clients.delete(client)
  }

  return {
    waitingForShare: () => waitingCount,
    async connect(): Promise<PostgresPoolClient> {
      const share = current.getStore()
      if (!share) return pool.connect()
      if (share.spentMs >= share.budgetMs) throw new DatabaseBudgetError(share.budgetMs)
      await takeSlot(share.client)
      let connection: PostgresPoolClient
      try {
        connection = await pool.connect()
      } catch (error) {
        giveBack(share.client)
        throw error
      }
      const startedAt = performance.now()
      let released = false
      return Object.assign(Object.create(connection) as PostgresPoolClient, {
        query: connection.query.bind(connection),
        release() {
          if (released) return
          released = true
          share.spentMs += performance.now() - startedAt
          connection.release()
          giveBack(share.client)
        },
      })
    },
    end: () => pool.end(),
  }
}
