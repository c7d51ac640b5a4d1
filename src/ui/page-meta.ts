/** Page meta (title and description) made from messages, for pages whose texts are all in locales/. */
import type { PageMeta, PageMetaResult } from '../app/route-types'

type Values = Record<string, string | number>

export interface MessageMetaOptions {
  title: string
  description?: string
  values?: Values
  noindex?: boolean
}

export function messageMeta<T = unknown>({
  title,
  description,
  values,
  noindex,
}: MessageMetaOptions): PageMeta<T> {
  return ({ intl }) => {
    const result: PageMetaResult = { title: intl.formatMessage({ id: title }, values) }
    if (description) result.description = intl.formatMessage({ id: description }, values)
    if (noindex) result.noindex = true
    return result
  }
}
