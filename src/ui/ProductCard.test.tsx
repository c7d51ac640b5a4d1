// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { renderRoutes } from './test-helpers'
import { ProductCard } from './ProductCard'
import type { ListProduct } from './product-card-data'
import { changeCustomerType } from '../app/global-slice'
import { makeStore } from '../app/store'

afterEach(cleanup)

const PRODUCT: ListProduct = {
  productId: 7,
  alias: 'musta-satiinimekko',
  name: 'Musta satiinimekko',
  canonicalUrl: '/p/musta-satiinimekko',
  brand: { brandId: 1, name: 'Aurinko' },
  productImages: [{ fileName: 'musta-satiinimekko-1.svg' }],
  unitPrice: {
    isDiscounted: true,
    sellingPriceIncVat: 59.95,
    sellingPriceExVat: 47.77,
    regularPriceIncVat: 89,
    regularPriceExVat: 70.92,
    discountPercentage: 33,
    sellingPriceIncVatFormatted: '59,95 €',
    sellingPriceExVatFormatted: '47,77 €',
    regularPriceIncVatFormatted: '89,00 €',
    regularPriceExVatFormatted: '70,92 €',
  },
  lowestPrice: {
    isDiscounted: true,
    discountPercentage: 25,
    comparisonPriceIncVat: 79.95,
    comparisonPriceExVat: 63.71,
    comparisonPriceIncVatFormatted: '79,95 €',
    comparisonPriceExVatFormatted: '63,71 €',
  },
  stockStatus: 'OUT_OF_STOCK',
  badges: ['NEW', 'SUSTAINABLE'],
  incoming: null,
}

function renderCard(product: ListProduct = PRODUCT, store = makeStore()) {
  return renderRoutes([{ path: '*', element: <ProductCard product={product} /> }], { store })
}

describe('ProductCard', () => {
  it('links the brand and name to the product page and shows price, notice and badges', async () => {
    renderCard()
    const link = await screen.findByRole('link', { name: 'Aurinko Musta satiinimekko' })
    expect(link.getAttribute('href')).toBe('/fi/p/musta-satiinimekko')
    expect(screen.getByText('59,95 €')).toBeTruthy()
    expect(screen.getByText('89,00 €').closest('del')).toBeTruthy()
    expect(screen.getByText('Alin hinta viimeisen 30 päivän aikana: 79,95 €')).toBeTruthy()
    const badges = within(screen.getByRole('list', { name: 'Merkinnät' })).getAllByRole('listitem')
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Loppuunmyyty',
      'Uutuus',
      'Vastuullisempi valinta',
    ])
  })

  it('shows ex-VAT prices once the shopper is a business customer', async () => {
    const store = makeStore()
    store.dispatch(changeCustomerType('ORGANIZATION'))
    renderCard(PRODUCT, store)
    expect(await screen.findByText('47,77 €')).toBeTruthy()
    expect(screen.getByText('70,92 €').closest('del')).toBeTruthy()
    expect(screen.getByText('alv 0 %')).toBeTruthy()
    expect(screen.getByText('Alin hinta viimeisen 30 päivän aikana: 63,71 €')).toBeTruthy()
  })

  it('shows a regular price alone, without the notice', async () => {
    const unitPrice = {
      ...PRODUCT.unitPrice!,
      isDiscounted: false,
      sellingPriceIncVat: 89,
      sellingPriceIncVatFormatted: '89,00 €',
    }
    renderCard({ ...PRODUCT, unitPrice })
    expect(await screen.findByText('89,00 €')).toBeTruthy()
    expect(document.querySelector('del')).toBeNull()
    expect(screen.queryByText(/Alin hinta/)).toBeNull()
  })

  it('opens the quickshop for the product', async () => {
    const { store } = renderCard()
    fireEvent.click(await screen.findByRole('button', { name: 'Pikaosto: Aurinko Musta satiinimekko' }))
    expect(store.getState().quickshop).toEqual({ open: true, alias: 'musta-satiinimekko' })
  })
})
