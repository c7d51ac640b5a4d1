import { describe, expect, it } from 'vitest'
import {
  MAIL_FIELD_MAX,
  renderOrderConfirmation,
  renderPasswordReset,
  shopperText,
  type OrderMail,
} from './render'

const ORDER: OrderMail = {
  orderNumber: '1042',
  language: 'fi',
  currency: 'EUR',
  email: 'anna@example.fi',
  firstName: 'Anna <script>',
  rows: [{ name: 'Musta "satiini" mekko', brand: 'Lumo & Co', size: 'M', quantity: 2, totalIncVat: 11990 }],
  itemValueIncVat: 10990,
  discountIncVat: 1000,
  shippingFeeIncVat: 0,
  paymentFeeIncVat: 0,
  fromBalance: 0,
  totalIncVat: 10990,
  vatTotal: 2190,
  shippingMethod: 'Posti',
  paymentMethod: 'Kortti',
  shippingAddress: {
    firstName: 'Anna',
    lastName: 'Virtanen',
    addressLine1: 'Katu 1',
    zip: '00100',
    city: 'Helsinki',
  },
  shopUrl: 'https://lumo.example',
}

describe('order confirmation e-mail', () => {
  it('is written in the order language with the order totals', () => {
    const mail = renderOrderConfirmation(ORDER)
    expect(mail.subject).toBe('Tilausvahvistus – tilaus 1042')
    expect(mail.text).toContain('Hei Anna <script>,')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Alennus: −10,00 €')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Yhteensä: 109,90 €')
    expect(mail.text).toContain('Anna Virtanen\nKatu 1\n00100 Helsinki')
    expect(renderOrderConfirmation({ ...ORDER, language: 'da', currency: 'DKK' }).subject).toBe(
      'Ordrebekræftelse – ordre 1042',
    )
  })

  it('carries no sender text: names and address lines one line each, capped, nothing that reads as a link (issue #15, finding 6)', () => {
    const spam = renderOrderConfirmation({
      ...ORDER,
      firstName: 'Cheap pills at https://spam.example',
      shippingAddress: {
        firstName: 'Anna\n\nVisit www.spam.example',
        lastName: 'x'.repeat(100),
        company: 'mail me: spam@spam.example',
        addressLine1: 'Katu 1',
        city: 'spam.example/offer',
      },
    })
    for (const part of [spam.text, spam.html]) {
      expect(part).not.toMatch(/spam|Cheap pills|Visit/)
      expect(part).not.toContain('x'.repeat(MAIL_FIELD_MAX))
    }
    expect(spam.text).toContain('Hei,\n')
    expect(spam.text).toContain(`${'x'.repeat(MAIL_FIELD_MAX - 1)}…\nKatu 1`)
    expect(shopperText('  Anna\r\nMaria  ')).toBe('Anna Maria')
    expect(shopperText('Aleksanterinkatu 5 B 12')).toBe('Aleksanterinkatu 5 B 12')
  })

  it('escapes every value in the HTML part', () => {
    const { html } = renderOrderConfirmation(ORDER)
    expect(html).toContain('Hei Anna &lt;script&gt;,')
    expect(html).toContain('Lumo &amp; Co Musta &quot;satiini&quot; mekko')
    expect(html).not.toContain('<script>')
    expect(html).toContain('<html lang="fi">')
  })
})

describe('password-reset e-mail', () => {
  const RESET = {
    language: 'fi' as const,
    firstName: 'Anna <b>',
    resetUrl: 'https://lumo.example/fi/account/reset-password?key=abc_DEF-123&x="1"',
    shopUrl: 'https://lumo.example',
  }

  it('carries the link in text and HTML, escaped, with the one-hour rule', () => {
    const mail = renderPasswordReset(RESET)
    expect(mail.subject).toBe('Salasanan vaihtaminen – Lumo')
    expect(mail.text).toContain('Hei Anna <b>,')
    expect(mail.text).toContain(`\n${RESET.resetUrl}\n`)
    expect(mail.text).toContain('Linkki on voimassa tunnin')
    expect(mail.html).toContain('Hei Anna &lt;b&gt;,')
    expect(mail.html).toContain(
      'href="https://lumo.example/fi/account/reset-password?key=abc_DEF-123&amp;x=&quot;1&quot;"',
    )
    expect(mail.html).not.toContain('<b>')
  })

  it('is written in each of the four languages, greeting without a name when there is none', () => {
    const subjects = (['fi', 'sv', 'nb', 'da'] as const).map(
      (language) => renderPasswordReset({ ...RESET, language }).subject,
    )
    expect(new Set(subjects).size).toBe(4)
    expect(renderPasswordReset({ ...RESET, language: 'sv', firstName: null }).text).toMatch(/^Hej,\n/)
  })
})
