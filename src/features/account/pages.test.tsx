// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { ApolloClient } from '@apollo/client'
import { renderRoutes } from '../../ui/test-helpers'
import { passwordDigest } from '../../shared/password-digest'
import type { AccountOrder, AccountOrderSummary } from './api'
import { ResetPasswordForm } from './ResetPasswordForm'
import { OrderList } from './OrderList'
import { OrderDetail } from './OrderDetail'
import fi from '../../../locales/fi.json'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const text = (id: keyof typeof fi) => fi[id]
const field = (id: keyof typeof fi) => screen.getByLabelText(new RegExp(`^${text(id)}( \\*)?$`))

function renderAt(element: React.ReactNode, mutate = vi.fn()) {
  const apollo = { mutate } as unknown as ApolloClient
  renderRoutes([{ path: '*', element }], {
    path: '/fi/tilini/tilaukset',
    getApollo: () => Promise.resolve(apollo),
  })
  return mutate
}

describe('ResetPasswordForm', () => {
  function fillAndSend(password: string, confirmation = password) {
    fireEvent.change(field('account.password.new'), { target: { value: password } })
    fireEvent.change(field('account.password.confirm'), { target: { value: confirmation } })
    fireEvent.click(screen.getByRole('button', { name: text('account.reset.submit') }))
  }

  it('checks the new password and sends its digest with the key', async () => {
    const mutate = renderAt(
      <ResetPasswordForm resetKey={'k'.repeat(43)} />,
      vi.fn((_options: { variables: Record<string, unknown> }) =>
        Promise.resolve({ data: { commitReset: true } }),
      ),
    )
    fillAndSend('lyhyt', 'lyhyt')
    expect(screen.getByText('Salasanassa on oltava vähintään 7 merkkiä')).toBeTruthy()
    expect(mutate).not.toHaveBeenCalled()
    fillAndSend('uusi-salasana')
    expect(await screen.findByText(text('account.reset.done'))).toBeTruthy()
    expect(mutate.mock.calls[0]?.[0].variables).toEqual({
      resetKey: 'k'.repeat(43),
      password: await passwordDigest('uusi-salasana'),
    })
  })

  it('asks for a new link when the key has expired', async () => {
    const expired = Object.assign(new Error('expired'), {
      errors: [{ message: 'expired', extensions: { code: 'ResetKeyExpired' } }],
    })
    renderAt(
      <ResetPasswordForm resetKey={'k'.repeat(43)} />,
      vi.fn(() => Promise.reject(expired)),
    )
    fillAndSend('uusi-salasana')
    expect((await screen.findByRole('alert')).textContent).toBe(text('auth.reset.expired'))
    expect(screen.getByRole('button', { name: text('account.forgot.submit') })).toBeTruthy()
  })

  it('asks for a new link when the address has no key', () => {
    renderAt(<ResetPasswordForm resetKey={null} />)
    expect(screen.getByRole('alert').textContent).toBe(text('account.reset.noKey'))
  })

  it('requests a link for a valid address only, and answers the same either way', async () => {
    const mutate = renderAt(
      <ResetPasswordForm resetKey={null} />,
      vi.fn((_options: { variables: Record<string, unknown> }) =>
        Promise.resolve({ data: { requestPasswordReset: true } }),
      ),
    )
    fireEvent.change(field('checkout.email'), { target: { value: 'aino@' } })
    fireEvent.click(screen.getByRole('button', { name: text('account.forgot.submit') }))
    expect(screen.getByText(text('validation.email'))).toBeTruthy()
    expect(mutate).not.toHaveBeenCalled()
    fireEvent.change(field('checkout.email'), { target: { value: ' aino@example.fi ' } })
    fireEvent.click(screen.getByRole('button', { name: text('account.forgot.submit') }))
    expect(await screen.findByText(text('account.forgot.sent'))).toBeTruthy()
    expect(mutate.mock.calls[0]?.[0].variables).toEqual({ email: 'aino@example.fi' })
  })
})

const SUMMARY: AccountOrderSummary = {
  id: 12,
  publicId: '6b0f8a4e-3c1a-4c55-9d2e-1f2a3b4c5d6e',
  orderNumber: '100012',
  createdAt: '2026-11-20T09:30:00.000Z',
  status: 'processing',
  currency: 'EUR',
  paymentMethod: 'Lasku',
  paymentKind: 'invoice',
  invoiceDueDate: '2026-12-04T09:30:00.000Z',
  isPaid: false,
  orderTotal: { sellingPriceIncVat: 59.9, sellingPriceIncVatFormatted: '59,90 €' },
  returnRequests: [],
}

