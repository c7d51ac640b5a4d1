import { describe, expect, it } from 'vitest'
import { heroCampaign } from '../home'

const campaign = (campaignId: number, name: string, alias: string | null, count: number) => ({
  campaignId,
  name,
  alias,
  count,
})

describe('heroCampaign', () => {
  it('takes the first running campaign with a list alias and products, in the order given', () => {
    expect(
      heroCampaign({
        runningCampaigns: [
          campaign(9, 'Tyhjä', 'tyhja', 0),
          campaign(4, 'Ilman tekstiä', null, 5),
          campaign(1, 'Kevätale', 'kevatale', 11),
          campaign(2, 'Juhlakausi', 'juhlakausi', 3),
        ],
      }),
    ).toEqual({ name: 'Kevätale', alias: 'kevatale', count: 11 })
  })

  it('gives none without running campaigns or usable ones', () => {
    expect(heroCampaign({ runningCampaigns: [] })).toBeNull()
    expect(heroCampaign({ runningCampaigns: [campaign(1, 'Ale', null, 5)] })).toBeNull()
  })
})
