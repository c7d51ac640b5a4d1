/**
 * How a service has an e-mail sent (docs/adr/0025-order-abuse-and-outbox.md, ADR 0027): it
 * inserts a `mail_messages` row with status 'queued', a kind, the recipient, the language and a
 * NoticeMailPayload; the mail service renders and sends it at least once. The texts are the
 * `mail.{kind in camelCase}.*` keys of locales/{language}.json:
 *
 *   subject, intro                 required ({placeholders} from `params`)
 *   greeting / greetingAnonymous   optional; default mail.common.greeting(Anonymous)
 *   action                         the button's label, required when `actionUrl` is given
 *   outro                          optional; paragraphs separated by a blank line
 *
 * With `unsubscribeUrl` the mail ends with mail.common.unsubscribe and carries List-Unsubscribe.
 */
export const MAIL_KIND_PATTERN = /^[a-z][a-z0-9-]{1,40}$/

export interface NoticeMailPayload {
  firstName?: string | null
  /** values for the `{placeholders}` of the kind's texts (plain text; the HTML escapes them) */
  params?: Record<string, string>
  /** the button's link (an absolute URL) */
  actionUrl?: string
  /** lines listed after the intro, formatted in the mail's language (items, amounts, codes) */
  lines?: string[]
  /** a one-click unsubscribe link (an absolute URL) */
  unsubscribeUrl?: string
  /**
   * the shop's address the signature links to: the origin the shopper used when a request queued
   * the mail (ADR 0057); PUBLIC_URL when absent
   */
  shopUrl?: string
}

/** `back-in-stock` → `backInStock`: the kind's key segment in the locale files. */
export function mailTextKey(kind: string): string {
  return kind.replace(/-([a-z0-9])/g, (_whole, letter: string) => letter.toUpperCase())
}
