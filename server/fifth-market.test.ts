/**
 * Proof by a fifth market (issue 28, ADR 0077), server side: with Iceland added to the shop
 * definition's table by a fixture (and its messages in a locales folder of the test's own), the
 * seed writes its reference rows, shipping and payment options and shelf prices from the
 * definition, and the order mails speak its language, its krónur and its return window.
 * src/fifth-market.test.ts proves the storefront side.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'

vi.mock('../src/shared/shop-definition', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/shared/shop-definition')>()
  const { withIceland } = await import('../src/shared/fifth-market/test-fixtures')
  return { ...actual, SHOP_DATA: withIceland(actual.SHOP_DATA) }
})

// The fixture's messages: the shop's locales and an Icelandic file (Danish texts where it has none).
const root = vi.hoisted(() => ({ dir: '' }))
vi.mock('./repo-root', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./repo-root')>()
  const { ICELAND_MESSAGES } = await import('../src/shared/fifth-market/test-fixtures')
  root.dir = mkdtempSync(path.join(tmpdir(), 'lumo-fifth-market-'))
  cpSync(path.join(actual.REPO_ROOT, 'locales'), path.join(root.dir, 'locales'), { recursive: true })
  const { default: danish } = await import('../locales/da.json')
  writeFileSync(path.join(root.dir, 'locales', 'is.json'), JSON.stringify({ ...danish, ...ICELAND_MESSAGES }))
  return { ...actual, REPO_ROOT: root.dir }
})

const { marketRows, shippingAndPaymentRows } = await import('./db/seed/commerce')
const { discountedPrice, regularPrices } = await import('./db/seed/catalogue')
const { renderOrderConfirmation, renderNoticeMail } = await import('./services/mail/render')
const { PAYMENT_KIND_IDS, isInvoiced } = await import('../src/shared/payment-kinds')

afterAll(() => rmSync(root.dir, { recursive: true, force: true }))

const nbsp = /\u00a0|\u202f/g
const ICELAND = 'is' as never

describe('the seed of a fifth market', () => {
  it('writes its language, currency with no minor unit, market and return window', () => {
    const rows = marketRows()
    expect(rows.languages.find((row) => row.code === ICELAND)).toMatchObject({
      iso: 'is-IS',
      ts_config: 'simple',
    })
    expect(rows.currencies).toContainEqual({ code: 'ISK', minor_unit: 0 })
    expect(rows.markets.find((row) => row.alias === ICELAND)).toMatchObject({
      currency_code: 'ISK',
      currency_name: 'Íslensk króna',
      vat_rate_bp: 2400,
      default_language: 'is',
      min_order_value_inc_vat: 1500,
    })
    expect(rows.marketLanguages).toContainEqual({ market_alias: 'is', language: 'is', sort_order: 0 })
    expect(rows.returnWindows).toContainEqual({ market_alias: 'is', days: 30 })
  })

  it('offers its shipping options with its fees and threshold, and the payment kinds', () => {
    const { shipping, payment } = shippingAndPaymentRows()
    const icelandic = shipping.filter((row) => row.market_alias === ICELAND)
    expect(icelandic.map((row) => [row.name, row.fee_inc_vat, row.free_shipping_threshold_inc_vat])).toEqual([
      ['postur-pickup', 990, 12_000],
      ['home-delivery', 1990, null],
    ])
    const ids = [...shipping, ...payment].map((row) =>
      'shipping_option_id' in row ? `s${row.shipping_option_id}` : `p${row.payment_option_id}`,
    )
    expect(new Set(ids).size).toBe(ids.length)
    const options = payment.filter((row) => row.market_alias === ICELAND)
    expect(options.length).toBeGreaterThan(0)
    for (const option of options) expect(PAYMENT_KIND_IDS).toContain(option.kind)
    const invoice = options.find((row) => isInvoiced(row.kind))
    if (invoice) {
      expect(invoice.fee_inc_vat).toBe(390)
      // the invoice term is the market's, in the option's name
      expect(JSON.stringify(invoice.display_names)).toContain('10')
    }
  })

  it('prices the shelf in whole krónur ending in 9', () => {
    const price = regularPrices(59.95)[ICELAND] as number
    expect(price).toBe(8_999)
    expect(discountedPrice(ICELAND, price, 30)).toBe(6_299)
  })
})

describe('the mails of a fifth market', () => {
  it('confirm an order in its language, in krónur, with its return window', () => {
    const mail = renderOrderConfirmation({
      orderNumber: '5001',
      language: ICELAND,
      currency: 'ISK' as never,
      email: 'anna@example.is',
      firstName: 'Anna',
      rows: [{ name: 'Svartur kjóll', brand: 'Lumo Studio', size: 'M', quantity: 1, totalIncVat: 8_999 }],
      money: {
        products: 8_999,
        campaignSavings: 0,
        codeDiscount: 0,
        code: null,
        shipping: 990,
        paymentFee: 0,
        balance: 0,
        total: 9_989,
        vat: 1_933,
        vatIncluded: true,
      },
      shippingMethod: 'Pósturinn – pakkaport',
      paymentMethod: 'Kort',
      shippingAddress: {
        firstName: 'Anna',
        lastName: 'Jónsdóttir',
        addressLine1: 'Laugavegur 1',
        zip: '101',
        city: 'Reykjavík',
      },
      shopUrl: 'https://lumo.example',
      returnWindowDays: 30,
    })
    expect(mail.subject).toBe('Pöntunarstaðfesting 5001')
    const text = mail.text.replace(nbsp, ' ')
    expect(text).toContain('9.989 kr.')
    expect(text).not.toMatch(/9\.989,00/)
    expect(text).toContain('Þú hefur 30 daga skilarétt.')
    expect(mail.html).toContain('<html lang="is">')
  })

  it('tell the return window when the order ships', () => {
    const mail = renderNoticeMail({
      kind: 'order-shipped',
      language: ICELAND,
      payload: {
        firstName: 'Anna',
        params: { number: '5001', carrier: 'Pósturinn', trackingNumber: 'IS1', days: '30' },
      },
      shopUrl: 'https://lumo.example',
    })
    expect(mail.text).toContain('Þú hefur 30 daga skilarétt frá afhendingu.')
  })
})
