/**
 * The order-confirmation and password-reset e-mails: plain text and HTML in the order's (the
 * account's) language, every value from the order or account escaped in the HTML. Texts are the `mail.*` keys of locales/{language}.json.
 */
import { escapeHtml } from '../../../src/shared/html'
import { mailTextKey, type NoticeMailPayload } from '../../contracts/mail'
import type { CurrencyCode } from '../../../src/shared/markets'
import { formatMoney } from '../../../src/shared/money'
import { presentOrderMoney, type OrderMoney } from '../../../src/shared/order-money'
import { LANGUAGE_ISO as ISO, localeTexts, type ServiceLanguage } from '../shared/locale-texts'

export type MailLanguage = ServiceLanguage

export function mailMessages(language: MailLanguage): Record<string, string> {
  return localeTexts(language, 'mail.')
}

export interface MailAddress {
  firstName?: string
  lastName?: string
  company?: string
  careOf?: string
  addressLine1?: string
  addressLine2?: string
  zip?: string
  city?: string
  country?: string
}

export interface OrderMail {
  orderNumber: string
  language: MailLanguage
  currency: CurrencyCode
  email: string
  firstName: string
  /** The lines at the prices the cart showed (campaign prices; the code's discount is a money row). */
  rows: { name: string; brand: string; size: string; quantity: number; totalIncVat: number }[]
  /** The order's money, presented as the checkout and the confirmation page present it. */
  money: OrderMoney
  shippingMethod: string
  paymentMethod: string
  shippingAddress: MailAddress
  /** the shop's address for links (PUBLIC_URL) */
  shopUrl: string
  /** the market's return window in days (the `{days}` of the returns paragraph) */
  returnWindowDays: number
}

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

/** The most characters of one shopper-typed value (a name, an address line) a confirmation carries. */
export const MAIL_FIELD_MAX = 60
/** A link, a domain or an e-mail address: text a mail program would make clickable. */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|@|[a-z0-9-]+\.[a-z]{2,}\b/i

/**
 * What a confirmation shows of a value the shopper typed (docs/adr/0025-order-abuse-and-outbox.md):
 * anyone may place an order with anyone's e-mail address, so the mail must not carry a
 * sender's message. One line, at most `max` characters, and nothing that reads as a link: such a
 * value is left out (the order keeps it; the mail does not need it).
 */
export function shopperText(value: string | null | undefined, max = MAIL_FIELD_MAX): string {
  const line = (value ?? '')
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (LINK_LIKE.test(line)) return ''
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}

function addressLines(address: MailAddress): string[] {
  const t = (value: string | undefined) => shopperText(value)
  const careOf = t(address.careOf)
  return [
    [t(address.firstName), t(address.lastName)].filter(Boolean).join(' '),
    t(address.company),
    careOf ? `c/o ${careOf}` : '',
    t(address.addressLine1),
    t(address.addressLine2),
    [t(address.zip), t(address.city)].filter(Boolean).join(' '),
    t(address.country),
  ].filter((line) => line.length > 0)
}

/**
 * The money rows as label and amount (src/shared/order-money.ts: the same rows as the checkout and
 * the confirmation page, with the same `money.*` texts), then the campaign savings and the VAT.
 */
export function moneyRowTexts(
  orderMoney: OrderMoney,
  language: MailLanguage,
  money: (minor: number) => string,
): [string, string][] {
  const texts = localeTexts(language, 'money.')
  const fill = (id: string, values: Record<string, string> = {}) =>
    (texts[id] ?? id).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  const presented = presentOrderMoney(orderMoney)
  const rows: [string, string][] = presented.rows.map((row) => [
    fill(`money.row.${row.kind}`, { code: row.code ?? '' }).trim(),
    row.kind === 'shipping' && row.amount === 0
      ? fill('money.free')
      : row.amount < 0
        ? `−${money(-row.amount)}`
        : money(row.amount),
  ])
  if (presented.campaignSavings > 0)
    rows.push([fill('money.campaignSavings', { amount: money(presented.campaignSavings) }), ''])
  rows.push([
    fill(presented.vatIncluded ? 'money.vatIncluded' : 'money.vatExcluded', { amount: money(presented.vat) }),
    '',
  ])
  return rows
}

