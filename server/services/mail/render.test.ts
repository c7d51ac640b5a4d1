import { describe, expect, it } from 'vitest'
import {
  MAIL_FIELD_MAX,
  renderOrderConfirmation,
  renderNoticeMail,
  shopperText,
  type OrderMail,
} from './render'

const ORDER: OrderMail = {
  returnWindowDays: 14,
  orderNumber: '1042',
  language: 'fi',
  currency: 'EUR',
  email: 'anna@example.fi',
  firstName: 'Anna <script>',
  rows: [{ name: 'Musta "satiini" mekko', brand: 'Lumo & Co', size: 'M', quantity: 2, totalIncVat: 11990 }],
  money: {
    products: 11990,
    campaignSavings: 2000,
    codeDiscount: 1000,
    code: 'welcome15',
    shipping: 0,
    paymentFee: 0,
    balance: 0,
    total: 10990,
    vat: 2190,
    vatIncluded: true,
  },
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
    const text = mail.text.replace(/\u00a0/g, ' ')
    // the checkout's rows: campaign prices in the lines, the code's discount once, rows adding up
    expect(text).toContain(
      [
        'Tuotteet: 119,90 €',
        'Alennuskoodi WELCOME15: −10,00 €',
        'Toimitus: Maksuton',
        'Yhteensä: 109,90 €',
        'Säästät kampanjahinnoilla 20,00 €',
        'Sisältää ALV:n 21,90 €',
      ].join('\n'),
    )
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

describe('order e-mail money rows', () => {
  it('subtracts a gift card after the total and tells what was left to pay, in the order language', () => {
    const mail = renderOrderConfirmation({
      ...ORDER,
      language: 'sv',
      currency: 'SEK',
      money: {
        ...ORDER.money,
        code: 'BONUS-1',
        shipping: 4900,
        total: 115890,
        products: 112000,
        codeDiscount: 1010,
        balance: 50000,
      },
    })
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain(
      [
        'Varor: 1 120,00 kr',
        'Bonuscheck BONUS-1: −10,10 kr',
        'Frakt: 49,00 kr',
        'Totalt: 1 158,90 kr',
        'Presentkort och saldo: −500,00 kr',
        'Att betala: 658,90 kr',
      ].join('\n'),
    )
  })
})

describe('password-reset e-mail', () => {
  const RESET_URL = 'https://lumo.example/fi/account/reset-password?key=abc_DEF-123&x="1"'
  const RESET = {
    kind: 'password-reset',
    language: 'fi' as const,
    payload: { firstName: 'Anna <b>', actionUrl: RESET_URL },
    shopUrl: 'https://lumo.example',
  }

  it('carries the link in text and HTML, escaped, with the one-hour rule', () => {
    const mail = renderNoticeMail(RESET)
    expect(mail.subject).toBe('Salasanan vaihtaminen – Lumo')
    expect(mail.text).toContain('Hei Anna <b>,')
    expect(mail.text).toContain(`\n${RESET_URL}\n`)
    expect(mail.text).toContain('Linkki on voimassa tunnin')
    expect(mail.html).toContain('Hei Anna &lt;b&gt;,')
    expect(mail.html).toContain(
      'href="https://lumo.example/fi/account/reset-password?key=abc_DEF-123&amp;x=&quot;1&quot;"',
    )
    expect(mail.html).not.toContain('<b>')
  })

  it('is written in each of the four languages, greeting without a name when there is none', () => {
    const subjects = (['fi', 'sv', 'nb', 'da'] as const).map(
      (language) => renderNoticeMail({ ...RESET, language }).subject,
    )
    expect(new Set(subjects).size).toBe(4)
    expect(renderNoticeMail({ ...RESET, language: 'sv', payload: { actionUrl: RESET_URL } }).text).toMatch(
      /^Hej,\n/,
    )
  })
})

describe('notice e-mails (server/contracts/mail.ts)', () => {
  it('lists lines, fills placeholders, escapes them, and ends with the unsubscribe link', () => {
    const mail = renderNoticeMail({
      kind: 'password-reset',
      language: 'da',
      payload: { lines: ['2 × <Kjole>'], unsubscribeUrl: 'https://lumo.example/u?t=1&x=2' },
      shopUrl: 'https://lumo.example',
    })
    expect(mail.text).toMatch(/^Hej,\n/)
    expect(mail.text).toContain('\n2 × <Kjole>\n')
    expect(mail.text.trimEnd()).toMatch(/Afmeld: https:\/\/lumo\.example\/u\?t=1&x=2$/)
    expect(mail.html).toContain('<li>2 × &lt;Kjole&gt;</li>')
    expect(mail.html).toContain('href="https://lumo.example/u?t=1&amp;x=2"')
  })

  it('refuses a kind without texts rather than sending an empty mail', () => {
    expect(() =>
      renderNoticeMail({
        kind: 'no-such-kind',
        language: 'fi',
        payload: {},
        shopUrl: 'https://lumo.example',
      }),
    ).toThrow(/mail\.noSuchKind\.subject/)
  })
})
