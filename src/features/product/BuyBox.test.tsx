// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { BuyBox } from './BuyBox'
import type { ProductSku, StockStatus } from './types'

afterEach(cleanup)

function sku(skuId: number, name: string, stockStatus: StockStatus): ProductSku {
  return { skuId, name, articleNumber: `LU1-${name}`, gtin: null, stockStatus, incoming: null, stock: null }
}

const SKUS = [sku(101, '34', 'IN_STOCK'), sku(102, '36', 'FEW_LEFT'), sku(103, '38', 'OUT_OF_STOCK')]

function renderBuyBox(skus: ProductSku[] = SKUS) {
  return renderRoutes([{ path: '*', element: <BuyBox skus={skus} name="test-size" /> }])
}

describe('BuyBox', () => {
  it('asks for a size first and ties the error to the sizes', async () => {
    renderBuyBox()
    fireEvent.click(await screen.findByRole('button', { name: 'Lisää ostoskoriin' }))
    const error = screen.getByRole('alert')
    expect(error.textContent).toBe('Sinun on ensin valittava koko')
    const group = screen.getByRole('radiogroup', { name: 'Valitse koko' })
    expect(group.getAttribute('aria-invalid')).toBe('true')
    expect(group.getAttribute('aria-describedby')).toBe(error.id)
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /^34/ }))

    fireEvent.click(screen.getByRole('radio', { name: /^36/ }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(group.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Koko 36: Vain muutama jäljellä')
  })

  it('offers the back-in-stock sign-up instead of the cart for a sold-out size', async () => {
    renderBuyBox()
    fireEvent.click(await screen.findByRole('radio', { name: /^38/ }))
    expect(await screen.findByRole('textbox', { name: 'Sähköpostiosoite' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Lisää ostoskoriin' })).toBeNull()
  })

  it('chooses the only size of a one-size product without showing a picker', async () => {
    renderBuyBox([sku(501, 'One size', 'STATIC')])
    expect(await screen.findByRole('button', { name: 'Lisää ostoskoriin' })).toBeTruthy()
    expect(screen.queryByRole('radiogroup')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('Koko One size: Varastossa')
  })

  it('shows nothing to buy for a product without sizes', async () => {
    const { container } = renderRoutes([
      {
        path: '*',
        element: (
          <>
            <h1>Tuote</h1>
            <BuyBox skus={[]} name="test-size" />
          </>
        ),
      },
    ])
    await screen.findByRole('heading', { name: 'Tuote' })
    expect(container.querySelector('.buy-box')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Lisää ostoskoriin' })).toBeNull()
  })
})
