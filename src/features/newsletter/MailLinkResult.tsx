/**
 * The page behind a link in a newsletter or back-in-stock mail (docs/adr/0031-stock-mails.md):
 * sends the link's token to the commerce API once, after hydration, and says what happened in the
 * shopper's language. Running it in the browser, not on the server, keeps mail scanners that
 * fetch links without running scripts from confirming or unsubscribing for the reader.
 */
import { useEffect, useRef, useState } from 'react'

import { useIntl } from 'react-intl'

import { useSearchParams } from 'react-router'

import { useGetApollo } from '../../app/apollo-access'

import { runMutation } from '../../app/graphql'

import { RouteLink } from '../../ui/RouteLink'

import confirmMutation from '../../graphql/operations/mail-link-confirm-newsletter'
import unsubscribeMutation from '../../graphql/operations/mail-link-unsubscribe'
import type { MailLinkOutcome, MailListKind } from '../../graphql/generated'

export type MailLinkAction = 'confirm' | 'unsubscribe'
type Shown = { outcome: MailLinkOutcome; list: MailListKind | null } | 'working' | 'failed'

async function follow(
  apollo: Parameters<typeof runMutation>[0],
  action: MailLinkAction,
  token: string,
): Promise<{ outcome: MailLinkOutcome; list: MailListKind | null }> {
  if (action === 'confirm') {
    const data = await runMutation(apollo, confirmMutation, { token })
    const result = data.confirmNewsletterSubscription
    return result
      ? { outcome: result.outcome, list: result.list ?? null }
      : { outcome: 'INVALID', list: null }
  }
  const data = await runMutation(apollo, unsubscribeMutation, { token })
  const result = data.unsubscribeFromMails
  return result ? { outcome: result.outcome, list: result.list ?? null } : { outcome: 'INVALID', list: null }
}

/** The message id for what following the link did. */
export function mailLinkMessage(action: MailLinkAction, shown: Exclude<Shown, 'working' | 'failed'>): string {
  if (action === 'confirm') {
    if (shown.outcome === 'DONE') return 'mailLink.confirm.done'
    if (shown.outcome === 'ALREADY_DONE') return 'mailLink.confirm.already'
    if (shown.outcome === 'EXPIRED') return 'mailLink.confirm.expired'
    return 'mailLink.confirm.invalid'
  }
  if (shown.outcome === 'INVALID' || shown.outcome === 'EXPIRED') return 'mailLink.unsubscribe.invalid'
  if (shown.list === 'BACK_IN_STOCK') return 'mailLink.unsubscribe.backInStock'
  return shown.outcome === 'ALREADY_DONE' ? 'mailLink.unsubscribe.already' : 'mailLink.unsubscribe.newsletter'
}

export function MailLinkResult({ action, title }: { action: MailLinkAction; title: string }) {
  const intl = useIntl()
  const getApollo = useGetApollo()
  const [search] = useSearchParams()
  const token = search.get('token')?.trim() ?? ''
  const [shown, setShown] = useState<Shown>('working')
  // one request per token, also when React runs the effect twice in development
  const sent = useRef<string | null>(null)

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    if (!token) {
      setShown({ outcome: 'INVALID', list: null })
      return
    }
    setShown('working')
    void (async () => {
      try {
        setShown(await follow(await getApollo(), action, token))
      } catch (error) {
        console.error('Could not follow the mail link', error)
        setShown('failed')
      }
    })()
  }, [action, getApollo, token])

  const text =
    shown === 'working'
      ? intl.formatMessage({ id: 'mailLink.working' })
      : shown === 'failed'
        ? intl.formatMessage({ id: 'error.generic.text' })
        : intl.formatMessage({ id: mailLinkMessage(action, shown) })
  const settled = shown !== 'working'
  return (
    <article className="account-guest mail-link">
      <h1>{intl.formatMessage({ id: title })}</h1>
      <p role="status" className="notice" aria-busy={!settled} data-state={settled ? 'settled' : 'working'}>
        {text}
      </p>
      <p>
        <RouteLink to="home">{intl.formatMessage({ id: 'mailLink.home' })}</RouteLink>
      </p>
    </article>
  )
}
