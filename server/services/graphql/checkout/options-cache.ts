/**
 * The shipping and payment options of each market and its no-delivery zip rules, kept in process
 * between requests (docs/adr/0042-checkout-preview.md): every cart and checkout answer reads them,
 * they change only when the shop edits them, and under a crowd each statement waits its turn for
 * the one database connection.
 *
 * The database says when they change (migration 1032: pg_notify on 'lumo_checkout_options'
 * whenever one of the three tables is written), and every instance listening to it drops
 * everything, so a new fee or a withdrawn option is priced on the next request. A read in flight
 * when a change arrives is handed to its callers but not kept. The lists are shared between
 * requests: callers map and filter them, never change them.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../../db'
import type { LocaleCode, MarketAlias } from '../../../../src/shared/markets'
import type { CommerceDB } from '../cart/db'
import {
  loadPaymentOptions,
  loadShippingOptions,
  type PaymentChoice,
  type ShippingChoice,
} from '../cart/load'
import { loadZipRules, type ZipRule } from './options'

export const CHECKOUT_OPTIONS_CHANNEL = 'lumo_checkout_options'

/** Where the options come from: the kept ones (the service) or the database every time. */
export interface CheckoutOptionsSource {
  shipping(market: MarketAlias, language: LocaleCode): Promise<ShippingChoice[]>
  payment(market: MarketAlias, language: LocaleCode): Promise<PaymentChoice[]>
  zipRules(market: MarketAlias): Promise<ZipRule[]>
}

/** Reads the options from the database on every call (a context built without the service's cache). */
export function uncachedCheckoutOptions(db: Kysely<CommerceDB>): CheckoutOptionsSource {
  return {
    shipping: (market, language) => loadShippingOptions(db, market, language),
    payment: (market, language) => loadPaymentOptions(db, market, language),
    zipRules: (market) => loadZipRules(db, market),
  }
}

export class CheckoutOptionsCache implements CheckoutOptionsSource {
  private readonly kept = new Map<string, Promise<unknown>>()
  private readonly dropListeners = new Set<() => void>()
  private readonly database: CheckoutOptionsSource

  constructor(db: Kysely<CommerceDB>) {
    this.database = uncachedCheckoutOptions(db)
  }

  /** Forget everything (a change notification, or a lost one: the listener's '*'). */
  invalidate(): void {
    this.kept.clear()
    for (const listener of this.dropListeners) listener()
  }

  /** Calls `listener` after each invalidation (tests await the database's notification). */
  onInvalidated(listener: () => void): () => void {
    this.dropListeners.add(listener)
    return () => this.dropListeners.delete(listener)
  }

  shipping(market: MarketAlias, language: LocaleCode): Promise<ShippingChoice[]> {
    return this.keep(`shipping ${market} ${language}`, () => this.database.shipping(market, language))
  }

  payment(market: MarketAlias, language: LocaleCode): Promise<PaymentChoice[]> {
    return this.keep(`payment ${market} ${language}`, () => this.database.payment(market, language))
  }

  zipRules(market: MarketAlias): Promise<ZipRule[]> {
    return this.keep(`zip ${market}`, () => this.database.zipRules(market))
  }

  private keep<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key) as Promise<T> | undefined
    if (kept) return kept
    const loading = load()
    // an invalidation while it loads has already dropped it (clear), so it is never kept stale
    this.kept.set(key, loading)
    loading.catch(() => {
      if (this.kept.get(key) === loading) this.kept.delete(key)
    })
    return loading
  }
}

/** A cache that follows the database's notifications; stop it with the returned function. */
export async function followCheckoutOptions(
  database: Database,
  db: Kysely<CommerceDB>,
): Promise<{ cache: CheckoutOptionsCache; stop: () => Promise<void> }> {
  const cache = new CheckoutOptionsCache(db)
  const stop = await database.listen(CHECKOUT_OPTIONS_CHANNEL, () => cache.invalidate())
  // anything read before listening began may already be stale
  cache.invalidate()
  return { cache, stop }
}
