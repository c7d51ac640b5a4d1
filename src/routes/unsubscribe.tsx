/**
 * Unsubscribing (/newsletter/unsubscribe?token=…, the link at the end of every newsletter and
 * back-in-stock mail, also the mail's List-Unsubscribe): the token says which list and address.
 */
import { MailLinkResult } from '../features/newsletter/MailLinkResult'
import { messageMeta } from '../ui/page-meta'
import '../features/account/account.css'

export const meta = messageMeta({ title: 'page.unsubscribe.title', noindex: true })

export function Component() {
  return <MailLinkResult action="unsubscribe" title="page.unsubscribe.title" />
}
