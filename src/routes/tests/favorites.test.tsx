// @vitest-environment jsdom
/**
 * The favourites page: the saved products from the commerce API in the favourites' order, removal
 * from the page, the empty state, and a failed fetch with a retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { ApolloClient, ApolloLink, InMemoryCache, Observable } from '@apollo/client'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { App } from '../../app/App'
import { makeStore } from '../../app/store'
import { favoritesSet } from '../../app/global-slice'
import { channelInitialised } from '../../features/channel/slice'
import { shopSite, TEST_MESSAGES } from '../../ui/test-helpers'
import { Component as FavoritesPage } from '../favorites'

afterEach(cleanup)

function product(productId: number, name: string) {
  const price = {
    __typename: 'PriceType',
    isDiscounted: false,
    sellingPriceIncVat: 49.95,
    sellingPriceExVat: 39.8,
    regularPriceIncVat: 49.95,
    regularPriceExVat: 39.8,
    discountPercentage: 0,
    sellingPriceIncVatFormatted: '49,95 €',
    sellingPriceExVatFormatted: '39,80 €',
    regularPriceIncVatFormatted: '49,95 €',
    regularPriceExVatFormatted: '39,80 €',
  }
  return {
    __typename: 'ProductType',
    productId,
    alias: `tuote-${productId}`,
    name,
    canonicalUrl: `/p/tuote-${productId}`,
    brand: { __typename: 'BrandType', brandId: 1, name: 'Aurinko' },
    productImages: [{ __typename: 'ProductImageType', fileName: `tuote-${productId}.svg` }],
    unitPrice: price,
    lowestPrice: null,
    stockStatus: 'IN_STOCK',
    badges: [],
    incoming: null,
  }
}

const CATALOGUE = new Map([
  [1, product(1, 'Musta satiinimekko')],
  [2, product(2, 'Punainen villakangastakki')],
  [3, product(3, 'Valkoiset tennarit')],
])

function renderFavourites(favorites: (number | string)[], answer?: (ids: number[]) => unknown) {
  const requests: number[][] = []
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const ids = (operation.variables.productIds as number[] | undefined) ?? []
        requests.push(ids)
        const result = answer
          ? answer(ids)
          : {
              data: {
                products: {
                  __typename: 'ProductsResultType',
                  products: ids.flatMap((id) => CATALOGUE.get(id) ?? []),
                },
              },
            }
        if (result instanceof Error) observer.error(result)
        else {
          observer.next(result as never)
          observer.complete()
        }
      }),
  )
  const apollo = new ApolloClient({ cache: new InMemoryCache(), link })
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(channelInitialised({ market: 'fi', checkoutMarket: 'fi', locale: 'fi', urlMode: 'path' }))
  store.dispatch(favoritesSet(favorites))
  const site = shopSite('fi', 'fi')
  const router = createMemoryRouter([{ path: '*', Component: FavoritesPage }], {
    initialEntries: ['/fi/suosikkeja'],
    basename: site.basename,
  })
  render(
    <App store={store} getApollo={() => Promise.resolve(apollo)} site={site} messages={TEST_MESSAGES.fi}>
      <RouterProvider router={router} />
    </App>,
  )
  return { store, requests }
}

const cardNames = () =>
  within(screen.getByRole('region', { name: /tallennettua tuotetta|tallennettu tuote/ }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

describe('favourites page', () => {
  it('shows the saved products newest first, skipping ids the shop no longer has', async () => {
    const { requests } = renderFavourites([3, 99, 1, 'not-a-product'])
    expect(await screen.findByRole('heading', { level: 2, name: '2 tallennettua tuotetta' })).toBeTruthy()
    expect(cardNames()).toEqual(['Aurinko Valkoiset tennarit', 'Aurinko Musta satiinimekko'])
    expect(requests).toEqual([[3, 99, 1]])
    expect(screen.getByRole('link', { name: 'Aurinko Valkoiset tennarit' }).getAttribute('href')).toBe(
      '/fi/p/tuote-3',
    )
  })

  it('takes a product off the page when its heart is released, and says so', async () => {
    const { store, requests } = renderFavourites([2, 1])
    const heart = await screen.findByRole('button', { name: 'Suosikki: Aurinko Punainen villakangastakki' })
    expect(heart.getAttribute('aria-pressed')).toBe('true')
    fireEvent.click(heart)
    expect(store.getState().global.favorites).toEqual([1])
    expect(await screen.findByRole('heading', { level: 2, name: '1 tallennettu tuote' })).toBeTruthy()
    expect(cardNames()).toEqual(['Aurinko Musta satiinimekko'])
    expect(screen.getByRole('status').textContent).toBe('Punainen villakangastakki poistettiin suosikeista.')
    expect(store.getState().events.queue.at(-1)?.type).toBe('favorite:remove')
    expect(requests).toHaveLength(1)
  })

  it('fetches only a product added in another tab', async () => {
    const { store, requests } = renderFavourites([1])
    await screen.findByRole('heading', { level: 2, name: '1 tallennettu tuote' })
    store.dispatch({ ...favoritesSet([2, 1]), meta: { fromOtherTab: true } })
    expect(await screen.findByRole('heading', { level: 2, name: '2 tallennettua tuotetta' })).toBeTruthy()
    expect(requests).toEqual([[1], [2]])
  })

  it('helps the shopper on when nothing is saved', async () => {
    const { requests } = renderFavourites([])
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sinulla ei ole vielä suosikkeja' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Uutuudet' }).getAttribute('href')).toBe('/fi/uutuudet')
    expect(screen.getByRole('link', { name: 'Mekot' }).getAttribute('href')).toBe('/fi/c/mekot')
    expect(requests).toEqual([])
  })

  it('offers a retry when the products cannot be fetched', async () => {
    let fail = true
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    renderFavourites([1], (ids) =>
      fail
        ? new Error('network down')
        : {
            data: {
              products: { __typename: 'ProductsResultType', products: ids.map((id) => CATALOGUE.get(id)) },
            },
          },
    )
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Suosikkejasi ei voitu hakea juuri nyt.')
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Yritä uudelleen' }))
    expect(await screen.findByRole('heading', { level: 2, name: '1 tallennettu tuote' })).toBeTruthy()
    vi.restoreAllMocks()
  })
})