describe('OrderList', () => {
  it('shows each order’s number, date, status and total, linking to its detail view', () => {
    renderAt(
      <OrderList
        orders={[SUMMARY, { ...SUMMARY, id: 11, publicId: 'x', orderNumber: '100011', status: 'cancelled' }]}
      />,
    )
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByRole('cell', { name: text('account.order.status.processing') })).toBeTruthy()
    expect(within(rows[1]!).getByRole('cell', { name: text('account.order.status.cancelled') })).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Näytä tilaus 100012' })
    expect(link.getAttribute('href')).toBe('/fi/tilini/tilaukset?order=12')
    expect(within(rows[0]!).getByText('59,90 €')).toBeTruthy()
  })

  it('shows where each return of an order is', () => {
    renderAt(
      <OrderList
        orders={[{ ...SUMMARY, returnRequests: [{ returnNumber: 'R12-1', status: 'refunded' }] }]}
      />,
    )
    expect(screen.getByText('Palautus R12-1: Hyvitetty')).toBeTruthy()
  })

  it('says when there are no orders', () => {
    renderAt(<OrderList orders={[]} />)
    expect(screen.getByText(text('account.orders.empty'))).toBeTruthy()
  })
})

describe('OrderDetail', () => {
  const order: AccountOrder = {
    ...SUMMARY,
    status: 'completed',
    email: 'aino@example.fi',
    shippingMethod: 'Posti – noutopiste',
    message: null,
    pickupPoint: null,
    deliveryEstimate: null,
    shippingAddress: {
      firstName: 'Aino',
      lastName: 'Virtanen',
      company: '',
      careOf: '',
      addressLine1: 'Mannerheimintie 1',
      addressLine2: '',
      zip: '00100',
      city: 'Helsinki',
      country: 'FI',
    },
    billingAddress: null,
    cart: {
      promoCode: 'WELCOME15',
      summary: {
        subTotal: {
          sellingPriceIncVat: 59.9,
          sellingPriceExVat: 47.73,
          regularPriceIncVat: 79.9,
          regularPriceExVat: 63.67,
        },
        fees: { shippingFeeIncVat: 4.9, shippingFeeExVat: 3.9, paymentFeeIncVat: 0, paymentFeeExVat: 0 },
        balance: {
          pending: 0,
          totalSellingPriceExBalanceIncVat: 55.81,
          totalSellingPriceExBalanceExVat: 44.47,
        },
        // 20,00 € of campaign prices and 8,99 € off with the code
        total: {
          sellingPriceIncVat: 55.81,
          sellingPriceExVat: 44.47,
          discountIncVat: 28.99,
          discountExVat: 23.1,
          vat: 11.34,
        },
      },
      items: [
        {
          id: '1',
          skuId: 501,
          quantity: 2,
          totalPrice: { sellingPriceIncVatFormatted: '59,90 €' },
          product: {
            name: 'Musta satiinimekko',
            alias: 'musta-satiinimekko',
            articleNumber: 'LM-1',
            brand: { name: 'Lumo' },
            productImages: [],
            skus: [{ skuId: 501, name: 'M' }],
          },
        },
      ],
    },
    shippingFee: { sellingPriceIncVatFormatted: '4,90 €' },
    paymentFee: null,
    shippingDetails: [
      {
        id: 1,
        name: 'Posti',
        parcelNumber: 'JJFI123',
        shippingDate: null,
        trackingLink: 'https://posti.fi/t/JJFI123',
      },
    ],
    returns: [{ id: 7, articleNumber: 'LM-1', createdAt: '2026-11-21T10:00:00.000Z', reason: 'Liian pieni' }],
    refunds: [
      {
        id: 1,
        articleNumber: 'LM-1',
        createdAt: '2026-11-22T10:00:00.000Z',
        reason: 'Liian pieni',
        toBalance: true,
        total: 29.95,
      },
    ],
    deliveredAt: null,
    returnableUntil: null,
    returnRequests: null,
  }

  it('shows the items, the shipping with its tracking link, and the refunds', () => {
    renderAt(<OrderDetail order={order} />)
    expect(screen.getByRole('heading', { name: 'Tilaus 100012' })).toBeTruthy()
    expect(screen.getByText(text('account.order.status.completed'))).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Musta satiinimekko' }).getAttribute('href')).toBe(
      '/fi/p/musta-satiinimekko',
    )
    expect(screen.getByText('Koko M')).toBeTruthy()
    expect(screen.getByText('2 kpl')).toBeTruthy()
    expect(screen.getByText('Posti – noutopiste')).toBeTruthy()
    const tracking = screen.getByRole('link', { name: 'Seuraa lähetystä JJFI123' })
    expect(tracking.getAttribute('href')).toBe('https://posti.fi/t/JJFI123')
    expect(tracking.getAttribute('rel')).toBe('noopener noreferrer')
    expect(
      screen.getByText(/22\.11\.2026: hyvitys 29,95\s€ \(LM-1\) – Liian pieni, hyvitetty saldollesi/),
    ).toBeTruthy()
    expect(screen.getByText('21.11.2026: palautus rekisteröity (LM-1) – Liian pieni')).toBeTruthy()
    expect(
      screen.getByRole('link', { name: text('account.order.registerReturn') }).getAttribute('href'),
    ).toBe('/fi/rekister%C3%B6i-palautus?order=100012')
  })

  it('shows an invoice order as an invoice: number, dates, amount due, state, billed-to address and a print button', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined)
    renderAt(<OrderDetail order={order} />)
    const invoice = screen.getByRole('region', { name: 'Lumo · Lasku' })
    const facts = Object.fromEntries(
      [...invoice.querySelectorAll('dl > div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent?.replace(/\s/g, ' '),
      ]),
    )
    expect(facts).toMatchObject({
      'Laskun numero': '100012',
      'Laskun päiväys': '20.11.2026',
      Eräpäivä: '4.12.2026',
      Maksettava: '59,90 €',
      Laskutusosoite: expect.stringContaining('Mannerheimintie 1'),
    })
    expect(['Maksamatta', 'Erääntynyt']).toContain(facts['Maksun tila'])
    fireEvent.click(within(invoice).getByRole('button', { name: 'Tulosta lasku' }))
    expect(print).toHaveBeenCalledOnce()
    print.mockRestore()
  })

  it('shows no invoice for a card order or a cancelled invoice order', () => {
    renderAt(<OrderDetail order={{ ...order, paymentKind: 'card', invoiceDueDate: null }} />)
    expect(screen.queryByRole('region', { name: 'Lumo · Lasku' })).toBeNull()
    cleanup()
    renderAt(<OrderDetail order={{ ...order, status: 'cancelled' }} />)
    expect(screen.queryByRole('region', { name: 'Lumo · Lasku' })).toBeNull()
  })

  it('shows the money rows the checkout showed: campaign prices in the lines, the code as a row, rows adding up to the total', () => {
    renderAt(<OrderDetail order={order} />)
    const rows = [...document.querySelectorAll<HTMLElement>('[data-money-row]')].map((row) => [
      row.dataset['moneyRow'],
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent?.replace(/\s/g, ' '),
    ])
    expect(rows).toEqual([
      ['products', 'Tuotteet', '59,90 €'],
      ['promotionCode', 'Alennuskoodi WELCOME15', '−8,99 €'],
      ['shipping', 'Toimitus', '4,90 €'],
      ['total', 'Yhteensä', '55,81 €'],
    ])
    expect(document.querySelector('.money__savings')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Säästät kampanjahinnoilla 20,00 €',
    )
  })

  it('shows each return with its number, items, reasons, state and refund', () => {
    renderAt(
      <OrderDetail
        order={{
          ...order,
          deliveredAt: '2026-11-21T08:00:00.000Z',
          returnableUntil: '2026-12-05T08:00:00.000Z',
          returnRequests: [
            {
              returnNumber: 'R12-1',
              status: 'refunded',
              createdAt: '2026-11-22T10:00:00.000Z',
              receivedAt: '2026-11-24T10:00:00.000Z',
              refundedAt: '2026-11-24T10:00:00.000Z',
              refundTo: 'payment',
              refundTotalFormatted: '29,95 €',
              items: [
                {
                  itemId: 1,
                  name: 'Lumo Musta satiinimekko',
                  size: 'M',
                  quantity: 1,
                  reasonCode: 'too-small',
                  receivedQuantity: 1,
                },
              ],
            },
          ],
        }}
      />,
    )
    expect(screen.getByText('Palautusaika päättyy 5.12.2026.')).toBeTruthy()
    expect(screen.getByText('Palautus R12-1')).toBeTruthy()
    expect(screen.getByText(text('returns.status.refunded'))).toBeTruthy()
    expect(screen.getByText('1 × Lumo Musta satiinimekko, M – Liian pieni')).toBeTruthy()
    expect(screen.getByText('Hyvitetty 29,95 € alkuperäiselle maksutavalle')).toBeTruthy()
  })

  it('says when there is no tracking and nothing was returned', () => {
    renderAt(<OrderDetail order={{ ...order, shippingDetails: [], returns: [], refunds: [] }} />)
    expect(screen.getByText(text('account.order.noTracking'))).toBeTruthy()
    expect(screen.getByText(text('account.order.noReturns'))).toBeTruthy()
  })
})
