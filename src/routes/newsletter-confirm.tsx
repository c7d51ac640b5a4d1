/**
 * The newsletter's double opt-in (/newsletter/confirm?token=…, the link of the newsletter-confirm
 * mail): confirms the subscription; the welcome mail with the first-purchase code follows.
 */
import { MailLinkResult } from '../features/newsletter/MailLinkResult'
import { messageMeta } from '../ui/page-meta'
import '../features/account/account.css'

export const meta = messageMeta({ title: 'page.newsletterConfirm.title', noindex: true })

export function Component() {
  return <MailLinkResult action="confirm" title="page.newsletterConfirm.title" />
}
