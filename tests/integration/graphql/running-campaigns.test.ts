/**
 * runningCampaigns (the home page's hero, issue #9 item 4) against the campaign facet it replaces:
 * on the seeded database both give the same campaigns, in the same order and with the same counts,
 * for every market and language, and a campaign that ends leaves both at once.
 */
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOCALES, MARKET_ALIASES, MARKETS } from '../../../src/shared/markets'
import { startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

interface Campaign {
  name: string
  url: string | null
  count: number
}

const FACET_QUERY = `query ($languageId: String, $marketId: String) {
  products(take: 1, languageId: $languageId, marketId: $marketId) {
    filters { facets { type values { label url count } } }
  }
}`

const DIRECT_QUERY = `query ($languageId: String, $marketId: String) {
  runningCampaigns(languageId: $languageId, marketId: $marketId) { campaignId name alias canonicalUrl count }
}`

const SCOPES = MARKET_ALIASES.flatMap((market) =>
  MARKETS[market].allowedLocales.map((locale) => ({ marketId: market, languageId: LOCALES[locale].iso })),
)

/** The hero as the home page chose it before: the first campaign with a /dc/ url and products. */
const heroOf = (campaigns: readonly Campaign[]) =>
  campaigns.find((campaign) => campaign.url?.startsWith('/dc/') && campaign.count > 0) ?? null

describeEachDatabase('runningCampaigns on %s', (kind) => {
  let api: CommerceApi

  beforeAll(async () => {
    api = await startCommerceApi(kind, 200)
  }, 240_000)

  afterAll(async () => {
    await api?.close()
  })

  async function viaFacets(scope: Record<string, string>): Promise<Campaign[]> {
    const response = await api.gql<{
      products: {
        filters: {
          facets: { type: string; values: { label: string; url: string | null; count: number }[] }[]
        }
      }
    }>(FACET_QUERY, scope)
    expect(response.errors).toBeUndefined()
    const facet = response.data?.products.filters.facets.find((candidate) => candidate.type === 'Campaign')
    return (facet?.values ?? []).map(({ label, url, count }) => ({ name: label, url, count }))
  }

  async function direct(scope: Record<string, string>) {
    const response = await api.gql<{
      runningCampaigns: {
        campaignId: number
        name: string
        alias: string | null
        canonicalUrl: string | null
        count: number
      }[]
    }>(DIRECT_QUERY, scope)
    expect(response.errors).toBeUndefined()
    return response.data?.runningCampaigns ?? []
  }

  const asFacetValues = (campaigns: Awaited<ReturnType<typeof direct>>): Campaign[] =>
    campaigns.map(({ name, canonicalUrl, count }) => ({ name, url: canonicalUrl, count }))

  it.each(SCOPES)('gives the facet path’s campaigns and hero in $marketId / $languageId', async (scope) => {
    const facets = await viaFacets(scope)
    const campaigns = await direct(scope)
    expect(asFacetValues(campaigns)).toEqual(facets)
    for (const campaign of campaigns) {
      expect(campaign.canonicalUrl).toBe(campaign.alias === null ? null : `/dc/${campaign.alias}`)
    }
    // the seed runs campaigns with products, so the hero is a campaign, not the fallback
    expect(heroOf(facets)).not.toBeNull()
    expect(heroOf(asFacetValues(campaigns))).toEqual(heroOf(facets))
  })

  it('drops a campaign the moment it ends, and shows it again when it is extended', async () => {
    const scope = { marketId: 'fi', languageId: 'fi-FI' }
    const [hero] = await direct(scope)
    expect(hero).toBeDefined()
    const { active_to: activeTo } = await api.db
      .selectFrom('discount_campaigns')
      .select('active_to')
      .where('campaign_id', '=', hero!.campaignId)
      .executeTakeFirstOrThrow()
    // The facet counts are kept in process until the database's notification of the change
    // arrives (at once on PGlite, a moment after the commit on PostgreSQL): wait for it.
    const dropped = new Promise<void>((resolve) => {
      const stop = api.app.catalogueCache.onInvalidated(() => {
        stop()
        resolve()
      })
    })
    await api.db
      .updateTable('discount_campaigns')
      .set({ active_to: sql<Date>`now() - interval '1 second'` })
      .where('campaign_id', '=', hero!.campaignId)
      .execute()
    await dropped
    try {
      const after = await direct(scope)
      expect(after.map((campaign) => campaign.campaignId)).not.toContain(hero!.campaignId)
      expect(asFacetValues(after)).toEqual(await viaFacets(scope))
    } finally {
      await api.db
        .updateTable('discount_campaigns')
        .set({ active_to: activeTo })
        .where('campaign_id', '=', hero!.campaignId)
        .execute()
    }
    expect((await direct(scope))[0]).toEqual(hero)
  })

  it('answers a market without a given language in the market’s default language', async () => {
    expect(await direct({ marketId: 'se' })).toEqual(await direct({ marketId: 'se', languageId: 'sv-SE' }))
  })
})
