/** Brands index (docs/product-rules.md#catalogue-and-lists): every brand of the range, by initial letter, each linking to its list. */
import { useIntl } from 'react-intl'

import { useLoaderData } from 'react-router'

import type { PageLoader, PageMeta } from '../app/route-types'

import { runQuery } from '../app/graphql'

import { LOCALES } from '../shared/markets'

import { RouteLink } from '../ui/RouteLink'

import listBrandsQuery from '../graphql/operations/list-brands'
import type { ListBrandsQuery } from '../graphql/generated'
import type { ListItem } from '../graphql/list-items'

import '../features/list/list.css'

type Brand = ListItem<ListBrandsQuery['brands']>

export interface BrandsPageData {
  groups: { letter: string; brands: { brandId: number; alias: string; name: string }[] }[]
}

/** Brands with an alias and a name, sorted in the page's language and grouped by initial. */
export function groupBrands(brands: readonly (Brand | null)[], iso: string): BrandsPageData['groups'] {
  const named = brands
    .filter((brand): brand is Brand & { alias: string; name: string } => Boolean(brand?.alias && brand.name))
    .map(({ brandId, alias, name }) => ({ brandId, alias, name }))
    .sort((a, b) => a.name.localeCompare(b.name, iso))
  const groups: BrandsPageData['groups'] = []
  for (const brand of named) {
    const initial = brand.name.charAt(0).toLocaleUpperCase(iso)
    const letter = /\p{L}/u.test(initial) ? initial : '#'
    const last = groups.at(-1)
    if (last?.letter === letter) last.brands.push(brand)
    else groups.push({ letter, brands: [brand] })
  }
  return groups
}

export const loader: PageLoader<BrandsPageData> = async ({ apollo, locale }) => {
  const data = await runQuery(apollo, listBrandsQuery)
  return { groups: groupBrands(data.brands ?? [], LOCALES[locale].iso) }
}

export const meta: PageMeta<BrandsPageData> = ({ intl }) => ({
  title: intl.formatMessage({ id: 'page.brands.title' }),
  description: intl.formatMessage({ id: 'page.brands.intro' }),
})

export function Component() {
  const intl = useIntl()
  const { groups } = useLoaderData() as BrandsPageData
  return (
    <article className="brands-page">
      <h1>{intl.formatMessage({ id: 'page.brands.title' })}</h1>
      <p className="page-intro">{intl.formatMessage({ id: 'page.brands.intro' })}</p>
      {groups.length === 0 ? (
        <p>{intl.formatMessage({ id: 'brands.empty' })}</p>
      ) : (
        <>
          <nav aria-label={intl.formatMessage({ id: 'brands.letters' })}>
            <ul className="brands-page__letters plain-list" role="list">
              {groups.map((group) => (
                <li key={group.letter}>
                  <a href={`#brands-${group.letter}`}>{group.letter}</a>
                </li>
              ))}
            </ul>
          </nav>
          {groups.map((group) => (
            <section
              key={group.letter}
              className="brands-page__group"
              aria-labelledby={`brands-${group.letter}`}
            >
              <h2 id={`brands-${group.letter}`}>{group.letter}</h2>
              <ul className="link-grid plain-list" role="list">
                {group.brands.map((brand) => (
                  <li key={brand.brandId}>
                    <RouteLink to="brand" params={{ '*': brand.alias }}>
                      {brand.name}
                    </RouteLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </article>
  )
}
