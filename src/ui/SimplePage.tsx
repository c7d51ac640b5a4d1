/**
 * A page module made of messages only: title, introduction and onward links. Pages whose data
 * and forms arrive with their own feature use it until then; the module keeps its own name
 * so the router's page chunk and meta stay the same when it grows.
 */
import { useIntl } from 'react-intl'
import type { PageMeta } from '../app/route-types'
import { messageMeta } from './page-meta'
import { InfoPage, type PageLink } from './InfoPage'

export interface SimplePageOptions {
  /** message ids */
  title: string
  intro: string
  values?: Record<string, string | number>
  links?: readonly PageLink[]
  noindex?: boolean
}

export function simplePage({ title, intro, values, links, noindex }: SimplePageOptions): {
  meta: PageMeta<unknown>
  Component: () => React.JSX.Element
} {
  function SimplePageComponent() {
    const intl = useIntl()
    return (
      <InfoPage
        title={intl.formatMessage({ id: title }, values)}
        intro={intl.formatMessage({ id: intro }, values)}
        links={links}
      />
    )
  }
  return { meta: messageMeta({ title, description: intro, values, noindex }), Component: SimplePageComponent }
}
