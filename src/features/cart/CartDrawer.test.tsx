// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderRoutes } from '../../ui/test-helpers'
import { makeStore } from '../../app/store'
import { customerTypeSet } from '../../app/global-slice'
import { CartButton } from './CartButton'
import { CartOverlays } from './CartOverlays'
import { addedToCartShown, cartLoaded } from './slice'
import { cartView, item } from './test-cart'

afterEach(cleanup)

const NAME = 'Lumo Studio Musta satiinimekko'
/** the drawer and popup are lazy chunks: the first import may take a moment on a busy machine */
const LAZY = { timeout: 15_000 }

function renderCart(store = makeStore(undefined, { devTools: false })) {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <CartButton />
            <CartOverlays />
          </>
        ),
      },
    ],
    { store },
  )
}

function withCart() {
  const store = makeStore(undefined, { devTools: false })
  store.dispatch(
    cartLoaded(
      cartView({ items: [item({ skuId: 101, quantity: 2 }), item({ skuId: 102, quantity: 5 })] }) as never,
    ),
  )
  return store
}

describe('mini-cart drawer', () => {
  it('opens from the header button as a labelled dialog, takes focus, and gives it back on Escape', async () => {
    renderCart(withCart())
    const button = screen.getByRole('button', { name: 'Ostoskori, 7 tuotetta' })
    button.focus()
    fireEvent.click(button)
    const dialog = await screen.findByRole('dialog', { name: 'Ostoskori' }, LAZY)
    // focus moves once the dialog is on screen, which on a loaded machine is a moment later
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), LAZY)
    expect(button.getAttribute('aria-expanded')).toBe('true')

    expect(screen.getAllByRole('group', { name: `Määrä, ${NAME}` })).toHaveLength(2)
    expect(screen.getAllByRole('button', { name: `Poista ${NAME}` })).toHaveLength(2)
    // size 36 holds all 5 that are left: the threshold message, and no more can be added
    expect(screen.getByText('Ostoskorissasi on jo kaikki jäljellä olevat (5 kpl)')).toBeTruthy()
    const increase = screen.getAllByRole('button', { name: `Lisää yksi: ${NAME}` })
    expect(increase.map((control) => control.getAttribute('aria-disabled'))).toEqual(['false', 'true'])
    expect(screen.getByText('Vielä 9,05 € ilmaiseen toimitukseen')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Siirry kassalle' }).getAttribute('href')).toBe('/fi/kassa')

    fireEvent.keyDown(dialog, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button)
  })

  it('shows business customers the amounts without VAT', async () => {
    const store = withCart()
    store.dispatch(customerTypeSet('ORGANIZATION'))
    renderCart(store)
    fireEvent.click(screen.getByRole('button', { name: 'Ostoskori, 7 tuotetta' }))
    await screen.findByRole('dialog', { name: 'Ostoskori' }, LAZY)
    expect(store.getState().global.vatIncluded).toBe(false)
    expect(screen.getByText('51,67 €')).toBeTruthy()
    expect(screen.getByText(/Hinnat ilman ALV:tä/)).toBeTruthy()
  })

  it('says so when the cart is empty', async () => {
    renderCart()
    fireEvent.click(screen.getByRole('button', { name: 'Ostoskori, tyhjä' }))
    expect(await screen.findByText('Ostoskorisi on tyhjä', {}, LAZY)).toBeTruthy()
  })
})

describe('added-to-cart popup', () => {
  it('shows the line just added and closes with its button', async () => {
    const store = withCart()
    renderCart(store)
    act(() => {
      store.dispatch(addedToCartShown({ skuId: 101, quantity: 2 }))
    })
    const dialog = await screen.findByRole('dialog', { name: 'Lisätty ostoskoriin' }, LAZY)
    expect(dialog.textContent).toContain(NAME)
    expect(dialog.textContent).toContain('Koko: 34')
    fireEvent.click(screen.getByRole('button', { name: 'Jatka ostoksia' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(store.getState().cart.added).toBeNull()
  })
})
