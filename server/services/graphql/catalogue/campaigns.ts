/**
 * runningCampaigns (Lumo extension): the discount campaigns running now with their product counts
 * in the request's market and language, for the home page's hero. One statement: the running
 * campaigns (a handful of rows) each count their listing rows through the GIN index on
 * product_listing.campaign_ids, instead of the catalogue's whole facet computation.
 */
import { sql, type Kysely } from 'kysely'
import type { DB } from '../../../db/schema'
import type { GraphQLContext, RequestScope } from '../context'
import type { ResolverModule } from '../resolver-types'
import { scopeFromArgs, type ScopeArgs } from '../scope'
import { campaignUrl } from './products'

/**
 * Whether the campaign `dc` runs now. Decided at read time (the listing table holds every
 * campaign a product is in); the page cache expires pages at the next boundary.
 */
export const campaignRunsNow = sql<boolean>`(dc.active_from IS NULL OR dc.active_from <= now())
  AND (dc.active_to IS NULL OR dc.active_to > now())`

export interface RunningCampaign {
  campaignId: number
  name: string
  alias: string | null
  canonicalUrl: string | null
  count: number
}

/** The campaigns' own order (sort_order, then name), as the Campaign facet lists them. */
export async function selectRunningCampaigns(
  db: Kysely<DB>,
  scope: RequestScope,
): Promise<RunningCampaign[]> {
  const { rows } = await sql<{
    campaign_id: number
    name: string
    alias: string | null
    sort_order: number
    n: number
  }>`
    SELECT dc.campaign_id, COALESCE(dct.name, dc.name) AS name, dct.alias, dc.sort_order, counted.n
    FROM discount_campaigns dc
    LEFT JOIN discount_campaign_texts dct ON dct.campaign_id = dc.campaign_id AND dct.language = ${scope.language}
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS n FROM product_listing l
      WHERE l.campaign_ids @> ARRAY[dc.campaign_id]
        AND l.market_alias = ${scope.market.alias}
        AND l.languages @> ARRAY[${scope.language}]::text[]
    ) counted
    WHERE ${campaignRunsNow} AND counted.n > 0`.execute(db)
  return rows
    .sort((a, b) => a.sort_order - b.sort_order || a.name.localeCompare(b.name, scope.language))
    .map((row) => ({
      campaignId: row.campaign_id,
      name: row.name,
      alias: row.alias,
      canonicalUrl: row.alias ? campaignUrl(row.alias) : null,
      count: row.n,
    }))
}

export const campaignResolvers: ResolverModule = {
  Query: {
    runningCampaigns: async (_parent: unknown, args: ScopeArgs, ctx: GraphQLContext) =>
      selectRunningCampaigns(ctx.db, await scopeFromArgs(ctx, args)),
  },
}
