import { describe, expect, it, vi } from 'vitest'
import { makeStore } from '../../app/store'
import { toggleFavorite } from '../../app/global-slice'
import { startSearchNotifications } from './listeners'

const notifyFromBrowser = vi.fn()
vi.mock('../search/browser', () => ({
  notifyFromBrowser: (...args: unknown[]) => notifyFromBrowser(...args),
}))

/** The listener imports the notification modules lazily: let those imports and callbacks settle. */
async function settled() {
  await import('../search/browser')
  await import('./tickets')
  await new Promise((resolve) => setImmediate(resolve))
}

describe('search notifications from the shop events', () => {
  it('a favourite toggled on a list card (the card fragment carries articleNumber) notifies add- and remove-favorite', async () => {
    const store = makeStore()
    const stop = startSearchNotifications(store)
    // what <CardFavouriteToggle> passes: the card's ListProductFields product
    const card = { productId: 7, articleNumber: 'LU000007', name: 'Mekko', brand: { name: 'Nova' } }
    store.dispatch(toggleFavorite(7, card))
    await settled()
    expect(notifyFromBrowser).toHaveBeenLastCalledWith(expect.anything(), 'add-favorite', {
      productKey: 'LU000007',
    })
    store.dispatch(toggleFavorite(7, card))
    await settled()
    expect(notifyFromBrowser).toHaveBeenLastCalledWith(expect.anything(), 'remove-favorite', {
      productKey: 'LU000007',
    })
    stop()
  })

  it('a product without an article number sends nothing', async () => {
    notifyFromBrowser.mockClear()
    const store = makeStore()
    const stop = startSearchNotifications(store)
    store.dispatch(toggleFavorite(8, { productId: 8, name: 'Takki' }))
    await settled()
    expect(notifyFromBrowser).not.toHaveBeenCalled()
    stop()
  })
})
