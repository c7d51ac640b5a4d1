/**
 * A phone wallet's test page (ADR 0076), in the frame of the card page (page.ts: no script, its
 * own strict CSP, every value escaped). The page plays both the provider's web page and, since
 * this is a test provider, the shopper's app:
 *
 * - `phone` flow: the shopper gives a mobile number, the page "sends the payment request to the
 *   app" and then shows the app's request with Approve and Decline;
 * - `app-switch` flow: the page "opens the app on this device" (a link to the app step), which
 *   shows the same request.
 *
 * Every text is a `wallet.*` message of locales/, with the provider's brand as {brand}.
 */
import { escapeHtml } from '../../../src/shared/html'
import type { CurrencyCode } from '../../../src/shared/markets'
import type { PaymentFlow } from '../../../src/shared/payment-kinds'
import { formatAmount, frame, t, type PageBrand, type PageLanguage, type RenderedPage } from './page'

export type WalletStep = 'start' | 'app'

export interface WalletPageInput {
  language: PageLanguage
  brand: PageBrand
  flow: PaymentFlow
  step: WalletStep
  shopName: string
  amount: number
  currency: CurrencyCode
  /** where the forms post (this page's own path) */
  action: string
  cancelUrl: string | null
  returnOrigins: string[]
  /** the last digits of the phone the request went to (phone flow, app step) */
  phoneLastDigits?: string | null
  phoneValue?: string
  phoneError?: boolean
}

function startStep(input: WalletPageInput, values: Record<string, string>): string {
  const { language } = input
  if (input.flow === 'app-switch') {
    return `<p>${t(language, 'wallet.appSwitch.text', values)}</p>
<p><a class="open-app" href="${escapeHtml(`${input.action}?step=app`)}">${t(language, 'wallet.appSwitch.open', values)}</a></p>`
  }
  const invalid = input.phoneError ? ' aria-invalid="true" aria-describedby="phone-error"' : ''
  return `${input.phoneError ? `<p class="alert" role="alert">${t(language, 'wallet.error.phone', values)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}" novalidate>
<input type="hidden" name="action" value="request">
<label for="phone">${t(language, 'wallet.phone', values)}</label>
<input id="phone" name="phone" type="tel" autocomplete="tel" inputmode="tel" maxlength="20" value="${escapeHtml(input.phoneValue ?? '')}" required${invalid}>
${input.phoneError ? `<p class="error" id="phone-error">${t(language, 'wallet.error.phone', values)}</p>` : ''}
<button type="submit">${t(language, 'wallet.send', values)}</button>
</form>`
}

function appStep(input: WalletPageInput, values: Record<string, string>): string {
  const { language } = input
  const sent =
    input.flow === 'phone' && input.phoneLastDigits
      ? `<p role="status">${t(language, 'wallet.sent', { ...values, digits: input.phoneLastDigits })}</p>`
      : ''
  return `${sent}
<section class="app" aria-labelledby="app-title">
<h2 id="app-title">${t(language, 'wallet.app.title', values)}</h2>
<p class="note">${t(language, 'wallet.testMode', values)}</p>
<p>${t(language, 'wallet.app.request', values)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<button type="submit" name="action" value="approve">${t(language, 'wallet.approve', values)}</button>
<button type="submit" name="action" value="decline" class="secondary">${t(language, 'wallet.decline', values)}</button>
</form>
</section>
${input.flow === 'phone' ? `<p><a href="${escapeHtml(`${input.action}?step=start`)}">${t(language, 'wallet.changePhone', values)}</a></p>` : ''}`
}

export function renderWalletPage(input: WalletPageInput): RenderedPage {
  const { language } = input
  const amount = formatAmount(input.amount, input.currency, language)
  const values = { brand: input.brand.name, shop: input.shopName, amount }
  const title = t(language, 'wallet.title', values)
  const body = `<h1>${title}</h1>
<p class="amount">${t(language, 'lumopay.amount', { amount })}</p>
${input.step === 'app' ? appStep(input, values) : startStep(input, values)}
${input.cancelUrl ? `<p><a href="${escapeHtml(input.cancelUrl)}">${t(language, 'lumopay.back')}</a></p>` : ''}`
  return frame(language, title, body, input.returnOrigins, input.brand)
}
