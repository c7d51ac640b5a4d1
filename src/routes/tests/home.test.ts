import { describe, expect, it } from 'vitest'
import { heroCampaign } from '../home'

const facets = (values: unknown[]) => ({
  campaigns: {
    filters: {
      facets: [
        { type: 'Category', values: [] },
        { type: 'Campaign', values },
      ],
    },
  },
})

describe('heroCampaign', () => {
  it('takes the first running campaign with products, its alias from the list url', () => {
    expect(
      heroCampaign(
        facets([
          { facetId: 'dc_9', label: 'Tyhjä', url: '/dc/tyhja', count: 0 },
          { facetId: 'dc_1', label: 'Kevätale', url: '/dc/kevatale', count: 11 },
          { facetId: 'dc_2', label: 'Juhlakausi', url: '/dc/juhlakausi', count: 3 },
        ]) as never,
      ),
    ).toEqual({ name: 'Kevätale', alias: 'kevatale', count: 11 })
  })

  it('gives none without a campaign facet or usable values', () => {
    expect(heroCampaign({ campaigns: null })).toBeNull()
    expect(heroCampaign(facets([{ facetId: 'dc_1', label: 'Ale', url: null, count: 5 }]) as never)).toBeNull()
  })
})
