/**
 * Shipping and payment options offered at checkout: shipping per market minus the options a zip
 * range does not deliver to; payment per market minus the kinds the customer's member type blocks.
 */
import type { Kysely } from 'kysely'
import type { MarketAlias } from '../../../../src/shared/markets'
import type { PaymentKind } from '../../../db/schema'
import type { CommerceDB } from '../cart/db'
import type { PaymentChoice, ShippingChoice } from '../cart/load'

/** Digits only: '00 100' and '00100' are the same zip. */
export function normaliseZip(zip: string | null | undefined): string {
  return (zip ?? '').replace(/\s+/g, '')
}

export interface ZipRule {
  shippingOptionId: number | null
  zipFrom: string
  zipTo: string
}

/** Whether a no-delivery rule covers the zip (compared as equal-length digit strings). */
export function zipRuleMatches(rule: ZipRule, zip: string): boolean {
  if (!/^\d+$/.test(zip) || zip.length !== rule.zipFrom.length) return false
  return zip >= rule.zipFrom && zip <= rule.zipTo
}

export function deliverableOptions(
  options: ShippingChoice[],
  rules: ZipRule[],
  zip: string,
): ShippingChoice[] {
  if (!zip) return options
  const matching = rules.filter((rule) => zipRuleMatches(rule, zip))
  if (matching.some((rule) => rule.shippingOptionId === null)) return []
  const excluded = new Set(matching.map((rule) => rule.shippingOptionId))
  return options.filter((option) => !excluded.has(option.id))
}

export async function loadZipRules(db: Kysely<CommerceDB>, market: MarketAlias): Promise<ZipRule[]> {
  const rows = await db
    .selectFrom('shipping_zip_rules')
    .select(['shipping_option_id', 'zip_from', 'zip_to'])
    .where('market_alias', '=', market)
    .where('rule', '=', 'no_delivery')
    .execute()
  return rows.map((row) => ({
    shippingOptionId: row.shipping_option_id,
    zipFrom: row.zip_from,
    zipTo: row.zip_to,
  }))
}

export function allowedPayments(options: PaymentChoice[], blocked: readonly PaymentKind[]): PaymentChoice[] {
  return options.filter((option) => !blocked.includes(option.kind))
}

/** Marks the wanted option selected (or the default when the wanted one is not offered). */
export function markSelected<T extends { id: number; isDefault: boolean; isSelected: boolean }>(
  options: T[],
  wantedId: number | null | undefined,
): T[] {
  const selectedId =
    options.find((o) => o.id === wantedId)?.id ?? options.find((o) => o.isDefault)?.id ?? options[0]?.id
  return options.map((option) => ({ ...option, isSelected: option.id === selectedId }))
}
