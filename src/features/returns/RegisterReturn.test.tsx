// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import type { ApolloClient } from '@apollo/client'
import { renderRoutes } from '../../ui/test-helpers'
import { RETURN_REASONS } from '../../shared/returns'
import type { ReturnableOrder } from './api'
import { RegisterReturn } from './RegisterReturn'
import fi from '../../../locales/fi.json'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const text = (id: keyof typeof fi) => fi[id]

const ORDER: ReturnableOrder = {
  orderNumber: '1042',
  createdAt: '2026-11-10T10:00:00.000Z',
  deliveredAt: '2026-11-12T10:00:00.000Z',
  returnableUntil: '2026-11-26T10:00:00.000Z',
  returnWindowDays: 14,
  isReturnable: true,
  notReturnableReason: null,
  reasons: [...RETURN_REASONS],
  items: [
    {
      itemId: 7,
      articleNumber: 'LU000001-34',
      name: 'Musta satiinimekko',
      brand: 'Lumo Studio',
      size: '34',
      quantity: 2,
      returnableQuantity: 2,
      unitPriceIncVatFormatted: '59,95 €',
    },
  ],
  returns: [],
}

function renderWith(element: React.ReactNode, query = vi.fn(), mutate = vi.fn()) {
  const apollo = { query, mutate } as unknown as ApolloClient
  renderRoutes([{ path: '*', element }], {
    path: '/fi/rekisteröi-palautus',
    getApollo: () => Promise.resolve(apollo),
  })
  return { query, mutate }
}

describe('RegisterReturn', () => {
  it('lets a signed-in customer pick one of their orders, then registers the chosen items and reasons', async () => {
    const query = vi.fn((_options: { variables: Record<string, unknown> }) =>
      Promise.resolve({ data: { getReturnableOrder: ORDER } }),
    )
    const mutate = vi.fn((_options: { variables: Record<string, unknown> }) =>
      Promise.resolve({
        data: {
          registerReturn: {
            returnNumber: 'R1042-1',
            status: 'registered',
            createdAt: '2026-11-20T10:00:00.000Z',
            receivedAt: null,
            refundedAt: null,
            refundTo: null,
            refundTotalFormatted: null,
            items: [
              {
                itemId: 7,
                name: 'Lumo Studio Musta satiinimekko',
                size: '34',
                quantity: 2,
                reasonCode: 'too-large',
                receivedQuantity: null,
              },
            ],
          },
        },
      }),
    )
    renderWith(
      <RegisterReturn
        customerOrders={[
          { orderNumber: '1043', createdAt: '2026-11-15T10:00:00.000Z' },
          { orderNumber: '1042', createdAt: '2026-11-10T10:00:00.000Z' },
        ]}
        initialOrderNumber="1042"
      />,
      query,
      mutate,
    )
    expect(screen.queryByLabelText(/Sähköposti/)).toBeNull()
    const picked = screen.getByLabelText(text('returns.find.pickOrder')) as HTMLSelectElement
    expect(picked.value).toBe('1042')
    fireEvent.click(screen.getByRole('button', { name: text('returns.find.submit') }))
    expect(await screen.findByRole('heading', { name: 'Tilaus 1042' })).toBeTruthy()
    // the customer's own order: no e-mail is sent
    expect(query.mock.calls[0]?.[0].variables).toEqual({ orderNumber: '1042' })

    fireEvent.click(screen.getByRole('button', { name: text('returns.choose.submit') }))
    expect(screen.getByRole('alert').textContent).toBe(text('returns.error.noItems'))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Palauta Musta satiinimekko' }))
    fireEvent.change(screen.getByLabelText(text('returns.choose.quantity')), { target: { value: '2' } })
    fireEvent.change(screen.getByLabelText(text('returns.choose.reason')), { target: { value: 'too-large' } })
    fireEvent.click(screen.getByRole('button', { name: text('returns.choose.submit') }))
    expect(await screen.findByText('Palautus R1042-1 on rekisteröity.')).toBeTruthy()
    expect(mutate.mock.calls[0]?.[0].variables).toEqual({
      return: { orderNumber: '1042', items: [{ itemId: 7, quantity: 2, reasonCode: 'too-large' }] },
    })
    expect(screen.getByText('2 × Lumo Studio Musta satiinimekko, 34 – Liian suuri')).toBeTruthy()
  })

  it('checks the guest form and explains an order whose window has closed', async () => {
    const query = vi.fn(() =>
      Promise.resolve({
        data: { getReturnableOrder: { ...ORDER, isReturnable: false, notReturnableReason: 'WINDOW_CLOSED' } },
      }),
    )
    renderWith(<RegisterReturn customerOrders={null} />, query)
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text('returns.find.orderNumber')}`)), {
      target: { value: 'abc' },
    })
    fireEvent.click(screen.getByRole('button', { name: text('returns.find.submit') }))
    expect(screen.getByText(text('returns.error.orderNumber'))).toBeTruthy()
    expect(query).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text('returns.find.orderNumber')}`)), {
      target: { value: '1042' },
    })
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text('checkout.email')}`)), {
      target: { value: 'paula@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: text('returns.find.submit') }))
    expect(await screen.findByText(text('returns.notReturnable.WINDOW_CLOSED'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: text('returns.choose.submit') })).toBeNull()
  })

  it('gives the same answer for a wrong number and a wrong e-mail', async () => {
    const notFound = Object.assign(new Error('not found'), {
      errors: [{ message: 'No order matches', extensions: { code: 'NOT_FOUND' } }],
    })
    renderWith(
      <RegisterReturn customerOrders={null} initialOrderNumber="1042" />,
      vi.fn(() => Promise.reject(notFound)),
    )
    fireEvent.change(screen.getByLabelText(new RegExp(`^${text('checkout.email')}`)), {
      target: { value: 'someone@example.com' },
    })
    fireEvent.click(screen.getByRole('button', { name: text('returns.find.submit') }))
    expect((await screen.findByRole('alert')).textContent).toBe(text('returns.error.notFound'))
  })
})
