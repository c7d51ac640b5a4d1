/**
 * The content pages of the GraphQL API (Lumo extension: contentPage, contentPages) against a
 * real, seeded database: aliases of any language, answers in the request's language, kinds and
 * unpublished pages.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startCommerceApi, type CommerceApi } from './commerce-harness'
import { describeEachDatabase } from '../helpers/outside-servers'

const PAGE_FIELDS = 'key kind alias title body metaDescription alternativeAliases { language alias }'

interface Page {
  key: string
  kind: string
  alias: string
  title: string
  body: string
  metaDescription: string | null
  alternativeAliases: { language: string; alias: string }[]
}

describeEachDatabase('content pages on %s', (kind) => {
  let api: CommerceApi
  beforeAll(async () => {
    api = await startCommerceApi(kind, 10)
  })
  afterAll(async () => {
    await api?.close()
  })

  const page = (alias: string, variables: Record<string, unknown> = {}, kindArg = '') =>
    api.gql<{ contentPage: Page | null }>(
      `query ($alias: String!, $languageId: String, $marketId: String) {
        contentPage(alias: $alias, ${kindArg} languageId: $languageId, marketId: $marketId) { ${PAGE_FIELDS} }
      }`,
      { alias, ...variables },
    )

  it('answers an inspiration article in the request’s language with every language’s alias', async () => {
    const response = await page(
      'juhlakauden-asut',
      { languageId: 'sv-SE', marketId: 'se' },
      'kind: INSPIRATION',
    )
    expect(response.errors).toBeUndefined()
    expect(response.data?.contentPage).toMatchObject({
      key: 'inspiration-party',
      kind: 'INSPIRATION',
      alias: 'festsasongens-looks',
      title: 'Festsäsongens looks',
    })
    expect(response.data?.contentPage?.body).toContain('\n\n')
    expect(response.data?.contentPage?.alternativeAliases).toEqual(
      expect.arrayContaining([
        { language: 'fi', alias: 'juhlakauden-asut' },
        { language: 'da', alias: 'festsaesonens-looks' },
      ]),
    )
  })

  it('gives null for an unknown alias, another kind or an unpublished page', async () => {
    expect((await page('ei-ole-olemassa')).data?.contentPage).toBeNull()
    expect((await page('tietoa-meista', {}, 'kind: INSPIRATION')).data?.contentPage).toBeNull()
    expect((await page('tietoa-meista', {}, 'kind: PAGE')).data?.contentPage?.key).toBe('about')
    await sql`update content_pages set is_published = false where key = 'inspiration-beach'`.execute(api.db)
    try {
      expect((await page('rantakauden-suosikit')).data?.contentPage).toBeNull()
    } finally {
      await sql`update content_pages set is_published = true where key = 'inspiration-beach'`.execute(api.db)
    }
  })

  it('lists the published pages of a kind in their order', async () => {
    const response = await api.gql<{ contentPages: Page[] }>(
      `{ contentPages(kind: INSPIRATION, languageId: "nb-NO", marketId: "no") { key alias title } }`,
    )
    expect(response.data?.contentPages).toEqual([
      { key: 'inspiration-party', alias: 'festsesongens-antrekk', title: 'Festsesongens antrekk' },
      { key: 'inspiration-beach', alias: 'strandsesongens-favoritter', title: 'Strandsesongens favoritter' },
    ])
  })
})
