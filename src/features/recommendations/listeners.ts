/**
 * The behaviour notifications the shop's events send to the search service (docs/product-rules.md#search: "product-
 * detail and click events send click, add-to-cart and favourite add/remove notifications to the
 * recommendation service when a ticket exists"). Clicks are sent by the cards themselves; here:
 * an add-to-cart of a product opened from a search or recommendation (its remembered ticket),
 * and favourites added or removed (by product key, the article number). The client code loads
 * with the first such event, not with the page.
 */
import type { AppStore } from '../../app/store'
import { shopEventRecorded } from '../events/slice'

function articleNumberOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined
  const articleNumber = (value as { articleNumber?: unknown }).articleNumber
  return typeof articleNumber === 'string' && articleNumber !== '' ? articleNumber : undefined
}

export function startSearchNotifications(store: AppStore): () => void {
  const site = () => ({
    market: store.getState().channel.currentMarket,
    locale: store.getState().channel.locale,
  })
  const send = (
    run: (modules: {
      browser: typeof import('../search/browser')
      tickets: typeof import('./tickets')
    }) => void,
  ) =>
    void Promise.all([import('../search/browser'), import('./tickets')]).then(
      ([browser, tickets]) => run({ browser, tickets }),
      () => undefined,
    )

  return store.startListening({
    actionCreator: shopEventRecorded,
    effect: (action) => {
      const { type, payload } = action.payload
      const productKey = articleNumberOf(payload?.product)
      if (!productKey) return
      if (type === 'cart:add') {
        send(({ browser, tickets }) => {
          const ticket = tickets.rememberedTicket(productKey)
          if (ticket) browser.notifyFromBrowser(site(), 'add-to-cart', { ticket })
        })
      } else if (type === 'favorite:add') {
        send(({ browser }) => browser.notifyFromBrowser(site(), 'add-favorite', { productKey }))
      } else if (type === 'favorite:remove') {
        send(({ browser }) => browser.notifyFromBrowser(site(), 'remove-favorite', { productKey }))
      }
    },
  })
}
