/** The shared view of the product list pages (category, brand, campaign, generic list) before their products load. */
import { useIntl, type IntlShape } from 'react-intl'
import type { Params } from 'react-router'
import { aliasFromParams } from '../lib/paths'
import type { PageMeta } from '../app/route-types'
import { InfoPage, SHOP_LINKS, nameFromAlias } from './InfoPage'

export interface ListTexts {
  /** message id of the generic title (a list without an alias) */
  title: string
  /** message id of the introduction, with {name} */
  intro: string
}

function listTexts(intl: IntlShape, texts: ListTexts, params: Params) {
  const title = nameFromAlias(aliasFromParams(params)) ?? intl.formatMessage({ id: texts.title })
  return { title, intro: intl.formatMessage({ id: texts.intro }, { name: title }) }
}

export function listPageMeta(texts: ListTexts): PageMeta<unknown> {
  return ({ intl, params }) => {
    const { title, intro } = listTexts(intl, texts, params)
    return { title, description: intro }
  }
}

export function ListPage({ texts, params }: { texts: ListTexts; params: Params }) {
  const intl = useIntl()
  const { title, intro } = listTexts(intl, texts, params)
  return <InfoPage title={title} intro={intro} links={SHOP_LINKS} />
}