/** The `mail.*` texts of a language with `{name}` placeholders filled in. */
function translator(language: MailLanguage) {
  const messages = mailMessages(language)
  return (id: string, values: Record<string, string> = {}) =>
    (messages[id] ?? id).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

export function renderOrderConfirmation(order: OrderMail): RenderedMail {
  const t = translator(order.language)
  const money = (minor: number) => formatMoney(minor, order.currency, ISO[order.language])
  const subject = t('mail.orderConfirmation.subject', { number: order.orderNumber })
  const name = shopperText(order.firstName, 40)
  const greeting = name
    ? t('mail.orderConfirmation.greeting', { name })
    : t('mail.orderConfirmation.greetingAnonymous')
  const intro = t('mail.orderConfirmation.intro', { number: order.orderNumber })
  const totals = moneyRowTexts(order.money, order.language, money)
  const address = addressLines(order.shippingAddress)
  const rowText = (row: OrderMail['rows'][number]) =>
    `${row.quantity} × ${row.brand} ${row.name} (${t('mail.orderConfirmation.size')} ${row.size})  ${money(row.totalIncVat)}`

  const text = [
    greeting,
    '',
    intro,
    '',
    `${t('mail.orderConfirmation.orderNumber')}: ${order.orderNumber}`,
    '',
    ...order.rows.map(rowText),
    '',
    ...totals.map(([label, value]) => (value ? `${label}: ${value}` : label)),
    '',
    `${t('mail.orderConfirmation.shippingMethod')}: ${order.shippingMethod}`,
    `${t('mail.orderConfirmation.paymentMethod')}: ${order.paymentMethod}`,
    '',
    `${t('mail.orderConfirmation.deliveryAddress')}:`,
    ...address,
    '',
    t('mail.orderConfirmation.returns', { days: String(order.returnWindowDays) }),
    t('mail.orderConfirmation.signature'),
    order.shopUrl,
    '',
  ].join('\n')

  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${order.language}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">
<h1 style="font-size:22px">${e(greeting)}</h1>
<p>${e(intro)}</p>
<p><strong>${e(t('mail.orderConfirmation.orderNumber'))}:</strong> ${e(order.orderNumber)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse">
${order.rows
  .map(
    (row) =>
      `<tr><td style="padding:4px 0">${row.quantity} × ${e(row.brand)} ${e(row.name)}<br><small>${e(
        t('mail.orderConfirmation.size'),
      )} ${e(row.size)}</small></td><td style="text-align:right">${e(money(row.totalIncVat))}</td></tr>`,
  )
  .join('\n')}
</table>
<table role="presentation" style="width:100%;border-collapse:collapse;margin-top:12px;border-top:1px solid #ccc">
${totals.map(([label, value]) => (value ? `<tr><td>${e(label)}</td><td style="text-align:right">${e(value)}</td></tr>` : `<tr><td colspan="2" style="color:#655a52;font-size:13px">${e(label)}</td></tr>`)).join('\n')}
</table>
<p><strong>${e(t('mail.orderConfirmation.shippingMethod'))}:</strong> ${e(order.shippingMethod)}<br>
<strong>${e(t('mail.orderConfirmation.paymentMethod'))}:</strong> ${e(order.paymentMethod)}</p>
<p><strong>${e(t('mail.orderConfirmation.deliveryAddress'))}:</strong><br>${address.map(e).join('<br>')}</p>
<p>${e(t('mail.orderConfirmation.returns', { days: String(order.returnWindowDays) }))}</p>
<p>${e(t('mail.orderConfirmation.signature'))}<br><a href="${e(order.shopUrl)}">${e(order.shopUrl)}</a></p>
</body>
</html>
`
  return { subject, text, html }
}

export interface NoticeMail {
  /** the mail's kind: its texts are the mail.{kind in camelCase}.* keys (server/contracts/mail.ts) */
  kind: string
  language: MailLanguage
  payload: NoticeMailPayload
  shopUrl: string
}

/**
 * Every mail but the order confirmation: a greeting, the intro, listed lines, a button, closing
 * paragraphs, the signature and, for a subscription, its unsubscribe link. Every value is escaped
 * in the HTML; a missing required text is an error (the row fails and the operator sees why).
 */
export function renderNoticeMail({ kind, language, payload, shopUrl }: NoticeMail): RenderedMail {
  const messages = mailMessages(language)
  const prefix = `mail.${mailTextKey(kind)}.`
  const params = payload.params ?? {}
  const fill = (text: string, values: Record<string, string>) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
  const optional = (id: string, fallback?: string): string | undefined => {
    const text = messages[prefix + id] ?? (fallback ? messages[fallback] : undefined)
    return text === undefined ? undefined : fill(text, { ...params, name: payload.firstName ?? '' })
  }
  const required = (id: string): string => {
    const text = optional(id)
    if (text === undefined) throw new Error(`no text ${prefix}${id} in ${language}`)
    return text
  }
  const subject = required('subject')
  const greeting = payload.firstName
    ? optional('greeting', 'mail.common.greeting')
    : optional('greetingAnonymous', 'mail.common.greetingAnonymous')
  const intro = required('intro')
  const lines = payload.lines ?? []
  const action = payload.actionUrl ? { label: required('action'), url: payload.actionUrl } : undefined
  const outro = (optional('outro') ?? '').split(/\n\s*\n/).filter((paragraph) => paragraph.trim())
  const signature = messages['mail.orderConfirmation.signature'] ?? ''
  const unsubscribe = payload.unsubscribeUrl
    ? { label: messages['mail.common.unsubscribe'] ?? '', url: payload.unsubscribeUrl }
    : undefined

  const text = [
    ...(greeting ? [greeting, ''] : []),
    intro,
    '',
    ...(lines.length > 0 ? [...lines, ''] : []),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...outro.flatMap((paragraph) => [paragraph, '']),
    signature,
    shopUrl,
    '',
    ...(unsubscribe ? [`${unsubscribe.label}: ${unsubscribe.url}`, ''] : []),
  ].join('\n')
  const e = escapeHtml
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:16px">
${greeting ? `<h1 style="font-size:22px">${e(greeting)}</h1>\n` : ''}<p>${e(intro)}</p>
${lines.length > 0 ? `<ul>${lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>\n` : ''}${
    action
      ? `<p><a href="${e(action.url)}" style="display:inline-block;padding:12px 20px;background:#222;color:#fff;text-decoration:none">${e(action.label)}</a></p>
<p style="word-break:break-all"><small>${e(action.url)}</small></p>\n`
      : ''
  }${outro.map((paragraph) => `<p>${e(paragraph)}</p>`).join('\n')}
<p>${e(signature)}<br><a href="${e(shopUrl)}">${e(shopUrl)}</a></p>
${unsubscribe ? `<p><small><a href="${e(unsubscribe.url)}">${e(unsubscribe.label)}</a></small></p>\n` : ''}</body>
</html>
`
  return { subject, text, html }
}
