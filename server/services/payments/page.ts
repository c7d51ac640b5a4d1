/**
 * The hosted payment page: the provider's own server-rendered HTML (not the shop's React app),
 * in the shopper's language, every dynamic value escaped, with its own strict CSP (no script at
 * all; one nonce'd style block; the form may post only here and to the shop's return pages).
 */
import { randomBytes } from 'node:crypto'
import type { CardError, CardField } from './cards'
import { TEST_CARDS } from './cards'
import { escapeHtml } from '../../../src/shared/html'
import type { CurrencyCode } from '../../../src/shared/markets'
import { formatMoney } from '../../../src/shared/money'
import { LANGUAGE_ISO, localeTexts, type ServiceLanguage } from '../shared/locale-texts'

export type PageLanguage = ServiceLanguage

/** The provider's texts are the `lumopay.*` keys of locales/{language}.json. */
export function pageMessages(language: PageLanguage): Record<string, string> {
  return localeTexts(language, 'lumopay.')
}

/** A message with its {placeholders} filled in, escaped for HTML. */
export function t(language: PageLanguage, id: string, values: Record<string, string> = {}): string {
  const template = pageMessages(language)[id] ?? localeTexts(language, 'wallet.')[id] ?? id
  return escapeHtml(template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole))
}

export function formatAmount(minor: number, currency: CurrencyCode, language: PageLanguage): string {
  return formatMoney(minor, currency, LANGUAGE_ISO[language])
}

function groupCard(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}

export interface RenderedPage {
  html: string
  csp: string
}

/** Whose page it is: the provider's name at the top and its colour on links and buttons. */
export interface PageBrand {
  name: string
  colour: string
}

const LUMOPAY_BRAND: PageBrand = { name: 'Lumopay', colour: '#3036a8' }

export function frame(
  language: PageLanguage,
  title: string,
  body: string,
  formOrigins: string[],
  brand: PageBrand = LUMOPAY_BRAND,
): RenderedPage {
  const nonce = randomBytes(16).toString('base64')
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    `form-action 'self' ${[...new Set(formOrigins)].join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ')
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style nonce="${nonce}">
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f8;color:#15172b}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin:0 0 .25rem}
.brand{font-weight:700;color:${brand.colour};letter-spacing:.04em}
.amount{font-size:1.6rem;font-weight:700;margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin-top:1rem}
input{display:block;width:100%;box-sizing:border-box;font-size:1.1rem;padding:.6rem;margin-top:.3rem;border:1px solid #767676;border-radius:.4rem}
input[aria-invalid=true]{border-color:#b00020;border-width:2px}
.row{display:flex;gap:1rem}.row>div{flex:1}
.error{color:#b00020;margin:.3rem 0 0}
.alert{border:2px solid #b00020;padding:.75rem;border-radius:.4rem;color:#b00020}
button{margin-top:1.5rem;width:100%;font-size:1.1rem;padding:.8rem;border:0;border-radius:.4rem;background:${brand.colour};color:#fff;font-weight:700;cursor:pointer}
button.secondary{background:#fff;color:#15172b;border:2px solid #15172b}
.app{border:2px solid ${brand.colour};border-radius:1rem;padding:1rem;margin-top:1.5rem}
.note{font-size:.9rem;color:#44475a}
table{border-collapse:collapse;font-size:.9rem}td,th{text-align:left;padding:.2rem .6rem .2rem 0}
a{color:${brand.colour}}
</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(brand.name)}</p>
${body}
</main>
</body>
</html>`
  return { html, csp }
}

export interface PaymentPageInput {
  language: PageLanguage
  shopName: string
  amount: number
  currency: CurrencyCode
  /** where the form posts (this page's own path) */
  action: string
  cancelUrl: string | null
  returnOrigins: string[]
  values?: { cardNumber?: string; expiry?: string }
  errors?: Partial<Record<CardField, CardError>>
}

const FIELD_LABELS: Record<CardField, string> = {
  cardNumber: 'lumopay.cardNumber',
  expiry: 'lumopay.expiry',
  cvc: 'lumopay.cvc',
}

function errorMessageId(field: CardField, error: CardError): string {
  if (error === 'unknownCard') return 'lumopay.error.unknownCard'
  return `lumopay.error.${field}`
}

export function renderPaymentPage(input: PaymentPageInput): RenderedPage {
  const { language } = input
  const errors = input.errors ?? {}
  const amount = formatAmount(input.amount, input.currency, language)
  const field = (name: CardField, attributes: string, value = '') => {
    const error = errors[name]
    const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    return `<label for="${name}">${t(language, FIELD_LABELS[name])}</label>
<input id="${name}" name="${name}" ${attributes} value="${escapeHtml(value)}" required${describedBy}>
${error ? `<p class="error" id="${name}-error">${t(language, errorMessageId(name, error))}</p>` : ''}`
  }
  const hasErrors = Object.keys(errors).length > 0
  const testCards = TEST_CARDS.map(
    (card) =>
      `<tr><td>${groupCard(card.number)}</td><td>${t(language, `lumopay.testCard.${card.outcome}`)}</td></tr>`,
  ).join('')
  const body = `<h1>${t(language, 'lumopay.title', { shop: input.shopName })}</h1>
<p class="amount">${t(language, 'lumopay.amount', { amount })}</p>
${hasErrors ? `<p class="alert" role="alert">${t(language, 'lumopay.error.summary')}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
${field('cardNumber', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"', input.values?.cardNumber)}
<div class="row"><div>
${field('expiry', 'type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', input.values?.expiry)}
</div><div>
${field('cvc', 'type="password" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
</div></div>
<button type="submit">${t(language, 'lumopay.pay', { amount })}</button>
</form>
<p class="note">${t(language, 'lumopay.secure')}</p>
${input.cancelUrl ? `<p><a href="${escapeHtml(input.cancelUrl)}">${t(language, 'lumopay.back')}</a></p>` : ''}
<section aria-labelledby="test-cards">
<h2 id="test-cards">${t(language, 'lumopay.testCards')}</h2>
<p class="note">${t(language, 'lumopay.testMode')}</p>
<table><thead><tr><th scope="col">${t(language, 'lumopay.cardNumber')}</th><th scope="col">${t(language, 'lumopay.testCards.outcome')}</th></tr></thead>
<tbody>${testCards}</tbody></table>
<p class="note">${t(language, 'lumopay.testCards.other')}</p>
</section>`
  return frame(language, t(language, 'lumopay.title', { shop: input.shopName }), body, input.returnOrigins)
}

export function renderMessagePage(
  language: PageLanguage,
  messageId: string,
  link: { href: string; label: string } | null,
  status: 'notFound' | 'closed',
  brand?: PageBrand,
): RenderedPage {
  const title = t(language, status === 'notFound' ? 'lumopay.notFound' : 'lumopay.closed')
  const body = `<h1>${title}</h1>
<p>${t(language, messageId)}</p>
${link ? `<p><a href="${escapeHtml(link.href)}">${t(language, link.label)}</a></p>` : ''}`
  return frame(language, title, body, [], brand)
}
